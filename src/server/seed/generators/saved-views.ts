/**
 * Saved views the next issues build on (issue 7), owned by the demo administrator and shared with
 * the roles that work them: the approval queue of the sales managers and the planners' overdue
 * deadlines. `today` in a query is resolved by the client when the view opens (saved-views.ts).
 */
import type { SeedContext } from '../seed-context.ts';
import { stateOf } from './state.ts';

export async function seedSavedViews(ctx: SeedContext): Promise<Record<string, number>> {
  const state = stateOf(ctx);
  const role = (name: string) => state.roleIds.get(name);
  const shared = (...names: string[]) => names.map(role).filter((id): id is string => id !== undefined);
  const ids = await ctx.insert('savedViews', [
    {
      // The request's message beside the amount: what the approver decides on.
      attributes: {
        name: 'Preventivi da approvare', path: '/marketing/quotations',
        query: 'filter[status]=to-be-approved&sort=-date&cols=title,customerName,totalNetPrice,approvalMessage,approvalRequestedBy,approvalRequestedAt',
      },
      relationships: { userId: state.adminId, sharedRoleIds: shared('Responsabile commerciale') },
    },
    {
      attributes: { name: 'Scadenze superate', path: '/planning/physicalActivities', query: 'filter[isExecuted]=false&to[deadlineDate]=today-1&sort=deadlineDate' },
      relationships: { userId: state.adminId, sharedRoleIds: shared('Pianificatore', 'Operatore') },
    },
  ]);
  return { 'viste salvate': ids.length };
}
