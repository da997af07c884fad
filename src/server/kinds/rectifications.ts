/**
 * Server hooks of rectifications (issue 26 §4): a customer's proof that it fixed an anomaly itself.
 * - Sent for an unresolved anomaly of the same customer (several may wait: the office accepts one,
 *   the others then meet a resolved anomaly); its anomaly and customer never change, and its files
 *   are media rows attached to it.
 * - The decision is the office's, by the machine's «Accetta» and «Rifiuta» (ability `decide`), and
 *   asks `update` on the anomaly too (the anomaly machine's own «resolve» ability): who may not
 *   resolve the anomaly may not accept its proof. «Rifiuta» needs the reason, which the customer reads.
 * - «Accetta» resolves the anomaly in the same transaction, with the note as its resolution; the
 *   register of checks prints the evidence from the accepted rectification.
 */
import type { Entity, EntityData } from '../../domain/entity.ts';
import { findKind } from '../../domain/kinds.ts';
import { findTransition } from '../../domain/machine.ts';
import { anomalyMachine } from '../../domain/machines/anomaly.ts';
import { RECTIFICATION_DECISION_PATHS } from '../../domain/entities/rectifications.ts';
import { Problem } from '../http/problems.ts';
import { defineKindHooks, type HookContext } from '../resources/hooks.ts';
import { keepDecisionFields } from './support/hook-helpers.ts';

export const REFUSAL_REASON_REQUIRED = 'Indica il motivo del rifiuto: il cliente lo legge';
export const WRONG_CUSTOMER = 'L’anomalia non è di questo cliente';
export const EVIDENCE_NOT_ATTACHED = 'Il file non è allegato a questa segnalazione';

function invalid(pointer: string, code: string, message: string): Problem {
  return new Problem('VALIDATION_FAILED', { message, errors: [{ pointer, code, message }] });
}

/** The anomaly a rectification is for, locked for this transaction (none: the references check's). */
async function anomalyOf(hook: HookContext, data: Pick<EntityData, 'relationships'>): Promise<Entity | undefined> {
  const id = data.relationships.anomalyId;
  return typeof id === 'string' ? hook.repository('anomalies').findById(id, { forUpdate: true }) : undefined;
}

/** The anomaly may be resolved by this caller (the «resolve» transition's ability on that row). */
function authorizeResolve(hook: HookContext, anomaly: Entity): void {
  const resolve = findTransition(anomalyMachine, 'unresolved', 'resolve')!;
  hook.call.access.authorize(resolve.ability, findKind('anomalies')!, anomaly);
}

export const rectificationsKind = defineKindHooks('rectifications', {
  async beforeWrite(hook, written, previous, id) {
    const data = keepDecisionFields(written, previous, RECTIFICATION_DECISION_PATHS);
    if (previous) {
      for (const key of ['anomalyId', 'customerId'] as const) {
        if (data.relationships[key] !== previous.relationships[key]) {
          throw invalid(`/relationships/${key}`, 'readOnly', 'La segnalazione resta sulla sua anomalia');
        }
      }
    } else {
      const anomaly = await anomalyOf(hook, data);
      if (anomaly) {
        if (anomaly.relationships.customerId !== data.relationships.customerId) throw invalid('/relationships/customerId', 'wrongCustomer', WRONG_CUSTOMER);
        if (anomaly.attributes.state !== 'unresolved') throw new Problem('ANOMALY_ALREADY_RESOLVED');
      }
    }
    // The evidence is this rectification's own files (attached to it by the upload path).
    const evidence = Array.isArray(data.attributes.evidenceMediaIds) ? (data.attributes.evidenceMediaIds as string[]) : [];
    const before = new Set(Array.isArray(previous?.attributes.evidenceMediaIds) ? (previous.attributes.evidenceMediaIds as string[]) : []);
    const added = evidence.filter((mediaId) => !before.has(mediaId));
    if (added.length > 0) {
      const files = await hook.repository('media').findByIds(added);
      for (const [index, mediaId] of evidence.entries()) {
        if (before.has(mediaId)) continue;
        const file = files.get(mediaId);
        // A missing one is the references check's.
        if (file && (file.relationships.ownerType !== 'rectifications' || file.relationships.ownerId !== id)) {
          throw invalid(`/attributes/evidenceMediaIds/${index}`, 'notAttached', EVIDENCE_NOT_ATTACHED);
        }
      }
    }
    return data;
  },

  async onTransition(hook, current, next, action, input) {
    const anomaly = await anomalyOf(hook, current);
    if (!anomaly) throw new Problem('NOT_FOUND', { message: 'Anomalia: elemento non trovato' });
    authorizeResolve(hook, anomaly);
    const reason = input.message?.trim() ?? '';
    if (action === 'refuse' && reason === '') throw invalid('/message', 'required', REFUSAL_REASON_REQUIRED);
    if (action === 'accept' && anomaly.attributes.state !== 'unresolved') throw new Problem('ANOMALY_ALREADY_RESOLVED');
    return {
      ...next,
      attributes: { ...next.attributes, decisionReason: reason === '' ? null : reason, decidedDateTime: new Date().toISOString() },
      relationships: { ...next.relationships, decidedById: hook.call.identity.userId ?? null },
    };
  },

  // «Accetta»: the anomaly is resolved, in the same transaction, with the customer's note as its resolution.
  async afterWrite(hook, entity, previous) {
    if (entity.attributes.state !== 'accepted' || previous?.attributes.state !== 'submitted') return;
    const anomaly = await anomalyOf(hook, entity);
    if (!anomaly) return;
    authorizeResolve(hook, anomaly);
    const note = String(entity.attributes.note ?? '');
    await hook.service.replaceWithin(hook.db, hook.call, anomaly, 'anomalies', {
      attributes: {
        ...anomaly.attributes,
        state: 'resolved',
        resolvedDateTime: String(entity.attributes.decidedDateTime ?? new Date().toISOString()),
        resolutionNotes: `Risolta dal cliente (segnalazione accettata): ${note}`.slice(0, 5000),
      },
      metadata: anomaly.metadata,
      relationships: anomaly.relationships,
    });
  },
});
