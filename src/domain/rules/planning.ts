/**
 * The planning board's rules (issue 11 "Planning board"), shared by the board screen, its commands,
 * the demo data and the tests: which technicians get a lane, which days a week or month view
 * shows, where an intervention sits (technician, day, minute of the day in Rome), where a move by
 * day, hour or lane takes it, what a drop writes (the record's patch, then the `schedule`
 * transition for one still to schedule) and which interventions are double-booked.
 *
 * Days are `YYYY-MM-DD` texts; times are minutes from midnight in Rome (SPEC: an Italian business,
 * "today" is the business day in Europe/Rome); stored date-times are ISO instants.
 */
import { BUSINESS_TIME_ZONE, addDays } from './calendar.ts';
import { mondayOf, periodDays, periodStart, requestRanges, shiftPeriod, DAYS_PER_REQUEST, type BoardView } from './board-period.ts';

// The periods a board shows live apart (board-period.ts): the calendar screen asks for them before the board's code has loaded.
export { mondayOf, periodDays, periodStart, requestRanges, shiftPeriod, DAYS_PER_REQUEST, type BoardView };

/** Hours the board lets a move reach (our choice: a technician's day from 6:00 to 22:00, field work outside office hours included). */
export const BOARD_HOURS = { first: 6, last: 22 } as const;
/** Where an intervention without a planned time lands (our choice: the usual start of a field day). */
export const DEFAULT_START_MINUTES = 8 * 60;
/** How long an intervention without a planned end lasts on the board (our choice: one hour, the shortest visit). */
export const DEFAULT_DURATION_MINUTES = 60;
/** One step of ↑/↓ (issue 11: "move it by day and hour"). */
export const HOUR_MINUTES = 60;

/** SPEC §4: `open` is "to schedule"; a postponed one goes back to schedule too. They form the backlog. */
export const BACKLOG_STATES: readonly string[] = ['open', 'postponed'];
/** What the board may move: the backlog and what is scheduled but not begun (running or done work stays where it happened). */
export const MOVABLE_STATES: readonly string[] = [...BACKLOG_STATES, 'scheduled'];
/** States that occupy a technician's time (a double booking among them is a real clash). */
export const BUSY_STATES: readonly string[] = ['scheduled', 'running', 'paused'];
/** Not drawn in the lanes: cancelled work took nobody's time (the grid of interventions still lists it). */
export const HIDDEN_STATES: readonly string[] = ['canceled'];

export const isBacklogState = (state: string): boolean => BACKLOG_STATES.includes(state);
export const isMovableState = (state: string): boolean => MOVABLE_STATES.includes(state);

/** ISO weekday 1 (Monday) … 7 (Sunday). */
export function isoWeekday(day: string): number {
  return ((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
}

/** The next `weekday` (1 = Monday … 7) strictly after `day`: "next Tuesday". */
export function nextWeekday(day: string, weekday: number): string {
  const ahead = (weekday - isoWeekday(day) + 7) % 7 || 7;
  return addDays(day, ahead);
}

// ---------------------------------------------------------------------------------------------
// Rome wall clock <-> instants

const romeParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
});

/**
 * Rome's offset from UTC (minutes) by UTC hour. Its changes fall on whole UTC hours (01:00 UTC in the
 * EU rule, and on the hour in every earlier Italian rule), so one hour has one offset: a month of a
 * board asks Intl (formatToParts, the costly part) once per hour that has an intervention, not once per
 * intervention.
 */
const offsetByHour = new Map<number, number>();
const OFFSET_CACHE_SIZE = 50_000;
const HOUR_MS = 3_600_000;

/** Minutes Rome is ahead of UTC at `ms` (60 in winter, 120 in summer). */
function romeOffsetAt(ms: number): number {
  const hour = Math.floor(ms / HOUR_MS);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    const parts: Record<string, string> = {};
    for (const part of romeParts.formatToParts(new Date(hour * HOUR_MS))) parts[part.type] = part.value;
    const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute));
    offset = Math.round((wall - hour * HOUR_MS) / 60_000);
    if (offsetByHour.size >= OFFSET_CACHE_SIZE) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
}

const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);

// A board reads the same instants again (cells, clashes, the cursor, every move): each is worked out once.
const wallClockCache = new Map<string, { day: string; minutes: number }>();
const WALL_CLOCK_CACHE_SIZE = 20_000;

/** The day and minute of the day in Rome of an instant. */
export function romeWallClock(instant: string | Date): { day: string; minutes: number } {
  if (typeof instant !== 'string') return wallClockOf(instant.getTime());
  let known = wallClockCache.get(instant);
  if (!known) {
    known = Object.freeze(wallClockOf(Date.parse(instant)));
    if (wallClockCache.size >= WALL_CLOCK_CACHE_SIZE) wallClockCache.clear();
    wallClockCache.set(instant, known);
  }
  return known;
}

function wallClockOf(ms: number): { day: string; minutes: number } {
  const wall = new Date(Math.floor(ms / 60_000) * 60_000 + romeOffsetAt(ms) * 60_000);
  return {
    day: `${wall.getUTCFullYear()}-${two(wall.getUTCMonth() + 1)}-${two(wall.getUTCDate())}`,
    minutes: wall.getUTCHours() * 60 + wall.getUTCMinutes(),
  };
}

/** The instant (ISO, UTC) of `minutes` after midnight of `day` in Rome, across summer time changes. */
export function romeInstant(day: string, minutes: number): string {
  const wall = Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)), 0, minutes);
  let offset = romeOffsetAt(wall);
  const second = romeOffsetAt(wall - offset * 60_000);
  if (second !== offset) offset = second;
  return new Date(wall - offset * 60_000).toISOString();
}

// ---------------------------------------------------------------------------------------------
// Lanes and placements

/** A user as the board needs it to decide on a lane. */
export interface TechnicianCandidate {
  id: string;
  displayName: string;
  isMainteiner: boolean;
  allowedModules: readonly string[];
  isEnabled?: boolean;
}

/** Whether a staff member may work on `module` (SPEC §4 effective modules: staff with none may use them all). */
export function worksOnModule(user: Pick<TechnicianCandidate, 'allowedModules'>, module: string): boolean {
  return user.allowedModules.length === 0 || user.allowedModules.includes(module);
}

/** One lane per technician of the module: enabled maintainers allowed on it, by name. */
export function technicianLanes<T extends TechnicianCandidate>(users: readonly T[], module: string): T[] {
  return users
    .filter((u) => u.isMainteiner && worksOnModule(u, module) && u.isEnabled !== false)
    .toSorted((a, b) => a.displayName.localeCompare(b.displayName, 'it') || a.id.localeCompare(b.id));
}

/** Why a lane's technician may not be given more work on the module: disabled, or not (or no longer) one of its maintainers. */
export type LaneAway = 'disabled' | 'notOnModule';

/** A lane of the planner's board: a technician, and why no more work may go to them, if so. */
export interface BoardLane {
  id: string;
  displayName: string;
  away?: LaneAway;
}

/**
 * The planner's lanes: the module's technicians (`technicianLanes`), then everyone else named on a
 * card drawn in the period (`periodIds`): someone who has left, or who works on other modules now.
 * Their cards stay on the board, in lanes marked with the reason, where they can be read and moved
 * to a technician who may take them; without those lanes they were drawn nowhere. `users` are the
 * module's maintainers as listed (disabled ones included); a period technician not among them is
 * named by `nameOf`.
 */
export function boardLanes(
  users: readonly TechnicianCandidate[],
  module: string,
  periodIds: readonly string[],
  nameOf: (id: string) => string,
): BoardLane[] {
  const lanes: BoardLane[] = technicianLanes(users, module).map(({ id, displayName }) => ({ id, displayName }));
  const onModule = new Set(lanes.map((lane) => lane.id));
  const listed = new Map(users.map((user) => [user.id, user]));
  const away = [...new Set(periodIds)]
    .filter((id) => !onModule.has(id))
    .map((id): BoardLane => {
      const user = listed.get(id);
      return { id, displayName: user?.displayName ?? nameOf(id), away: user?.isEnabled === false ? 'disabled' : 'notOnModule' };
    })
    .toSorted((a, b) => a.displayName.localeCompare(b.displayName, 'it') || a.id.localeCompare(b.id));
  return [...lanes, ...away];
}

/** Where an intervention is (or would be) on the board. */
export interface Placement {
  id: string;
  state: string;
  /** ISO instant, or null for one not dated yet. */
  start: string | null;
  end: string | null;
  operatorIds: readonly string[];
  operatorInChargeId: string | null;
}

/** The shape of an assignment record the board reads (attributes and relationships). */
export interface AssignmentLike {
  id: string;
  attributes: Record<string, unknown>;
  relationships: Record<string, unknown>;
}

export function placementOf(entity: AssignmentLike): Placement {
  const ids = entity.relationships.operatorIds;
  const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
  return {
    id: entity.id,
    state: String(entity.attributes.state ?? 'open'),
    start: text(entity.attributes.plannedStartDateTime),
    end: text(entity.attributes.plannedEndDateTime),
    operatorIds: Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [],
    operatorInChargeId: text(entity.relationships.operatorInChargeId),
  };
}

/** Length in minutes (the planned one when it has both ends, else the default). */
export function durationMinutes(placement: Pick<Placement, 'start' | 'end'>): number {
  if (!placement.start || !placement.end) return DEFAULT_DURATION_MINUTES;
  const minutes = Math.round((Date.parse(placement.end) - Date.parse(placement.start)) / 60_000);
  return minutes > 0 ? minutes : DEFAULT_DURATION_MINUTES;
}

/** Where the board shows an intervention: in the backlog, or on a day of some lanes. */
export function isInBacklog(placement: Placement): boolean {
  return isBacklogState(placement.state) || placement.start === null || placement.operatorIds.length === 0;
}

/** A position on the board while a card is being moved: a lane (technician), a day and a minute. */
export interface BoardSlot {
  operatorId: string;
  day: string;
  minutes: number;
}

/**
 * Where a card starts when it is picked up: where it is (its lane is the one it was picked from,
 * else its operator in charge, else the first lane), or for one never dated the first lane on
 * `fallbackDay` at the usual start.
 */
export function slotOf(placement: Placement, lanes: readonly string[], fallbackDay: string, fromLane?: string): BoardSlot | null {
  const lane = (fromLane && lanes.includes(fromLane) ? fromLane : undefined)
    ?? placement.operatorIds.find((id) => id === placement.operatorInChargeId && lanes.includes(id))
    ?? placement.operatorIds.find((id) => lanes.includes(id))
    ?? lanes[0];
  if (!lane) return null;
  if (!placement.start) return { operatorId: lane, day: fallbackDay, minutes: DEFAULT_START_MINUTES };
  const { day, minutes } = romeWallClock(placement.start);
  return { operatorId: lane, day, minutes };
}

export type Move = { days: number } | { hours: number } | { lanes: number };

/** The slot a move by day, hour or lane reaches; hours stay within BOARD_HOURS, lanes within the board. */
export function moveSlot(slot: BoardSlot, move: Move, lanes: readonly string[], duration = DEFAULT_DURATION_MINUTES): BoardSlot {
  if ('days' in move) return { ...slot, day: addDays(slot.day, move.days) };
  if ('hours' in move) {
    const first = BOARD_HOURS.first * 60;
    const last = Math.max(first, BOARD_HOURS.last * 60 - Math.min(duration, (BOARD_HOURS.last - BOARD_HOURS.first) * 60));
    return { ...slot, minutes: Math.min(last, Math.max(first, slot.minutes + move.hours * HOUR_MINUTES)) };
  }
  const at = lanes.indexOf(slot.operatorId);
  const next = lanes[Math.min(lanes.length - 1, Math.max(0, (at < 0 ? 0 : at) + move.lanes))];
  return next ? { ...slot, operatorId: next } : slot;
}

/** The team after the card moved from lane `from` to lane `to`: `to` takes `from`'s place (and its charge). */
export function reassign(placement: Pick<Placement, 'operatorIds' | 'operatorInChargeId'>, from: string | undefined, to: string): { operatorIds: string[]; operatorInChargeId: string } {
  const current = [...placement.operatorIds];
  const at = from ? current.indexOf(from) : -1;
  let operatorIds: string[];
  if (current.includes(to)) operatorIds = at >= 0 && from !== to ? current.filter((id) => id !== from) : current;
  else if (at >= 0) operatorIds = current.map((id) => (id === from ? to : id));
  else operatorIds = [to, ...current];
  const inCharge = placement.operatorInChargeId;
  const operatorInChargeId = inCharge === from || !inCharge || !operatorIds.includes(inCharge) ? to : inCharge;
  return { operatorIds, operatorInChargeId };
}

/** What a drop writes: the record's merge patch, and whether the `schedule` transition follows it. */
export interface DropPlan {
  patch: { attributes: { plannedStartDateTime: string; plannedEndDateTime: string }; relationships: { operatorIds: string[]; operatorInChargeId: string } };
  schedule: boolean;
}

/** A card dropped on `slot`, picked up from lane `fromLane` (none from the backlog): same length, the lane's technician on the team. */
export function dropPlan(placement: Placement, slot: BoardSlot, fromLane?: string): DropPlan {
  const duration = durationMinutes(placement);
  const start = romeInstant(slot.day, slot.minutes);
  const end = new Date(Date.parse(start) + duration * 60_000).toISOString();
  return {
    patch: { attributes: { plannedStartDateTime: start, plannedEndDateTime: end }, relationships: reassign(placement, fromLane, slot.operatorId) },
    schedule: isBacklogState(placement.state),
  };
}

/** The team with `operatorId` added (in charge when nobody was). */
export function withOperator(placement: Pick<Placement, 'operatorIds' | 'operatorInChargeId'>, operatorId: string): { operatorIds: string[]; operatorInChargeId: string } {
  const operatorIds = placement.operatorIds.includes(operatorId) ? [...placement.operatorIds] : [...placement.operatorIds, operatorId];
  const inCharge = placement.operatorInChargeId;
  return { operatorIds, operatorInChargeId: inCharge && operatorIds.includes(inCharge) ? inCharge : operatorId };
}

/**
 * Double bookings: for each intervention that keeps a technician busy, the others that overlap it
 * in time for one of its operators (half-open intervals: one ending at 10:00 and one starting at
 * 10:00 do not clash). Sweeps each operator's interventions in start order.
 */
export function doubleBookings(placements: readonly Placement[]): Map<string, Set<string>> {
  const byOperator = new Map<string, { id: string; start: number; end: number }[]>();
  for (const p of placements) {
    if (!p.start || !BUSY_STATES.includes(p.state)) continue;
    const start = Date.parse(p.start);
    const end = start + durationMinutes(p) * 60_000;
    for (const operatorId of new Set(p.operatorIds)) {
      let list = byOperator.get(operatorId);
      if (!list) byOperator.set(operatorId, (list = []));
      list.push({ id: p.id, start, end });
    }
  }
  const clashes = new Map<string, Set<string>>();
  const mark = (a: string, b: string) => {
    let set = clashes.get(a);
    if (!set) clashes.set(a, (set = new Set()));
    set.add(b);
  };
  for (const list of byOperator.values()) {
    list.sort((a, b) => a.start - b.start || a.end - b.end);
    const open: { id: string; end: number }[] = [];
    for (const item of list) {
      for (let i = open.length - 1; i >= 0; i--) if (open[i]!.end <= item.start) open.splice(i, 1);
      for (const other of open) {
        if (other.id === item.id) continue;
        mark(item.id, other.id);
        mark(other.id, item.id);
      }
      open.push(item);
    }
  }
  return clashes;
}

/** A card in a lane cell: what the board draws. */
export interface LaneCard {
  id: string;
  minutes: number;
  inCharge: boolean;
}

/**
 * The board's cells: for each lane and day, the interventions there in time order (an intervention
 * with three operators is in three lanes). Only days in `days` and lanes in `lanes` are kept.
 */
export function laneCells(placements: readonly Placement[], lanes: readonly string[], days: readonly string[]): Map<string, Map<string, LaneCard[]>> {
  const laneSet = new Set(lanes);
  const daySet = new Set(days);
  const cells = new Map<string, Map<string, LaneCard[]>>();
  for (const p of placements) {
    if (isInBacklog(p) || !p.start || HIDDEN_STATES.includes(p.state)) continue;
    const { day, minutes } = romeWallClock(p.start);
    if (!daySet.has(day)) continue;
    for (const operatorId of p.operatorIds) {
      if (!laneSet.has(operatorId)) continue;
      let lane = cells.get(operatorId);
      if (!lane) cells.set(operatorId, (lane = new Map()));
      let cell = lane.get(day);
      if (!cell) lane.set(day, (cell = []));
      cell.push({ id: p.id, minutes, inCharge: p.operatorInChargeId === operatorId });
    }
  }
  for (const lane of cells.values()) for (const cell of lane.values()) cell.sort((a, b) => a.minutes - b.minutes || a.id.localeCompare(b.id));
  return cells;
}

/**
 * The cells with one placement changed (the card being moved): only the lanes it leaves or enters
 * are new objects, so a board redraws those lanes alone. `before` is where it was (or undefined).
 */
export function withPlacement(
  cells: ReadonlyMap<string, ReadonlyMap<string, readonly LaneCard[]>>,
  before: Placement | undefined,
  after: Placement,
  lanes: readonly string[],
  days: readonly string[],
): Map<string, Map<string, LaneCard[]>> {
  const next = new Map(cells as Map<string, Map<string, LaneCard[]>>);
  const touched = new Set([...(before?.operatorIds ?? []), ...after.operatorIds].filter((id) => next.has(id) || lanes.includes(id)));
  for (const lane of touched) {
    const old = next.get(lane);
    const copy = new Map<string, LaneCard[]>();
    for (const [day, cell] of old ?? []) {
      const kept = cell.filter((card) => card.id !== after.id);
      if (kept.length > 0) copy.set(day, kept.length === cell.length ? cell : kept);
    }
    next.set(lane, copy);
  }
  const added = laneCells([after], lanes, days);
  for (const [lane, byDay] of added) {
    const copy = next.get(lane)!;
    for (const [day, cards] of byDay) {
      const merged = [...(copy.get(day) ?? []), ...cards].sort((a, b) => a.minutes - b.minutes || a.id.localeCompare(b.id));
      copy.set(day, merged);
    }
  }
  return next;
}

/** `HH:MM` of a minute of the day. */
export function formatMinutes(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
