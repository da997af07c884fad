/** Server hooks of reminders: a reminder without an owner is the caller's own (issue 12 "the owner defaults to me"). */
import type { KindHooks } from '../resources/hooks.ts';
import { Problem } from '../http/problems.ts';

export const reminderHooks: Record<string, KindHooks> = {
  reminders: {
    async beforeWrite(hook, data, previous) {
      if (data.relationships.userId) return;
      // An update keeps its owner (a merge patch cannot empty a required link); a create gets the caller.
      const owner = previous?.relationships.userId ?? hook.call.identity.userId;
      if (!owner) throw new Problem('VALIDATION_FAILED', { errors: [{ pointer: '/relationships/userId', code: 'required', message: 'Obbligatorio' }] });
      return { ...data, relationships: { ...data.relationships, userId: owner } };
    },
  },
};
