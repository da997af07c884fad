/**
 * Customers' employees: their page names the employing customer too (`/customers/employees/{employeeId}/{employeeCustomerId}`),
 * and shows under the form what the employee's safety roles require (compliance), the training record
 * (courses attended, certificates, next refreshers), and the visits of health surveillance (module med:
 * judgement, date, next visit; «Nuovo» presets the employee) for whoever may read them.
 */
import { createElement } from 'react';
import { lazyComponent } from '../lazy-component.ts';
import type { KindModule } from './types.ts';

const EmployeeTraining = lazyComponent(async () => ({ default: (await import('../training/employee-training.tsx')).EmployeeTraining }));
const RowsBelow = lazyComponent(async () => ({ default: (await import('../screens/form-screen.tsx')).RowsBelow }));

export const employees: KindModule = {
  type: 'employees',
  recordParams: { employeeCustomerId: 'relationships.customerId' },
  screen: {
    below: ({ id }) => createElement('div', { className: 'employee-below' },
      createElement(EmployeeTraining, { id }),
      createElement(RowsBelow, { type: 'healthSurveillanceVisits', fixed: { 'filter[employeeId]': id } })),
  },
};
