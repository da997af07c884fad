/**
 * Named list filters of SPEC §7 that are not plain field comparisons (customers' excludeId and
 * have[…], users' moduleName, expiry lists' onlyExpiring). Each one validates its own value and
 * renders its own SQL condition over the kind's table.
 */
import { sql, type RawBuilder } from 'kysely';
import { modules } from '../../domain/enums.ts';
import { fieldSql, tableName } from '../db/entity-sql.ts';
import { physicalActivities } from '../../domain/entities/physical-activities.ts';
import { assignments } from '../../domain/entities/assignments.ts';
import { assignmentActivities } from '../../domain/entities/assignment-activities.ts';
import { addDays } from '../../domain/business-day.ts';
import { dueWindowRange, dueWindows, type DueWindow } from '../../domain/rules/maintenance-rules.ts';

export interface FilterContext {
  /** Today as YYYY-MM-DD. */
  today: string;
}

export interface CustomFilter {
  accepts(value: string): boolean;
  where(value: string, ctx: FilterContext): RawBuilder<unknown>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isBoolean = (v: string) => v === 'true' || v === 'false';
const table = (type: string) => sql.raw(tableName({ type }));

/** Days ahead that make a deadline "expiring" in the expiry lists (the domain's one window). */
import { EXPIRING_WITHIN_DAYS } from '../../domain/rules/deadline-window.ts';
export { EXPIRING_WITHIN_DAYS };


export const customFilters: Record<string, Record<string, CustomFilter>> = {
  customers: {
    'filter[excludeId]': {
      accepts: (v) => UUID.test(v),
      where: (v) => sql`id <> ${v.toLowerCase()}::uuid`,
    },
    // A commercial offer counts when its percentage is set and today is within its validity (SPEC §4).
    'have[commercialOffer]': {
      accepts: isBoolean,
      where: (v, { today }) => {
        const valid = sql`((attributes->>'commercialPercentage')::numeric > 0
          AND coalesce(attributes->>'validityDateTimeStart', '') <= ${`${today}T23:59:59.999Z`}
          AND coalesce(attributes->>'validityDateTimeEnd', '9999') >= ${today})`;
        return v === 'true' ? valid : sql`NOT ${valid}`;
      },
    },
    'have[priceList]': {
      accepts: isBoolean,
      where: (v) => {
        const exists = sql`EXISTS (SELECT 1 FROM ${table('priceLists')} p WHERE NOT p.is_deleted
          AND p.relationships @> jsonb_build_object('customerId', customers.id::text))`;
        return v === 'true' ? exists : sql`NOT ${exists}`;
      },
    },
  },
  users: {
    // Staff with no modules may use them all (SPEC §4 effective modules).
    'filter[moduleName]': {
      accepts: (v) => (modules as readonly string[]).includes(v),
      where: (v) => sql`((attributes->'allowedModules') ? ${v} OR jsonb_array_length(coalesce(attributes->'allowedModules', '[]'::jsonb)) = 0)`,
    },
  },
  physicalActivities: {
    'filter[onlyExpiring]': {
      accepts: isBoolean,
      where: (v, { today }) =>
        v === 'true'
          ? sql`(attributes->>'deadlineDate') BETWEEN ${today} AND ${addDays(today, EXPIRING_WITHIN_DAYS)}`
          : sql`true`,
    },
    /**
     * The worklist's operator (issue 11): a deadline's operators are those of the intervention it is
     * planned in, or was executed by (`assignmentActivityId` → its assignment's `operatorIds`, the one
     * in charge among them); a cancelled intervention or activity gives it none, nor does a deadline
     * not planned yet (customers and sites have no usual technician in the model). Read from the few
     * interventions of the operator (GIN on operatorIds) to their activities (assignmentId index) to
     * the deadlines (assignmentActivityId index): never a walk of the deadlines.
     */
    'filter[operatorId]': {
      accepts: (v) => UUID.test(v),
      // `= ANY(ARRAY(…))`: each step is read once as a list and looked up by its index; as `IN (…)`
      // the planner hashed every activity of every intervention (a scan that grows with the history).
      where: (v) => sql`${fieldSql(physicalActivities.fields.assignmentActivityId)} = ANY(ARRAY(
        SELECT id::text FROM ${table('assignmentActivities')}
        WHERE NOT is_deleted AND ${fieldSql(assignmentActivities.fields.state)} NOT IN ('canceled', 'activity-substituted')
          AND ${fieldSql(assignmentActivities.fields.assignmentId)} = ANY(ARRAY(
            SELECT id::text FROM ${table('assignments')}
            WHERE NOT is_deleted AND ${fieldSql(assignments.fields.state)} <> 'canceled'
              AND ${fieldSql(assignments.fields.operatorIds)} @> ${JSON.stringify([v.toLowerCase()])}::jsonb))))`,
    },
    // The worklist's windows (expired, this month, the next 30/60/90 days): deadlines still to do in them.
    'filter[due]': {
      accepts: (v) => (dueWindows as readonly string[]).includes(v),
      where: (v, { today }) => {
        const { from, to } = dueWindowRange(v as DueWindow, today);
        const { deadlineDate, isExecuted, isEnded } = physicalActivities.fields;
        const pending = sql`${fieldSql(isExecuted)} IS NOT TRUE AND ${fieldSql(isEnded)} IS NOT TRUE`;
        // «Scadute» (no lower bound) holds about half the deadlines: no index narrows that, yet beside
        // a full-text match set PostgreSQL ANDed the date index's half-million entries into the
        // match bitmap (bench/README.md, the worklist's search). As `(…) IS TRUE` (the same rows) the
        // bound is no index condition, so it is tested on the rows the list fetches anyway for their
        // flags, while the planner still estimates it from the column's statistics (the header's
        // «circa» count of large lists: on the document's JSON date, which has none, it was 30 %
        // short). The bounded windows keep the plain comparison: there the date index narrows.
        return from === null
          ? sql`(${pending} AND (${fieldSql(deadlineDate)} <= ${to}) IS TRUE)`
          : sql`(${pending} AND ${fieldSql(deadlineDate)} BETWEEN ${from} AND ${to})`;
      },
    },
  },
};
