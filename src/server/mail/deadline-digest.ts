/**
 * «Scadenze entro 30 giorni» (issue 26 §8): a daily digest to each customer's portal users of the
 * deadlines still to do (physicalActivities neither executed nor ended) that are overdue or fall in
 * the next 30 days (the worklist's `filter[due]=next30` window), grouped by site and module, with the
 * norm and the reason when known. Each recipient is judged as itself (its own list through the read
 * rule: a module it does not hold, a disabled user, nothing); nothing to tell, no message.
 *
 * One timer per process (`start`) checks every few minutes whether the business day (Europe/Rome,
 * working days only) has reached DEADLINE_DIGEST_HOUR; `run(today)` sends that day's digests (tests
 * call it with their day). Sending once is the database's: before a customer's messages leave, the
 * process claims the customer's day with one atomic upsert in `app_state`
 * (`deadlineDigest:<customer>` → the last day sent), so two processes, or two runs the same day, never
 * send twice; a day already claimed sends nothing.
 */
import { sql, type Kysely } from 'kysely';
import { addDays, BUSINESS_TIME_ZONE, businessDay } from '../../domain/business-day.ts';
import type { Entity } from '../../domain/entity.ts';
import { italianDate } from '../../domain/entities/italian-date.ts';
import { ruleKindLabels } from '../../domain/entities/physical-activities.ts';
import { nonWorkingDay } from '../../domain/rules/calendar.ts';
import { normCitation } from '../../domain/rules/maintenance-rules.ts';
import type { DatabaseSchema } from '../db/database.ts';
import type { EntityService } from '../resources/service.ts';
import type { Mailer, MailResult } from './mailer.ts';
import { MAIL_CLOSING, portalUsersOf, recipientCaller, text } from './portal-recipients.ts';

/** The window's length after today, as the worklist's `next30`. */
export const DIGEST_DAYS = 30;
/** How often the timer looks at the clock. */
const CHECK_EVERY_MS = 5 * 60_000;
/** The most deadlines one message lists (the rest are counted). */
const MAX_LISTED = 500;

const MODULE_LABELS: Record<string, string> = {
  fire: 'Antincendio', equip: 'Attrezzature', edu: 'Formazione', doc: 'Documenti', med: 'Medicina del lavoro', portal: 'Portale',
};

export interface DeadlineDigestOptions {
  db: Kysely<DatabaseSchema>;
  service: EntityService;
  mailer: Mailer;
  publicUrl: string;
  /** The hour (Rome, 1–23) from which a working day's digest is sent; null: never by the timer. */
  hour: number | null;
  log: { error(details: object, message: string): void; info?(details: object, message: string): void };
}

/** One site's deadlines of one module, as a recipient reads them. */
export interface DigestGroup {
  siteName: string;
  moduleLabel: string;
  deadlines: readonly Entity[];
}

/** One deadline's line: its day, what is due, on what, its norm, why it moved, and whether it is overdue. */
function deadlineLine(deadline: Entity, today: string): string {
  const { deadlineDate, rule, postponeReason } = deadline.attributes as { deadlineDate: string; rule?: { kind: keyof typeof ruleKindLabels; norm: string; edition: string }; postponeReason?: string };
  const what = text(deadline.metadata.activityName) || (rule ? ruleKindLabels[rule.kind] : 'Scadenza');
  const parts = [`${italianDate(deadlineDate)}${deadlineDate < today ? ' (scaduta)' : ''}: ${what}`];
  const target = text(deadline.metadata.targetName);
  if (target) parts.push(target);
  if (rule) parts.push(`${ruleKindLabels[rule.kind]}, norma ${normCitation(rule.norm, rule.edition)}`);
  if (text(postponeReason)) parts.push(`rinviata: ${text(postponeReason)}`);
  return `- ${parts.join(' – ')}`;
}

/** The message's subject and Italian text for one recipient. */
export function deadlineDigestMessage(input: { recipientName: string; customerName: string; groups: readonly DigestGroup[]; more: number; today: string; url: string }): { subject: string; text: string } {
  const all = input.groups.flatMap((g) => g.deadlines);
  const overdue = all.filter((d) => String(d.attributes.deadlineDate) < input.today).length;
  const count = all.length + input.more;
  const blocks = input.groups.map((g) => [`${g.siteName} – ${g.moduleLabel}`, ...g.deadlines.map((d) => deadlineLine(d, input.today))].join('\n'));
  const lines = [
    `Gentile ${input.recipientName || 'cliente'},`,
    '',
    `ecco le scadenze${input.customerName ? ` di ${input.customerName}` : ''} ancora da eseguire entro il ${italianDate(addDays(input.today, DIGEST_DAYS))}${overdue > 0 ? ', comprese quelle già scadute' : ''}:`,
    '',
    ...blocks.flatMap((block) => [block, '']),
    ...(input.more > 0 ? [`e altre ${input.more} scadenze, elencate nel portale.`, ''] : []),
    `Il dettaglio e lo stato di ogni sede sono nel portale: ${input.url}`,
    '',
    ...MAIL_CLOSING,
  ];
  const subject = `Scadenze entro 30 giorni: ${count} ${count === 1 ? 'scadenza' : 'scadenze'}${overdue > 0 ? ` (${overdue} ${overdue === 1 ? 'scaduta' : 'scadute'})` : ''}`;
  return { subject, text: lines.join('\n') };
}

const hourFormat = new Intl.DateTimeFormat('en-GB', { timeZone: BUSINESS_TIME_ZONE, hour: '2-digit', hourCycle: 'h23' });

export class DeadlineDigest {
  private readonly options: DeadlineDigestOptions;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  /** The last day this process ran the digest (the database decides who sends). */
  private lastDay: string | undefined;

  constructor(options: DeadlineDigestOptions) {
    this.options = options;
  }

  /** Starts the timer (nothing when the hour is off). */
  start(): void {
    if (this.options.hour === null || this.timer) return;
    this.timer = setInterval(() => this.tick(), CHECK_EVERY_MS);
    this.timer.unref();
    this.tick();
  }

  /** Stops the timer and waits for a run under way. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** On a working day, from the configured hour (Rome), runs that day's digest once in this process. */
  tick(now: Date = new Date()): void {
    const { hour } = this.options;
    const today = businessDay(now);
    if (hour === null || this.running || this.lastDay === today || nonWorkingDay(today) || Number(hourFormat.format(now)) < hour) return;
    this.lastDay = today;
    this.running = this.run(today)
      .catch((error: unknown) => {
        // Tried again at the next check: the customers already claimed are not sent twice.
        this.lastDay = undefined;
        this.options.log.error({ err: error, day: today }, 'riepilogo «Scadenze entro 30 giorni» non inviato');
      })
      .finally(() => (this.running = undefined));
  }

  /** The customers that have portal users. */
  private async customersWithPortalUsers(): Promise<string[]> {
    const { rows } = await sql<{ customer_id: string }>`SELECT DISTINCT customer_id FROM (
        SELECT attributes->>'customerId' AS customer_id FROM users WHERE NOT is_deleted AND attributes->>'userType' = 'customer'
        UNION SELECT jsonb_array_elements_text(coalesce(relationships->'customerIds', '[]'::jsonb)) FROM users WHERE NOT is_deleted AND attributes->>'userType' = 'customer'
      ) AS c WHERE customer_id IS NOT NULL ORDER BY customer_id`.execute(this.options.db);
    return rows.map((r) => r.customer_id);
  }

  /** Claims the customer's digest of `today`: true once per customer and day, whoever asks. */
  private async claim(customerId: string, today: string): Promise<boolean> {
    const { rows } = await sql<{ key: string }>`INSERT INTO app_state (key, value) VALUES (${`deadlineDigest:${customerId}`}, to_jsonb(${today}::text))
      ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_date_time = now() WHERE (app_state.value #>> '{}') < (EXCLUDED.value #>> '{}')
      RETURNING key`.execute(this.options.db);
    return rows.length > 0;
  }

  /** Sends the digests of `today` (`YYYY-MM-DD`) not yet sent; answers what was sent. */
  async run(today: string): Promise<MailResult[]> {
    const { db, service, mailer, publicUrl } = this.options;
    const to = addDays(today, DIGEST_DAYS);
    const sent: MailResult[] = [];
    for (const customerId of await this.customersWithPortalUsers()) {
      // Cheap first: a customer with nothing due is never claimed.
      const due = await sql<{ n: number }>`SELECT count(*)::int AS n FROM physical_activities WHERE NOT is_deleted AND relationships->>'customerId' = ${customerId}
        AND attributes->>'isExecuted' IS DISTINCT FROM 'true' AND attributes->>'isEnded' IS DISTINCT FROM 'true' AND attributes->>'deadlineDate' <= ${to}`.execute(db);
      if ((due.rows[0]?.n ?? 0) === 0) continue;
      const messages: { to: string; subject: string; text: string }[] = [];
      for (const user of await portalUsersOf(db, customerId)) {
        const call = await recipientCaller(db, user.id);
        if (!call) continue;
        const listed = await service.list('physicalActivities', {
          'filter[customerId]': customerId, 'filter[isExecuted]': 'false', 'filter[isEnded]': 'false', 'to[deadlineDate]': to,
          sort: 'deadlineDate', 'page[size]': String(MAX_LISTED),
        }, call).catch(() => undefined);
        if (!listed || listed.data.length === 0) continue;
        const customer = await service.get('customers', customerId, call).catch(() => undefined);
        const customerName = customer ? service.kind('customers').title(customer) : '';
        const siteNames = new Map<string, string>();
        const groups = new Map<string, { siteName: string; moduleLabel: string; deadlines: Entity[] }>();
        for (const deadline of listed.data) {
          const siteId = text(deadline.metadata.customerLocationId);
          if (!siteNames.has(siteId)) {
            const site = siteId ? await service.get('customers', siteId, call).catch(() => undefined) : undefined;
            siteNames.set(siteId, site ? service.kind('customers').title(site) : customerName ? `${customerName} (sede principale)` : 'Sede principale');
          }
          const module = String(deadline.attributes.module);
          const key = `${siteId}|${module}`;
          const group = groups.get(key) ?? { siteName: siteNames.get(siteId)!, moduleLabel: MODULE_LABELS[module] ?? module, deadlines: [] };
          group.deadlines.push(deadline);
          groups.set(key, group);
        }
        const ordered = [...groups.values()].toSorted((a, b) => a.siteName.localeCompare(b.siteName, 'it') || a.moduleLabel.localeCompare(b.moduleLabel, 'it'));
        const message = deadlineDigestMessage({
          recipientName: user.name, customerName, groups: ordered, more: Math.max(0, listed.meta.total - listed.data.length), today, url: `${publicUrl}/customers/${customerId}/portal`,
        });
        messages.push({ to: user.email, ...message });
      }
      if (messages.length === 0 || !(await this.claim(customerId, today))) continue;
      for (const message of messages) sent.push(await mailer.send(message));
    }
    return sent;
  }
}
