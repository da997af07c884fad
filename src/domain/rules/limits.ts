/**
 * SPEC §9 "Activities limit message and report headings limit warning exist; the limit is a
 * parameter": the two limits, set by the server's configuration (README "Configuration") and read
 * by the client from `GET /api/limits`.
 * - Activities: an intervention (assignment) holds at most `activitiesPerIntervention` activities;
 *   one more is refused (`ACTIVITIES_LIMIT_REACHED`).
 * - Report headings: a module (or the general headings, valid for every module) with
 *   `reportHeadingsPerModule` headings or more gets a warning; more are still accepted. Headings are
 *   chosen per module (the module's default, else a general one), so the count that matters is the
 *   module's: a long list of letterheads to choose from for one module is what the warning is about.
 */
import type { ModuleName } from '../enums.ts';

export interface Limits {
  /** Most activities one intervention may have (MAX_ACTIVITIES_PER_INTERVENTION). */
  activitiesPerIntervention: number;
  /** Report headings of one module (or general ones) from which a warning is shown (REPORT_HEADINGS_WARNING_PER_MODULE). */
  reportHeadingsPerModule: number;
}

export const DEFAULT_LIMITS: Limits = { activitiesPerIntervention: 200, reportHeadingsPerModule: 5 };

/** Whether an intervention with `count` activities may take one more. */
export function mayAddActivity(count: number, limits: Pick<Limits, 'activitiesPerIntervention'>): boolean {
  return count < limits.activitiesPerIntervention;
}

/** The refusal's text (the client has its own copy with the same value, `problems.ACTIVITIES_LIMIT_REACHED`). */
export function activitiesLimitMessage(limit: number): string {
  return `Un intervento può avere al massimo ${limit} attività: per aggiungerne altre crea un nuovo intervento`;
}

/** A module's report headings at or over the limit: `module` null for the general headings. */
export interface HeadingsOverLimit {
  module: ModuleName | null;
  count: number;
  limit: number;
}

/** The modules (and the general headings) whose live report headings reached the limit, in module order, general first. */
export function reportHeadingsOverLimit(headings: readonly { attributes: { module?: unknown } }[], limits: Pick<Limits, 'reportHeadingsPerModule'>): HeadingsOverLimit[] {
  const counts = new Map<ModuleName | null, number>();
  for (const heading of headings) {
    const module = typeof heading.attributes.module === 'string' && heading.attributes.module !== '' ? (heading.attributes.module as ModuleName) : null;
    counts.set(module, (counts.get(module) ?? 0) + 1);
  }
  return [...counts.entries()]
    .filter(([, count]) => count >= limits.reportHeadingsPerModule)
    .map(([module, count]) => ({ module, count, limit: limits.reportHeadingsPerModule }))
    .toSorted((a, b) => (a.module ?? '').localeCompare(b.module ?? ''));
}
