/** Server hooks of quotation revisions: a revision is made by its quotation's `createRevision` only, and is read-only but for its reason. */
import { DEPENDENT_RULE_REASONS } from '../../domain/ability.ts';
import { quotations } from '../../domain/entities/quotations.ts';
import { Problem } from '../http/problems.ts';
import { defineKindHooks } from '../resources/hooks.ts';
import { sameJson } from './support/hook-helpers.ts';

export const quotationRevisionsKind = defineKindHooks('quotationRevisions', {
  /**
   * OCA sale_order_revision: an old revision is kept read-only. Revisions are made by the quotation's
   * `createRevision` transition only; afterwards only the reason may be written (`update` on revisions).
   * SPEC §6 `updateRevision` is the quotation's: a caller with no such rule at all has no `update` on
   * revisions (domain/ability.ts dependentRules); one whose rule is limited to some quotations (the ones
   * they are responsible for) is judged here on the revision's own quotation, the one row that rule
   * can be matched against.
   */
  async beforeWrite(hook, data, previous) {
    if (!previous) throw new Problem('QUOTATION_REVISION_READ_ONLY', { message: 'Le revisioni si creano con l’azione «Crea revisione» del preventivo' });
    const frozen = ['revisionNumber', 'snapshot', 'createdFromStatus'].filter((key) => !sameJson(data.attributes[key], previous.attributes[key]));
    if (frozen.length > 0 || !sameJson(data.relationships, previous.relationships)) {
      throw new Problem('QUOTATION_REVISION_READ_ONLY', {
        errors: (frozen.length > 0 ? frozen : ['quotationId']).map((key) => ({ pointer: frozen.length > 0 ? `/attributes/${key}` : '/relationships/quotationId', code: 'readOnly', message: 'Una revisione è di sola lettura: si può cambiare solo il motivo' })),
      });
    }
    const quotationId = previous.relationships.quotationId;
    const quotation = typeof quotationId === 'string' ? await hook.repository('quotations').findById(quotationId) : undefined;
    if (!quotation || !hook.call.access.can('updateRevision', quotations, quotation)) {
      throw new Problem('FORBIDDEN', { message: DEPENDENT_RULE_REASONS.updateRevision });
    }
  },
});
