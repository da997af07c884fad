/**
 * Server hooks of technicians' qualifications (issue 25): a qualification belongs to a member of the
 * staff (never to a customer's user), and its renewal deadline follows it on the deadlines worklist
 * (support/technician-qualifications.ts).
 */
import { Problem } from '../http/problems.ts';
import { defineKindHooks } from '../resources/hooks.ts';
import { syncRenewalDeadline } from './support/technician-qualifications.ts';

/** The refusal of a qualification given to someone who is not a technician of the provider. */
export const NOT_A_TECHNICIAN = 'La qualifica si registra per un tecnico del personale (interno o esterno), non per un utente di un cliente';

export const technicianQualificationsKind = defineKindHooks('technicianQualifications', {
  async beforeWrite(hook, data, previous) {
    const userId = String(data.relationships.userId ?? '');
    if (previous && previous.relationships.userId === userId) return;
    const user = await hook.repository('users').findById(userId);
    // A missing user is the references check's (422 referenceNotFound).
    if (user && user.attributes.userType === 'customer') {
      throw new Problem('VALIDATION_FAILED', { message: NOT_A_TECHNICIAN, errors: [{ pointer: '/relationships/userId', code: 'notATechnician', message: NOT_A_TECHNICIAN }] });
    }
  },
  // The renewal on the deadlines worklist (module doc), in the same transaction.
  afterWrite: (hook, entity) => syncRenewalDeadline(hook, entity),
});
