/**
 * Customers' employees: their page names the employing customer too (`/customers/employees/{employeeId}/{employeeCustomerId}`),
 * and shows under the form what the employee's safety roles require (compliance) and the training record
 * (courses attended, certificates, next refreshers).
 */
import { lazy } from 'react';
import type { KindModule } from './types.ts';

const EmployeeTraining = lazy(() => import('../training/employee-training.tsx').then((module) => ({ default: module.EmployeeTraining })));

export const employees: KindModule = {
  type: 'employees',
  recordParams: { employeeCustomerId: 'relationships.customerId' },
  screen: { below: EmployeeTraining },
};
