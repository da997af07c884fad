/** Server hooks of quotation revisions: a revision is made by its quotation's `createRevision` only, and is read-only but for its reason. */
import { Problem } from '../http/problems.ts';
import { defineKindHooks } from '../resources/hooks.ts';
import { sameJson } from './support/hook-helpers.ts';

export const quotationRevisionsKind = defineKindHooks('quotationRevisions', {
  /**
   * OCA sale_order_revision: an old revision is kept read-only. Revisions are made by the quotation's
   * `createRevision` transition only; afterwards only the reason may be written (`update` on revisions).
   */
  async beforeWrite(_hook, data, previous) {
    if (!previous) throw new Problem('QUOTATION_REVISION_READ_ONLY', { message: 'Le revisioni si creano con l’azione «Crea revisione» del preventivo' });
    const frozen = ['revisionNumber', 'snapshot', 'createdFromStatus'].filter((key) => !sameJson(data.attributes[key], previous.attributes[key]));
    if (frozen.length > 0 || !sameJson(data.relationships, previous.relationships)) {
      throw new Problem('QUOTATION_REVISION_READ_ONLY', {
        errors: (frozen.length > 0 ? frozen : ['quotationId']).map((key) => ({ pointer: frozen.length > 0 ? `/attributes/${key}` : '/relationships/quotationId', code: 'readOnly', message: 'Una revisione è di sola lettura: si può cambiare solo il motivo' })),
      });
    }
  },
});
