/**
 * Customers' employees: their page names the employing customer too (`/customers/employees/{employeeId}/{employeeCustomerId}`),
 * and shows under the form what the employee's safety roles require (compliance) and the training record
 * (courses attended, certificates, next refreshers).
 */
import { lazyComponent } from '../lazy-component.ts';
import type { KindModule } from './types.ts';

const EmployeeTraining = lazyComponent(async () => ({ default: (await import('../training/employee-training.tsx')).EmployeeTraining }));

export const employees: KindModule = {
  type: 'employees',
  recordParams: { employeeCustomerId: 'relationships.customerId' },
  screen: { below: EmployeeTraining },
};
