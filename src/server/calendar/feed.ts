/**
 * The private calendar feed (issue 26 §8): an iCalendar address a user adds to its own calendar app
 * (Outlook, Google, Apple), which reads it without signing in.
 * - A customer's user gets its customer's planned visits and the deadlines of the next 12 months;
 *   staff get the interventions they are an operator of.
 * - The address carries a random key; only its SHA-256 is kept, in the user's settings
 *   (`attributes.calendarFeed`), so reading the settings never gives the address away.
 *   `POST /api/calendar/feed` makes a new key (the old address stops working) and answers the
 *   address once; `DELETE` turns the feed off.
 * - What the feed lists is read as that user, through the record layer's read rule (`callerOfUser`):
 *   the address reads exactly what its owner may read now, a disabled or deleted user nothing.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import icalGenerator, { ICalCalendarMethod } from 'ical-generator';
import type { Entity } from '../../domain/entity.ts';
import { addDays } from '../../domain/business-day.ts';
import { deadlineReason } from '../../domain/rules/portal-compliance.ts';
import { z } from 'zod';
import type { DatabaseSchema } from '../db/database.ts';
import { callerOfUser, type Caller } from '../auth/identity.ts';
import { Problem } from '../http/problems.ts';
import type { EntityService } from '../resources/service.ts';

/** `/api/calendar/{userId}/{key}.ics`: answered without a bearer token (the key is the authorisation). */
export const CALENDAR_FEED_URL = /^\/api\/calendar\/[0-9a-f-]{36}\/[A-Za-z0-9_-]{43}\.ics(\?|$)/i;
export const isCalendarFeedUrl = (url: string) => CALENDAR_FEED_URL.test(url);

/** How far the feed reaches: a month back (what just happened), a year ahead. */
export const FEED_DAYS_BEFORE = 30;
export const FEED_DAYS_AFTER = 365;
/** The most events of each kind a feed lists (the nearest first). */
export const FEED_MAX_EVENTS = 500;
/** Interventions that will not take place are left out. */
const NOT_TAKING_PLACE = new Set(['canceled', 'postponed']);

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

interface FeedSetting {
  keyHash: string;
  createdDateTime: string;
}

export interface CalendarFeedOptions {
  db: Kysely<DatabaseSchema>;
  service: EntityService;
  publicUrl: string;
  today(): string;
}

/** The caller's settings row (the workspace writes one per user), or undefined before its first. */
async function settingsOf(service: EntityService, call: Caller): Promise<Entity | undefined> {
  const { data } = await service.list('userSettings', { 'filter[userId]': call.profile.id, 'page[size]': '1' }, call);
  return data[0];
}

function feedSettingOf(settings: Entity | undefined): FeedSetting | undefined {
  const value = settings?.attributes.calendarFeed as FeedSetting | null | undefined;
  return value && typeof value.keyHash === 'string' ? value : undefined;
}

/** Turning the feed on or off is the user's own: an administrator acting as someone does not. */
function ownCall(call: Caller): Caller {
  if (call.identity.impersonatorId) throw new Problem('IMPERSONATION_NOT_ALLOWED', { message: 'Il calendario privato si attiva solo per sé stessi, non per conto di un altro utente' });
  return call;
}

async function writeFeedSetting(service: EntityService, call: Caller, value: FeedSetting | null): Promise<void> {
  const settings = await settingsOf(service, call);
  if (settings) {
    await service.update('userSettings', settings.id, { attributes: { calendarFeed: value } }, `"${String(settings.metadata.lastUpdatedDateTime)}"`, call);
  } else if (value) {
    await service.create('userSettings', { attributes: { calendarFeed: value }, relationships: { userId: call.profile.id } }, call);
  }
}

const eventDate = (day: string) => new Date(`${day.slice(0, 10)}T00:00:00.000Z`);
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The feed of `call`'s user, as iCalendar text. */
export async function calendarFeedText(service: EntityService, call: Caller, today: string, publicUrl: string): Promise<string> {
  const from = addDays(today, -FEED_DAYS_BEFORE);
  const to = addDays(today, FEED_DAYS_AFTER);
  const customerUser = call.profile.userType === 'customer';
  const calendar = icalGenerator({
    name: customerUser ? 'Visite e scadenze' : 'I miei interventi',
    prodId: { company: 'Servizi di sicurezza', product: 'Area di lavoro', language: 'IT' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: 60 * 60,
  });
  const assignmentKind = service.kind('assignments');
  if (call.access.can('read', assignmentKind)) {
    const mine: Record<string, string> = customerUser ? {} : { 'filter[operatorIds]': call.profile.id };
    const { data } = await service.list('assignments', {
      ...mine, 'from[plannedStartDateTime]': from, 'to[plannedStartDateTime]': to, sort: 'plannedStartDateTime', 'page[size]': String(FEED_MAX_EVENTS),
    }, call);
    for (const assignment of data) {
      const start = text(assignment.attributes.plannedStartDateTime);
      if (!start || NOT_TAKING_PLACE.has(text(assignment.attributes.state))) continue;
      const end = text(assignment.attributes.plannedEndDateTime);
      calendar.createEvent({
        id: `intervento-${assignment.id}`,
        start: new Date(start),
        end: end && end > start ? new Date(end) : new Date(new Date(start).getTime() + 60 * 60 * 1000),
        summary: `${customerUser ? 'Visita' : 'Intervento'} ${text(assignment.attributes.code)} – ${text(assignment.attributes.title)}`.trim(),
        description: text(assignment.metadata.customerName) || undefined,
        url: `${publicUrl}/planning/assignments/${assignment.id}/detail`,
      });
    }
  }
  const deadlineKind = service.kind('physicalActivities');
  if (customerUser && call.access.can('read', deadlineKind)) {
    const { data } = await service.list('physicalActivities', {
      'filter[isExecuted]': 'false', 'filter[isEnded]': 'false', 'from[deadlineDate]': today, 'to[deadlineDate]': to,
      sort: 'deadlineDate', 'page[size]': String(FEED_MAX_EVENTS),
    }, call);
    for (const deadline of data) {
      const day = text(deadline.attributes.deadlineDate);
      if (!day) continue;
      const reason = deadlineReason(deadline.attributes as Parameters<typeof deadlineReason>[0]);
      calendar.createEvent({
        id: `scadenza-${deadline.id}`,
        start: eventDate(day),
        allDay: true,
        summary: `Scadenza: ${text(deadline.metadata.activityName) || 'attività'} – ${text(deadline.metadata.targetName)}`.trim(),
        description: reason ? `Norma: ${reason.norm}` : undefined,
      });
    }
  }
  return calendar.toString();
}

export function registerCalendarFeedRoutes(app: FastifyInstance, options: CalendarFeedOptions, callOf: (request: FastifyRequest) => Caller): void {
  // Read at each request (the options may be completed after the routes are registered).
  const addressOf = (userId: string, key: string) => `${options.publicUrl}/api/calendar/${userId}/${key}.ics`;

  // Whether the caller's feed is on (its address is shown once, when made).
  app.get('/api/calendar/feed', async (request) => {
    const call = callOf(request);
    const setting = feedSettingOf(await settingsOf(options.service, call));
    return { data: { active: setting !== undefined, createdDateTime: setting?.createdDateTime ?? null } };
  });

  // A new address (the previous one, if any, stops working at once).
  app.post('/api/calendar/feed', async (request, reply) => {
    const call = ownCall(callOf(request));
    const key = randomBytes(32).toString('base64url');
    const createdDateTime = new Date().toISOString();
    await writeFeedSetting(options.service, call, { keyHash: hashOf(key), createdDateTime });
    return reply.code(201).send({ data: { active: true, createdDateTime, url: addressOf(call.profile.id, key) } });
  });

  app.delete('/api/calendar/feed', async (request, reply) => {
    const call = ownCall(callOf(request));
    await writeFeedSetting(options.service, call, null);
    return reply.code(204).send();
  });

  // The feed itself: the key is the authorisation. Any mismatch is the same 404, never a hint.
  app.get<{ Params: { userId: string; file: string } }>('/api/calendar/:userId/:file', async (request, reply) => {
    const { userId, file } = request.params;
    const key = /^([A-Za-z0-9_-]{43})\.ics$/.exec(file)?.[1];
    const notFound = new Problem('ROUTE_NOT_FOUND', { message: 'Calendario non trovato: il collegamento è stato rigenerato o disattivato' });
    if (!key || !z.uuid().safeParse(userId).success) throw notFound;
    let call: Caller;
    try {
      call = await callerOfUser(options.db, userId);
    } catch {
      throw notFound;
    }
    const setting = feedSettingOf(await settingsOf(options.service, call));
    const given = Buffer.from(hashOf(key), 'hex');
    if (!setting || !timingSafeEqual(given, Buffer.from(setting.keyHash.padEnd(64, '0').slice(0, 64), 'hex'))) throw notFound;
    const body = await calendarFeedText(options.service, call, options.today(), options.publicUrl);
    return reply
      .type('text/calendar; charset=utf-8')
      .header('Cache-Control', 'private, max-age=300')
      .header('Content-Disposition', 'inline; filename="calendario.ics"')
      .send(body);
  });
}
