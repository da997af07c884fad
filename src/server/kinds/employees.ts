/** Server hooks of employees: one employee per fiscal code within a company (SPEC §5). */
import { defineKindHooks } from '../resources/hooks.ts';
import { requireUnique } from './support/hook-helpers.ts';

export const employeesKind = defineKindHooks('employees', {
  async beforeWrite(hook, data, _previous, id) {
    // One employee per fiscal code within a company (SPEC §5 message).
    await requireUnique(hook, data, id, 'fiscalCode', 'EMPLOYEE_ALREADY_EXISTS', () => 'Esiste già un dipendente con questo codice fiscale', (other) => other.relationships.customerId === data.relationships.customerId);
  },
});
