/** Server hooks of commercial agreements: the figures of the customer they belong to (and of the one they left) follow them. */
import { defineKindHooks } from '../resources/hooks.ts';
import { refreshOwners } from './support/customer-figures.ts';

export const commercialAgreementsKind = defineKindHooks('commercialAgreements', { afterWrite: refreshOwners((entity) => entity.relationships.customerId) });
