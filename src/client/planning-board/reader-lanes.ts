/**
 * The lanes of a board reader who may not list users (the Operatore: reads every intervention, not
 * the users): instead of the module's technicians (`GET /api/users`, closed to them), the technicians
 * named on the interventions drawn in the period shown, named through the staff names
 * (`GET /api/users/names`), and the reader's own lane when they are a maintainer, as before. A
 * colleague who has been disabled keeps their lane for their cards, marked as on the planner's board.
 * A read-only view of who works when: whether a card may be moved is still the reader's ability.
 */
import { laneCells, placementOf, type AssignmentLike, type BoardLane } from '../../domain/rules/planning.ts';
import type { StaffName } from '../../domain/entities/users.ts';

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
 * order (then by id); a disabled colleague's lane is `away` as on the planner's board (boardLanes).
 * `names` holds the names known so far (the reader's own is theirs); a lane whose name is still being
 * asked is named '' until it arrives.
 */
export function readerLanes(
  period: readonly AssignmentLike[],
  days: readonly string[],
  names: ReadonlyMap<string, StaffName>,
  reader: LaneReader,
): BoardLane[] {
  const ids = new Set(periodTechnicianIds(period, days));
  if (reader.isMainteiner) ids.add(reader.id);
  return [...ids]
    .map((id): BoardLane => {
      if (id === reader.id) return { id, displayName: reader.displayName };
      const known = names.get(id);
      return { id, displayName: known?.displayName ?? '', ...(known?.isEnabled === false ? { away: 'disabled' as const } : {}) };
    })
    .toSorted((a, b) => a.displayName.localeCompare(b.displayName, 'it') || a.id.localeCompare(b.id));
}
