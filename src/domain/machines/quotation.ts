/**
 * Quotation lifecycle (SPEC §4: request approval, approve, emit, accept, reject or cancel, create
 * revision; the SPEC leaves the precise transitions to us). A discount above the customer's
 * maximum (SPEC §5/§9) must be approved before the quotation can be emitted; accepting needs
 * the signed quotation attached. Duplicate is not a transition: the server makes a new draft.
 */
import { quotationStatuses } from '../enum-values.ts';
import type { EntityShape } from '../kind.ts';
import type { GuardContext, GuardFailure } from '../machine.ts';
import { DEFAULT_MAX_DISCOUNT_PERCENT, needsApproval } from '../rules/discount.ts';
import { defineMachine, describedGuard, formatPercent } from './define.ts';

/** Longest message a salesman may send with a request for approval (a few sentences; a reminder's note holds it whole). */
export const APPROVAL_MESSAGE_MAX_LENGTH = 1000;

/** A revision's reason is stored in `quotationRevisions.attributes.reason` (at most 2000 characters). */
const REVISION_REASON_MAX_LENGTH = 2000;

export type QuotationStatus = (typeof quotationStatuses)[number];

export const quotationStateLabels: Record<QuotationStatus, string> = {
  'to-be-created': 'Da creare',
  draft: 'Bozza',
  'to-be-approved': 'Da approvare',
  approved: 'Approvato',
  issued: 'Emesso',
  accepted: 'Accettato',
  'not-accepted': 'Non accettato',
  revision: 'In revisione',
};

/** One line per state for the README and the help overlay. */
export const quotationStateDescriptions: Record<QuotationStatus, string> = {
  'to-be-created': 'Richiesta registrata: il preventivo non è ancora stato redatto.',
  draft: 'In redazione: si modifica liberamente.',
  'to-be-approved': 'Lo sconto supera il massimo consentito: attende l’approvazione.',
  approved: 'Sconto approvato: il preventivo può essere emesso.',
  issued: 'Inviato al cliente, in attesa di risposta.',
  accepted: 'Accettato dal cliente, con il preventivo firmato allegato.',
  'not-accepted': 'Rifiutato dal cliente o annullato; se ne può creare una revisione.',
  revision: 'Nuova revisione in redazione dopo l’emissione.',
};

/** The discount the server derived from the products (metadata.discountPercent); none yet means 0. */
function discountOf(entity: EntityShape): number {
  const value = entity.metadata.discountPercent;
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

const maxDiscountOf = (ctx: GuardContext) => ctx.maxDiscountPercent ?? DEFAULT_MAX_DISCOUNT_PERCENT;

/** Emitting straight from draft or revision is for discounts within the maximum. */
const discountWithinMaximum = describedGuard('Sconto non superiore al massimo consentito (altrimenti serve l’approvazione)', (entity, ctx): GuardFailure | null => {
  const discount = discountOf(entity);
  const max = maxDiscountOf(ctx);
  if (!needsApproval(discount, max)) return null;
  return {
    code: 'APPROVAL_REQUIRED',
    message: `Lo sconto del ${formatPercent(discount)}% supera il massimo del ${formatPercent(max)}%: il preventivo deve essere approvato prima dell’emissione`,
  };
});

/** Asking for an approval nobody needs would only wait on an approver. */
const discountAboveMaximum = describedGuard('Sconto superiore al massimo consentito', (entity, ctx): GuardFailure | null => {
  const discount = discountOf(entity);
  const max = maxDiscountOf(ctx);
  if (needsApproval(discount, max)) return null;
  return {
    code: 'APPROVAL_NOT_NEEDED',
    message: `Lo sconto del ${formatPercent(discount)}% non supera il massimo del ${formatPercent(max)}%: il preventivo si può emettere senza approvazione`,
  };
});

/** SPEC §4: accepting requires an attached signed quotation. */
const signedQuotationAttached = describedGuard('Preventivo firmato allegato', (entity, ctx): GuardFailure | null => {
  const attachments = entity.attributes.attachments;
  const attached = Array.isArray(attachments) && attachments.some((a: unknown) => (a as { kind?: unknown } | null)?.kind === 'signedQuotation');
  // The server may count signed copies stored elsewhere (e.g. in the media tree) and pass the count.
  if (attached || (ctx.related?.signedQuotationAttachments ?? 0) > 0) return null;
  return { code: 'SIGNED_QUOTATION_REQUIRED', message: 'Per accettare il preventivo è necessario allegare il preventivo firmato' };
});

export const quotationMachine = defineMachine({
  statePath: 'attributes.status',
  states: quotationStatuses,
  initial: 'draft',
  transitions: [
    { from: ['to-be-created'], action: 'start', to: 'draft', label: 'Inizia la redazione', ability: 'update' },
    // The message tells the approvers why the discount is needed; they read it in the approval queue and in their reminder.
    {
      from: ['draft', 'revision'], action: 'requestApproval', to: 'to-be-approved', label: 'Richiedi approvazione', ability: 'requestApproval', guard: discountAboveMaximum,
      message: { label: 'Messaggio per chi approva', maxLength: APPROVAL_MESSAGE_MAX_LENGTH },
    },
    { from: ['to-be-approved'], action: 'approve', to: 'approved', label: 'Approva', ability: 'approve' },
    // Refused approvals go back to draft, where the discount can be lowered or approval asked again.
    { from: ['to-be-approved'], action: 'refuseApproval', to: 'draft', label: 'Respingi approvazione', ability: 'approve' },
    { from: ['draft', 'revision'], action: 'emit', to: 'issued', label: 'Emetti', ability: 'emit', guard: discountWithinMaximum },
    // Approval is what makes a larger discount acceptable: no guard once approved.
    { from: ['approved'], action: 'emit', to: 'issued', label: 'Emetti', ability: 'emit' },
    { from: ['issued'], action: 'accept', to: 'accepted', label: 'Accetta', ability: 'update', guard: signedQuotationAttached },
    { from: ['issued'], action: 'reject', to: 'not-accepted', label: 'Rifiuta', ability: 'update' },
    // Anything not yet sent to the customer can be dropped; a sent one is rejected instead.
    { from: ['to-be-created', 'draft', 'to-be-approved', 'approved', 'revision'], action: 'cancel', to: 'not-accepted', label: 'Annulla', ability: 'update' },
    // The message is the revision's reason, kept with the frozen copy.
    {
      from: ['issued', 'not-accepted'], action: 'createRevision', to: 'revision', label: 'Crea revisione', ability: 'createRevision',
      message: { label: 'Motivo della revisione', maxLength: REVISION_REASON_MAX_LENGTH },
    },
  ],
});
