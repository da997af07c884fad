/**
 * Server hooks of enrolment requests (issue 26 §6): a customer's ask that one of its employees join
 * an edition of a course.
 * - Asked for an employee of the request's customer (422 wrongCustomer), for a course, and for one of
 *   that course's planned editions open to that customer, or none («la prossima disponibile»). A second
 *   request for the same employee and course may wait beside the first (accepting both enrols once;
 *   the portal offers none while one waits). Employee, customer and
 *   course never change; the decision fields are never a client's.
 * - «Accetta» (ability `decide`, and `update` on the edition) enrols the employee in the edition asked
 *   for, or the next planned one with a free place, through the course editions' own write path
 *   (`replaceWithin`: their rules and hooks check capacity, customer and state again), in the same
 *   transaction; a full edition is refused (409 EDITION_FULL), none available too (409 NO_EDITION_AVAILABLE).
 *   An employee already enrolled is not added twice. The edition's first day is kept on the request
 *   (`enrolledStartDate`): the customer reads it there. «Rifiuta» needs the reason, which the customer reads.
 */
import type { Entity } from '../../domain/entity.ts';
import { findKind } from '../../domain/kinds.ts';
import { ENROLMENT_DECISION_PATHS } from '../../domain/entities/enrolment-requests.ts';
import type { CourseEditionParticipant } from '../../domain/entities/course-editions.ts';
import { Problem } from '../http/problems.ts';
import { defineKindHooks, type HookContext } from '../resources/hooks.ts';
import { keepDecisionFields } from './support/hook-helpers.ts';

export const DECLINE_REASON_REQUIRED = 'Indica il motivo del rifiuto: il cliente lo legge';
export const WRONG_CUSTOMER = 'Il dipendente non è di questo cliente';
export const WRONG_EDITION = 'L’edizione scelta non è di questo corso o non è aperta alle iscrizioni di questo cliente';

function invalid(pointer: string, code: string, message: string): Problem {
  return new Problem('VALIDATION_FAILED', { message, errors: [{ pointer, code, message }] });
}

const str = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
export const participantsOf = (edition: Entity) => (Array.isArray(edition.attributes.participants) ? edition.attributes.participants : []) as CourseEditionParticipant[];

/** The edition takes enrolments from this customer: planned, of the course, for this customer or open to several. */
export function opensTo(edition: Entity, courseId: string, customerId: string): boolean {
  const editionCustomer = str(edition.relationships.customerId);
  return !edition.metadata.isDeleted && edition.relationships.courseId === courseId && edition.attributes.state === 'planned' && (!editionCustomer || editionCustomer === customerId);
}

const hasPlace = (edition: Entity) => participantsOf(edition).length < Number(edition.attributes.capacity);
const enrolled = (edition: Entity, employeeId: string) => participantsOf(edition).some((participant) => participant.employeeId === employeeId);

/** The edition the employee joins on «Accetta»: the one asked for, or the next planned one with a free place. */
async function editionToEnrol(hook: HookContext, request: Entity): Promise<Entity> {
  const courseId = String(request.relationships.courseId);
  const customerId = String(request.relationships.customerId);
  const employeeId = String(request.relationships.employeeId);
  const chosen = str(request.relationships.courseEditionId);
  if (chosen) {
    const edition = await hook.repository('courseEditions').findById(chosen, { forUpdate: true });
    if (!edition || !opensTo(edition, courseId, customerId)) throw new Problem('NO_EDITION_AVAILABLE', { message: WRONG_EDITION });
    if (!hasPlace(edition) && !enrolled(edition, employeeId)) throw new Problem('EDITION_FULL');
    return edition;
  }
  const planned = await hook.repository('courseEditions').findRelated('courseId', courseId, 'attributes.state', ['planned']);
  const open = planned
    .filter((edition) => opensTo(edition, courseId, customerId) && String(edition.attributes.startDate) >= hook.today)
    .sort((a, b) => String(a.attributes.startDate).localeCompare(String(b.attributes.startDate)));
  const next = open.find((edition) => enrolled(edition, employeeId)) ?? open.find(hasPlace);
  if (!next) throw new Problem(open.length > 0 ? 'EDITION_FULL' : 'NO_EDITION_AVAILABLE');
  return next;
}

export const enrolmentRequestsKind = defineKindHooks('enrolmentRequests', {
  async beforeWrite(hook, written, previous) {
    const data = keepDecisionFields(written, previous, ENROLMENT_DECISION_PATHS);
    if (previous) {
      for (const key of ['employeeId', 'customerId', 'courseId'] as const) {
        if (data.relationships[key] !== previous.relationships[key]) throw invalid(`/relationships/${key}`, 'readOnly', 'La richiesta resta sul suo dipendente e sul suo corso');
      }
    } else {
      const employeeId = str(data.relationships.employeeId);
      const customerId = String(data.relationships.customerId);
      const employee = employeeId ? await hook.repository('employees').findById(employeeId) : undefined;
      // A missing employee is the references check's.
      if (employee && employee.relationships.customerId !== customerId) throw invalid('/relationships/employeeId', 'wrongCustomer', WRONG_CUSTOMER);
    }
    const editionId = str(data.relationships.courseEditionId);
    if (editionId && editionId !== previous?.relationships.courseEditionId) {
      const edition = await hook.repository('courseEditions').findById(editionId);
      if (edition && !opensTo(edition, String(data.relationships.courseId), String(data.relationships.customerId))) {
        throw invalid('/relationships/courseEditionId', 'editionNotOpen', WRONG_EDITION);
      }
    }
    return data;
  },

  async onTransition(hook, current, next, action, input) {
    const reason = input.message?.trim() ?? '';
    if (action === 'decline' && reason === '') throw invalid('/message', 'required', DECLINE_REASON_REQUIRED);
    let enrolledEditionId: string | null = null;
    let enrolledStartDate: string | null = null;
    if (action === 'accept') {
      const edition = await editionToEnrol(hook, current);
      hook.call.access.authorize('update', findKind('courseEditions')!, edition);
      enrolledEditionId = edition.id;
      enrolledStartDate = str(edition.attributes.startDate) ?? null;
    }
    return {
      ...next,
      attributes: { ...next.attributes, decisionReason: reason === '' ? null : reason, decidedDateTime: new Date().toISOString(), enrolledStartDate },
      relationships: { ...next.relationships, enrolledEditionId, decidedById: hook.call.identity.userId ?? null },
    };
  },

  // «Accetta»: the employee joins the edition, in the same transaction, through the editions' write path.
  async afterWrite(hook, entity, previous) {
    if (entity.attributes.state !== 'accepted' || previous?.attributes.state !== 'requested') return;
    const editionId = str(entity.relationships.enrolledEditionId);
    const edition = editionId ? await hook.repository('courseEditions').findById(editionId, { forUpdate: true }) : undefined;
    if (!edition) throw new Problem('NO_EDITION_AVAILABLE');
    const employeeId = String(entity.relationships.employeeId);
    if (enrolled(edition, employeeId)) return;
    await hook.service.replaceWithin(hook.db, hook.call, edition, 'courseEditions', {
      attributes: { ...edition.attributes, participants: [...participantsOf(edition), { employeeId, presentSessionIds: [] }] },
      metadata: edition.metadata,
      relationships: edition.relationships,
    });
  },
});
