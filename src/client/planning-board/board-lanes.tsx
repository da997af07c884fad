/**
 * The board's lanes: a head of days, then one row per technician (virtualized; only the rows in
 * view are rendered). A lane's cells and cards are one HTML string, the lanes region handles the
 * mouse for all of them, and the cursor is the region's active descendant.
 */
import { memo, useMemo, type ComponentProps, type Ref } from 'react';
import type { VirtualItem } from '@tanstack/react-virtual';
import { escapeHtml } from '../../domain/html.ts';
import { nonWorkingDay } from '../../domain/rules/calendar.ts';
import type { BoardView, LaneCard } from '../../domain/rules/planning.ts';
import type { LaneCells } from './board-cursor.ts';
import { dayFormat, isWeekend, noon, shortDayFormat } from './board-days.ts';

const NO_DAYS: readonly string[] = [];

/** The indexes of the first and last day drawn with their cards. */
export interface DayWindow { first: number; last: number }

/** A card as the board draws it (Board's cardView). */
export interface CardView {
  domId: string;
  classes: string;
  label: string;
  code: string;
  time: string | undefined;
  /** The customer (or the title) in the week view, nothing in the month's. */
  text: string;
  backlogDate: string;
  inCharge: boolean;
  clash: boolean;
  draggable: boolean;
}

/** The DOM id of a card in a lane (a card with two technicians is in two lanes) or in the backlog. */
export function cardDomId(id: string, lane: string | null): string {
  return `board-card-${lane ?? 'backlog'}-${id}`;
}

/**
 * A lane's card as HTML: a month draws hundreds of them, and a cell's cards set as one string
 * cost a fraction of as many React elements (their events are the lanes' own).
 */
export function cardHtml(card: CardView, id: string, view: BoardView): string {
  const label = escapeHtml(card.label);
  const attributes = `id="${escapeHtml(card.domId)}" role="button" aria-label="${label}" title="${label}" data-assignment-id="${escapeHtml(id)}" data-code="${escapeHtml(card.code)}" class="${escapeHtml(card.classes)}" draggable="${card.draggable}"`;
  // A month's card is one box, time and code as its text, the marks drawn by CSS.
  // The code is shown whole (its own line, never cut): a month's card is its code alone (the time is in its label).
  if (view === 'month') return `<div ${attributes}>${escapeHtml(card.code)}</div>`;
  return `<div ${attributes}><span class="board-card-line"><span class="board-card-code">${escapeHtml(card.code)}</span></span><span class="board-card-text">${card.inCharge ? '<span class="board-card-charge" aria-hidden="true">★</span> ' : ''}${card.clash ? '<span class="board-card-clash" aria-hidden="true">⚠</span> ' : ''}${card.time ? `<span class="board-card-time">${card.time}</span> ` : ''}${escapeHtml(card.text)}</span></div>`;
}

/** The lane and day of the cell under a dragged card (the cells are the lanes' HTML), if any. */
export function cellOf(target: EventTarget): { lane: string; day: string } | undefined {
  const cell = target instanceof Element ? target.closest<HTMLElement>('.board-cell[data-day]') : null;
  const lane = cell?.closest<HTMLElement>('[data-lane]')?.dataset.lane;
  return cell && lane ? { lane, day: cell.dataset.day! } : undefined;
}

/** Scrolls `container` (not the page) just enough to show `element`, below its sticky head and right of its sticky names. */
export function scrollWithin(container: HTMLElement, element: HTMLElement): void {
  const box = container.getBoundingClientRect();
  const rect = element.getBoundingClientRect();
  const head = container.querySelector<HTMLElement>('.board-head')?.offsetHeight ?? 0;
  const names = container.querySelector<HTMLElement>('.board-lane-name')?.offsetWidth ?? 0;
  if (rect.top < box.top + head) container.scrollTop -= box.top + head - rect.top;
  else if (rect.bottom > box.bottom) container.scrollTop += rect.bottom - box.bottom;
  if (rect.left < box.left + names) container.scrollLeft -= box.left + names - rect.left;
  else if (rect.right > box.right) container.scrollLeft += rect.right - box.right;
}

/** A lane card's HTML, read through a ref so that a new render function does not redraw every lane. */
export type CardHtmlRef = { current: (id: string, lane: string, minutes: number) => string };

interface BoardLanesProps extends Omit<ComponentProps<'div'>, 'ref' | 'title'> {
  ref: Ref<HTMLDivElement>;
  title: string;
  roleDescription: string;
  technicianLabel: string;
  /** Said when there is no lane (still loading, or no technician). */
  emptyText: string;
  activeDomId: string | undefined;
  view: BoardView;
  days: readonly string[];
  today: string;
  laneIds: readonly string[];
  nameOf: ReadonlyMap<string, string>;
  /** The lanes kept only for their cards (their technician disabled, or off the module), and why. */
  awayOf: ReadonlyMap<string, string>;
  cells: LaneCells;
  /** False until the period's answer: the lanes show their names alone, their cells drawn once, with their cards. */
  cellsDrawn: boolean;
  lanesInView: VirtualItem[];
  totalHeight: number;
  dayWindow: DayWindow | null;
  cursorLane: string | null | undefined;
  cursorDay: string | undefined;
  laneState: (lane: string) => string;
  /** Why the card carried should not go to this lane (issue 25: the technician's missing qualifications), if so. */
  laneWarning: (lane: string) => string | undefined;
  cardHtml: CardHtmlRef;
}

/** The lanes region: one focusable element for the keys, its rows drawn by LaneRow. */
export function BoardLanes({
  ref, title, roleDescription, technicianLabel, emptyText, activeDomId, view, days, today, laneIds, nameOf, awayOf, cells, cellsDrawn,
  lanesInView, totalHeight, dayWindow, cursorLane, cursorDay, laneState, laneWarning, cardHtml, ...regionProps
}: BoardLanesProps) {
  const columns = `var(--board-lane-head) repeat(${days.length}, minmax(var(--board-day-min), 1fr))`;
  return (
    <div
      ref={ref}
      className="board-lanes"
      role="application"
      aria-roledescription={roleDescription}
      aria-label={title}
      aria-describedby="board-hint-keys"
      aria-activedescendant={activeDomId}
      tabIndex={0}
      style={{ ['--board-columns' as string]: columns, ['--board-days' as string]: days.length }}
      {...regionProps}
    >
      <div className="board-row board-head" aria-hidden="true">
        <div className="board-lane-name">{technicianLabel}</div>
        {days.map((day) => (
          <div key={day} className={`board-day-head${day === today ? ' is-today' : ''}${isWeekend(day) ? ' is-weekend' : ''}`} title={nonWorkingDay(day)?.reason === 'holiday' ? nonWorkingDay(day)!.name : undefined}>
            {view === 'week' ? dayFormat.format(noon(day)) : shortDayFormat.format(noon(day))}
          </div>
        ))}
      </div>
      {laneIds.length === 0 ? (
        <p className="board-empty">{emptyText}</p>
      ) : (
        <div style={{ height: totalHeight, position: 'relative' }}>
          {lanesInView.map((item) => {
            const lane = laneIds[item.index]!;
            return (
              <LaneRow
                key={lane}
                lane={lane}
                name={nameOf.get(lane) ?? ''}
                away={awayOf.get(lane)}
                days={cellsDrawn ? days : NO_DAYS}
                today={today}
                top={item.start}
                height={item.size}
                byDay={cells.get(lane)}
                shown={dayWindow}
                cursorDay={cursorLane === lane ? cursorDay : undefined}
                state={laneState(lane)}
                warning={laneWarning(lane)}
                cardHtml={cardHtml}
              />
            );
          })}
        </div>
      )}
    </div>
  );
}

interface LaneRowProps {
  lane: string;
  name: string;
  away: string | undefined;
  days: readonly string[];
  today: string;
  top: number;
  height: number;
  byDay: ReadonlyMap<string, readonly LaneCard[]> | undefined;
  /** The days whose cards are drawn (null: all), and the cursor's day in this lane, always drawn. */
  shown: DayWindow | null;
  cursorDay: string | undefined;
  /** What else the row shows that is not in its cells (see Board's laneState). */
  state: string;
  warning: string | undefined;
  cardHtml: CardHtmlRef;
}

/**
 * One technician's lane across the days; memoized, so a move redraws only the lanes it touches. Its
 * name, cells and cards are one HTML string (a month's lanes are hundreds of cells): React keeps the
 * lane's box, and the lanes region handles the mouse for every cell and card in it.
 */
const LaneRow = memo(function LaneRow({ lane, name, away, days, today, top, height, byDay, shown, cursorDay, state, warning, cardHtml }: LaneRowProps) {
  const html = useMemo(() => {
    const mark = warning ? `<span class="board-lane-unqualified" title="${escapeHtml(warning)}">⚠ ${escapeHtml(warning)}</span>` : '';
    // The whole name on hover: the lane's head is narrow, and a marked lane's reason is at its end.
    let text = `<div class="board-lane-name" aria-hidden="true" title="${escapeHtml(name)}">${escapeHtml(name)}${mark}</div>`;
    days.forEach((day, index) => {
      const drawn = !shown || (index >= shown.first && index <= shown.last) || day === cursorDay;
      const cards = drawn ? byDay?.get(day) : undefined;
      text += `<div data-day="${day}" class="board-cell${day === today ? ' is-today' : ''}${isWeekend(day) ? ' is-weekend' : ''}">`;
      if (cards) for (const card of cards) text += cardHtml.current(card.id, lane, card.minutes);
      text += '</div>';
    });
    return text;
    // `state` stands for what the cards show beyond the cells (see Board's laneState); cardHtml is a ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lane, name, days, today, byDay, shown, cursorDay, state, warning]);
  return (
    <div
      className={`board-row board-lane${warning ? ' is-unqualified' : ''}${away ? ' is-away' : ''}`}
      role="group"
      data-lane={lane}
      data-away={away}
      aria-label={name}
      aria-description={warning}
      style={{ position: 'absolute', top: 0, left: 0, right: 0, height, transform: `translateY(${top}px)` }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
});
