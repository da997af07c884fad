/**
 * Customers' employees: their page names the employing customer too (`/customers/employees/{employeeId}/{employeeCustomerId}`),
 * and shows the employee's training record under the form (courses attended, certificates, next refreshers).
 */
import { lazy } from 'react';
import type { KindModule } from './types.ts';

const TrainingRecord = lazy(() => import('../course-editions/training-record.tsx').then((module) => ({ default: module.TrainingRecord })));

export const employees: KindModule = {
  type: 'employees',
  recordParams: { employeeCustomerId: 'relationships.customerId' },
  screen: { below: TrainingRecord },
};
