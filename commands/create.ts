/**
 * «Nuovo …» (DESIGN §4): one palette command per kind that has a record page of its own, shown only
 * to whom the ability lets create that kind from its page (`mayCreate`: not an Operatore's anomaly, made
 * only from a failed check) and whose modules open the page.
 * Each opens the kind's create flow (`…/new`: the dedicated screen its module names, else the form).
 * Kinds made inside a parent (an employee in its customer, a price list of its customer) are created there.
 */
import type { Command } from './types.ts';
import { formatText } from './text.ts';
import { kindList } from '../src/domain/kinds.ts';
import { mayCreate } from '../src/domain/create-ability.ts';
import { entityUrl, matchRoute, routeModules, routeOpenTo } from '../src/domain/routes.ts';

/** The id of a record not stored yet in a URL (the record layer's NEW_ID). */
const NEW_ID = 'new';

const group = { id: 'commands.group.create' };

/** The «Nuovo …» command of each kind with a page of its own, in the order of the kinds. */
export const createCommands: Command[] = kindList.flatMap((kind): Command[] => {
  const url = entityUrl(kind.type, NEW_ID);
  const match = url ? matchRoute(url) : undefined;
  if (!url || !match) return [];
  const modules = routeModules(match.route, match.params);
  return [{
    id: `create.${kind.type}`,
    // Read when shown, once the client's messages are installed («Nuovo preventivo», «Nuova attrezzatura»).
    get title() {
      return formatText({ id: `commands.create.${kind.type}` });
    },
    group,
    get keywords() {
      return [formatText({ id: 'commands.create.keyword' }), kind.label.singular, kind.label.plural];
    },
    href: url,
    can: ['create', kind.subject],
    // A staff screen is never a customer user's (its service requests are opened from its portal).
    when: (ctx) => mayCreate(ctx.ability, kind.subject) && routeOpenTo(match.route, ctx.identity.userType) && (!match.route.can || ctx.ability.can(match.route.can[0], match.route.can[1])) && (!modules || modules.some((module) => ctx.identity.allowedModules.includes(module))),
    run: (ctx) => ctx.workspace.openTab(url),
  }];
});
