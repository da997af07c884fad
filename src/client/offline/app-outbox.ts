/**
 * The outbox as the app will use it (issue 25): the signed-in user's store, sending through the
 * app's one HTTP client (`api`: its token, refresh, impersonation header and problem parsing) and,
 * after each write the server answered, refreshing the screens' cache exactly as an online write
 * does (data/records.ts `invalidateAfterWrite`). Not imported by the app's entry: the offline screens
 * that come next load it lazily, so the first load's budget is untouched.
 */
import { api } from '../api/client.ts';
import { queryClient } from '../api/query-client.ts';
import { invalidateAfterWrite } from '../data/records.ts';
import { readImpersonation } from '../session/impersonation-state.ts';
import { openOfflineDb } from './db.ts';
import { createOutbox, type Outbox, type OutboxOptions } from './outbox.ts';

/**
 * Opens `userId`'s outbox. While an administrator impersonates someone else in this browser the
 * writes would be made as that person, so the queue is not sent (it belongs to the user who made it).
 */
export async function openAppOutbox(userId: string, options: Partial<Omit<OutboxOptions, 'db' | 'http'>> = {}): Promise<Outbox> {
  const db = await openOfflineDb(userId);
  return createOutbox({
    db,
    http: api,
    isCurrentUser: () => !readImpersonation(),
    onApplied: (type, entity) => invalidateAfterWrite(type, entity.id, [], entity, queryClient),
    // A refused write: the screens read the record again, through the device (its local change undone, or the office's version).
    onRefused: (type, id) => invalidateAfterWrite(type, id, [], undefined, queryClient),
    ...options,
  });
}
