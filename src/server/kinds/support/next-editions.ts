/**
 * The next editions of a course a customer may ask its employees into (issue 26 §6, the portal's
 * «Chiedi l’iscrizione»): `GET /api/customers/{id}/nextEditions?courseId=…`. A customer's user
 * may not read course editions (their participants are other customers' employees), so this answers
 * only what the portal shows of them: the days, the place (the training site's name and city) and the
 * places left, for the planned editions from today of that course open to that customer (its own or
 * open to several) that still have a free place, soonest first.
 *
 * Who: whoever may read the customer (its read rule, 404 otherwise) and may ask an enrolment for it
 * (`create` on enrolment requests of that customer: its own users, the office), in the training
 * module. The editions are the ones the enrolment's «Accetta» would take (`opensTo`, `participantsOf`).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Entity } from '../../../domain/entity.ts';
import { isUuid } from '../../auth/read-rule.ts';
import { Problem } from '../../http/problems.ts';
import type { CallContext, EntityService } from '../../resources/service.ts';
import { opensTo, participantsOf } from '../enrolmentRequests.ts';
import { requireTraining } from './employee-compliance.ts';

export const COURSE_REQUIRED = 'Indica il corso (courseId) di cui cerchi le prossime edizioni';

/** The most editions answered (the portal offers the next few). */
export const NEXT_EDITIONS_LIMIT = 10;

export interface NextEdition {
  id: string;
  startDate: string;
  endDate: string;
  /** The training site's name and city; empty when the edition has no site yet. */
  siteName: string;
  city: string;
  seatsLeft: number;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export async function nextEditionsOf(service: EntityService, call: CallContext, customerId: string, courseId: string): Promise<{ data: NextEdition[]; meta: { today: string; limit: number } }> {
  requireTraining(call);
  const customer = await service.get('customers', customerId, call);
  // Who may ask an enrolment for this customer may see where it could go.
  call.access.authorize('create', service.kind('enrolmentRequests'), { id: '', attributes: {}, metadata: {}, relationships: { customerId: customer.id } } as unknown as Entity);
  if (!isUuid(courseId)) throw new Problem('VALIDATION_FAILED', { message: COURSE_REQUIRED, errors: [{ pointer: '/courseId', code: 'invalid', message: COURSE_REQUIRED }] });
  const course = await service.repository(service.kind('courses')).findById(courseId.toLowerCase());
  if (!course || course.metadata.isDeleted) throw new Problem('NOT_FOUND', { message: 'Corso non trovato' });
  const today = service.today();
  const planned = await service.repository(service.kind('courseEditions')).findRelated('courseId', course.id, 'attributes.state', ['planned']);
  const open = planned
    .filter((edition) => opensTo(edition, course.id, customer.id) && text(edition.attributes.startDate) >= today)
    .map((edition) => ({ edition, seatsLeft: Number(edition.attributes.capacity) - participantsOf(edition).length }))
    .filter(({ seatsLeft }) => seatsLeft > 0)
    .sort((a, b) => text(a.edition.attributes.startDate).localeCompare(text(b.edition.attributes.startDate)) || a.edition.id.localeCompare(b.edition.id))
    .slice(0, NEXT_EDITIONS_LIMIT);
  const sites = await service.repository(service.kind('trainingSites')).findByIds(open.flatMap(({ edition }) => (typeof edition.relationships.trainingSiteId === 'string' ? [edition.relationships.trainingSiteId] : [])));
  const data = open.map(({ edition, seatsLeft }) => {
    const site = sites.get(text(edition.relationships.trainingSiteId));
    const live = site && !site.metadata.isDeleted ? site : undefined;
    const address = (live?.attributes.address ?? {}) as Record<string, unknown>;
    return {
      id: edition.id,
      startDate: text(edition.attributes.startDate),
      endDate: text(edition.attributes.endDate) || text(edition.attributes.startDate),
      siteName: text(live?.attributes.name),
      city: text(address.city),
      seatsLeft,
    };
  });
  return { data, meta: { today, limit: NEXT_EDITIONS_LIMIT } };
}

export function registerNextEditionsRoutes(app: FastifyInstance, deps: { service: EntityService }, callOf: (request: FastifyRequest) => CallContext): void {
  app.get<{ Params: { id: string }; Querystring: { courseId?: string } }>('/api/customers/:id/nextEditions', async (request) =>
    nextEditionsOf(deps.service, callOf(request), request.params.id, typeof request.query.courseId === 'string' ? request.query.courseId : ''));
}
