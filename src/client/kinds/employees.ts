/** Customers' employees: their page names the employing customer too (`/customers/employees/{employeeId}/{employeeCustomerId}`). */
import type { KindModule } from './types.ts';

export const employees: KindModule = {
  type: 'employees',
  recordParams: { employeeCustomerId: 'relationships.customerId' },
};
