/**
 * The board's reference (built by run.ts): the least a page can do to show what the board shows at
 * its first paint, in the same browser over the same fake API. No React, no state, no keys: the
 * same requests (technicians and the period's day ranges), the same stylesheet, and plain DOM calls
 * for the lanes, cells and cards the board drew in its own first paint, with the attributes the
 * board gives them (run.ts passes how many lanes and which days). What the board takes beyond this
 * is its own cost; this is the machine's.
 */
import { injectBoardStyles } from '../../src/client/planning-board/board-styles.ts';
import { formatMinutes, placementOf, requestRanges, romeWallClock } from '../../src/domain/rules/planning.ts';

declare global {
  interface Window { benchPainted?: number; benchReference: { module: string; days: string[]; from: string; to: string; lanes: number; cardDays: string[] } }
}

interface Row { id: string; attributes: Record<string, unknown>; relationships: Record<string, unknown> }
interface Answer { data: Row[]; meta: { total: number } }

const start = performance.now();
const { module, days, from, to, lanes, cardDays } = window.benchReference;
const PAGE = 500;

async function all(query: string): Promise<Row[]> {
  const first = (await (await fetch(`/api/${query}&page[size]=${PAGE}&page[number]=1`)).json()) as Answer;
  const pages = Math.ceil(first.meta.total / PAGE);
  const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, async (_, i) => ((await (await fetch(`/api/${query}&page[size]=${PAGE}&page[number]=${i + 2}`)).json()) as Answer).data));
  return [first.data, ...rest].flat();
}

// As the board: its days and one more each side (the server's day is UTC); its backlog is asked too.
void fetch(`/api/assignments?filter[module]=${module}&filter[state]=open%2Cpostponed&sort=-code&page[size]=200`).then((answer) => answer.json());
const [technicians, ...parts] = await Promise.all([
  all(`users?filter[isMainteiner]=true&filter[moduleName]=${module}&sort=displayName`),
  ...requestRanges(from, to).map(([a, b]) => all(`assignments?filter[module]=${module}&from[plannedStartDateTime]=${a}&to[plannedStartDateTime]=${b}&sort=plannedStartDateTime`)),
]);

// Cards by lane and day, in time order.
const shownDays = new Set(cardDays);
type Card = { id: string; minutes: number; code: string; text: string; label: string; state: string };
const byLane = new Map<string, Map<string, Card[]>>();
for (const row of parts.flat()) {
  const p = placementOf(row);
  if (!p.start) continue;
  const { day, minutes } = romeWallClock(p.start);
  for (const lane of p.operatorIds) {
    let cells = byLane.get(lane);
    if (!cells) byLane.set(lane, (cells = new Map()));
    let cell = cells.get(day);
    if (!cell) cells.set(day, (cell = []));
    const code = String(row.attributes.code ?? '');
    const time = formatMinutes(minutes);
    const label = [time, `${code} – ${String(row.attributes.title ?? '')}`, String((row as { metadata?: { customerName?: string } }).metadata?.customerName ?? ''), p.state].join(' · ');
    cell.push({ id: row.id, minutes, code, text: `${time} ${code}`, label, state: p.state });
  }
}

injectBoardStyles();
const element = (tag: string, className: string, text?: string) => {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
};
const section = element('section', 'screen screen-board board-month');
// The same DOM as the board's first paint: lanes, cells and cards with the board's attributes.
const board = element('div', 'board');
const scroller = element('div', 'board-lanes');
scroller.style.setProperty('--board-columns', `var(--board-lane-head) repeat(${days.length}, minmax(var(--board-day-min), 1fr))`);
const head = element('div', 'board-row board-head');
head.append(element('div', 'board-lane-name', 'Tecnico'), ...days.map((day) => element('div', 'board-day-head', day.slice(8))));
const body = element('div', '');
body.style.position = 'relative';
let top = 0;
for (const tech of technicians.slice(0, lanes)) {
  const cells = byLane.get(tech.id) ?? new Map<string, Card[]>();
  let most = 1;
  for (const cell of cells.values()) most = Math.max(most, cell.length);
  const height = most * 20 + 12;
  const lane = element('div', 'board-row board-lane');
  Object.assign(lane.style, { position: 'absolute', top: '0', left: '0', right: '0', height: `${height}px`, transform: `translateY(${top}px)` });
  const name = String(tech.attributes.displayName ?? '');
  lane.setAttribute('role', 'group');
  lane.setAttribute('aria-label', name);
  lane.dataset.lane = tech.id;
  lane.append(element('div', 'board-lane-name', name));
  for (const day of days) {
    const cell = element('div', 'board-cell');
    cell.dataset.day = day;
    if (shownDays.has(day)) {
      for (const card of (cells.get(day) ?? []).sort((a, b) => a.minutes - b.minutes)) {
        // The attributes the board's cards carry (keyboard, screen readers, drag and drop).
        const node = element('div', `board-card state-${card.state}`, card.text);
        node.id = `board-card-${tech.id}-${card.id}`;
        node.setAttribute('role', 'button');
        node.tabIndex = -1;
        node.setAttribute('aria-label', card.label);
        node.title = card.label;
        node.dataset.assignmentId = card.id;
        node.dataset.code = card.code;
        node.draggable = card.state === 'scheduled';
        cell.append(node);
      }
    }
    lane.append(cell);
  }
  body.append(lane);
  top += height;
}
body.style.height = `${top}px`;
scroller.append(head, body);
board.append(element('div', 'board-backlog'), scroller);
section.append(board);
document.getElementById('root')!.append(section);
requestAnimationFrame(() => setTimeout(() => (window.benchPainted = performance.now() - start)));
