/**
 * The lanes of a board reader who may not list users (the Operatore: reads every intervention, not
 * the users): instead of the module's technicians (`GET /api/users`, closed to them), the technicians
 * named on the interventions drawn in the period shown, named through the staff names
 * (`GET /api/users/names`), and the reader's own lane when they are a maintainer, as before. A
 * read-only view of who works when: whether a card may be moved is still the reader's ability.
 */
import { laneCells, placementOf, type AssignmentLike } from '../../domain/rules/planning.ts';

export interface LaneTechnician { id: string; name: string }

/** The reader: their own lane is kept when they are a maintainer, even without an intervention in the period. */
export interface LaneReader { id: string; displayName: string; isMainteiner: boolean }

/**
 * The technicians with a card drawn in the period's days (the cards the lanes would show: dated, not
 * in the backlog nor in a hidden state, on one of `days`), in the order first met.
 */
export function periodTechnicianIds(period: readonly AssignmentLike[], days: readonly string[]): string[] {
  const placements = period.map(placementOf);
  const named = [...new Set(placements.flatMap((p) => p.operatorIds))];
  return [...laneCells(placements, named, days).keys()];
}

/**
 * The reader's lanes: the period's technicians and the reader (a maintainer), by name in Italian
 * order (then by id). `names` holds the names known so far (the reader's own is theirs); a lane whose
 * name is still being asked is named '' until it arrives.
 */
export function readerLanes(
  period: readonly AssignmentLike[],
  days: readonly string[],
  names: ReadonlyMap<string, string>,
  reader: LaneReader,
): LaneTechnician[] {
  const ids = new Set(periodTechnicianIds(period, days));
  if (reader.isMainteiner) ids.add(reader.id);
  return [...ids]
    .map((id) => ({ id, name: id === reader.id ? reader.displayName : names.get(id) ?? '' }))
    .toSorted((a, b) => a.name.localeCompare(b.name, 'it') || a.id.localeCompare(b.id));
}
