/** Reminders: a new one is the signed-in user's own (the server does the same when the owner is absent). */
import type { KindModule } from './types.ts';

export const reminders: KindModule = {
  type: 'reminders',
  newRecordDefaults: (user) => ({ 'relationships.userId': user.id }),
};
