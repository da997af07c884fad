/**
 * The planning board of one module (/planning/calendar/{module}, issue 11 "Planning board"): a week
 * or month of days across, one lane per technician of the module down (virtualized with
 * @tanstack/react-virtual), and beside them the backlog of interventions still to schedule.
 *
 * One focusable element holds the cursor (aria-activedescendant); its keys are the board's commands
 * (commands/planning.ts) in the `grid` scope. Space picks the card up, the arrows move it by day and
 * hour, Alt+↑/↓ by technician, Enter or Space drops it; a drop writes through the record data path
 * (board-moves.ts). The mouse drags a card onto a lane's day. What another planner changes arrives by
 * the live stream, which refreshes the lists this board reads.
 *
 * This module composes the screen: the cursor (board-cursor.ts), the moves (board-moves.ts), the
 * toolbar (board-toolbar.tsx) and the lanes (board-lanes.tsx).
 */
import { useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Command } from '../../../commands/types.ts';
import { planningBoardCommands, type PlanningBoardTarget } from '../../../commands/planning.ts';
import { findKind } from '../../domain/kinds.ts';
import { machineStateLabels } from '../../domain/machines/index.ts';
import { recordTabUrl } from '../../domain/routes.ts';
import type { Entity } from '../../domain/entity.ts';
import { businessDay } from '../../domain/business-day.ts';
import {
  doubleBookings, durationMinutes, formatMinutes, isInBacklog, isMovableState, laneCells, moveSlot, placementOf,
  boardLanes, romeWallClock, shiftPeriod, withOperator, withPlacement, type BoardSlot, type BoardView, type LaneAway, type Placement,
} from '../../domain/rules/planning.ts';
import { pushAlert } from '../alerts/alerts.ts';
import { addMessages } from '../i18n/index.ts';
import planningMessages from '../i18n/messages/planning.ts';
import { useLiveUpdates } from '../data/index.ts';
import { BOARD_TYPE, staffNamesFetch, useBoardPrefetch } from './board-data.ts';
import { enumLabel } from '../forms/format.ts';
import { useSession } from '../session/session.tsx';
import { activeTabAtom } from '../workspace/workspace-state.ts';
import { TabIdContext, useOpenTab, useTabTitle, useTabUrl } from '../workspace/tab-context.ts';
import { useScopedCommands } from '../workspace/use-scoped-commands.ts';
import { injectBoardStyles } from './board-styles.ts';
import { laneMissing, neededSystemTypes, useHeldQualifications } from './board-qualifications.ts';
import { fireSystemTypeFacts } from '../../domain/rules/technician-qualification.ts';
import { cursorOnFocus, cursorOrder, moveCursor, placeCursor, type Cursor, type CursorMove } from './board-cursor.ts';
import { dayFormat, longDayFormat, monthFormat, noon } from './board-days.ts';
import { pickUpSlot, plannedMove, useBoardMoves } from './board-moves.ts';
import { mayOverrideQualification } from '../intervention/qualification-override.tsx';
import { BoardLanes, cardDomId, cardHtml, cellOf, scrollWithin, type CardView, type DayWindow } from './board-lanes.tsx';
import { BoardToolbar } from './board-toolbar.tsx';
import { periodTechnicianIds, readerLanes } from './reader-lanes.ts';
import type { StaffName } from '../../domain/entities/users.ts';
import { useEntityTitles } from '../forms/references.ts';

addMessages(planningMessages);

/** Card heights (px) by view, and the lane's padding: lanes are sized from their fullest day, no measuring. */
const CARD_HEIGHT: Record<BoardView, number> = { week: 40, month: 20 };
const LANE_PADDING = 12;
/** Days drawn each side of those in view (a month is twice as wide as the board: the others get their cards when scrolled to, within a frame). */
const DAY_OVERSCAN = 1;

/** A lane's technician: `name` as the lane shows it (with why no more work may go there, if so). */
interface Technician { id: string; name: string; away?: { why: LaneAway; displayName: string } }

const NO_IDS: readonly string[] = [];
const NO_NAMES: ReadonlyMap<string, StaffName> = new Map();

export default function PlanningBoard({ moduleName }: { moduleName: string }) {
  injectBoardStyles();
  const intl = useIntl();
  const session = useSession();
  const title = intl.formatMessage({ id: 'screens.calendar.title' }, { module: enumLabel(moduleName) });
  useTabTitle(title);
  if (!session.ability.can('read', 'assignment')) {
    return (
      <section className="screen screen-board">
        <h1 className="screen-title">{title}</h1>
        <p className="board-denied" role="note">{intl.formatMessage({ id: 'planning.denied' })}</p>
      </section>
    );
  }
  return <Board moduleName={moduleName} title={title} />;
}

function Board({ moduleName, title }: { moduleName: string; title: string }) {
  const intl = useIntl();
  const t = useCallback((id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values), [intl]);
  const session = useSession();
  const openTab = useOpenTab();
  const [url, replaceUrl] = useTabUrl();
  useLiveUpdates();
  const kind = findKind(BOARD_TYPE)!;
  const editable = session.ability.can('update', 'assignment');

  // The period shown lives in the tab's URL (?view=month&day=2026-11-01), so a link reproduces it;
  // its reads were started as the tab opened (board-data.ts) and are the same queries here.
  const [backlogSearch, setBacklogSearch] = useState('');
  const fetches = useBoardPrefetch(moduleName, backlogSearch);
  const { view, anchor, days } = fetches;
  const goTo = useCallback((nextView: BoardView, day: string) => replaceUrl(`${url.split('?')[0]}?view=${nextView}&day=${day}`), [url, replaceUrl]);

  // The period's interventions and the backlog.
  const period = useQuery({ ...fetches.period, placeholderData: (previous) => previous });
  const backlog = useQuery({ ...fetches.backlog, placeholderData: (previous) => previous });
  const periodLoading = period.isPending || period.isPlaceholderData;

  // Lanes: the technicians of the module, then anyone else named on the period's cards (who has left,
  // or works on other modules now: boardLanes), marked. Someone who may not list users (the Operatore
  // reads every intervention, not the users) sees the technicians of the period's interventions, named
  // through the staff names (reader-lanes.ts), and their own lane if they are a maintainer.
  const canListUsers = session.ability.can('read', 'user');
  const users = useQuery({ ...fetches.users, enabled: canListUsers, select: (answer) => answer.data });
  const me = session.identity;
  const candidates = useMemo(() => (users.data ?? []).map((u) => ({
    id: u.id,
    displayName: String(u.attributes.displayName ?? u.attributes.email ?? ''),
    isMainteiner: u.attributes.isMainteiner === true,
    allowedModules: Array.isArray(u.attributes.allowedModules) ? (u.attributes.allowedModules as string[]) : [],
    isEnabled: u.metadata.isEnabled !== false,
  })), [users.data]);
  const periodIds = useMemo(() => (periodLoading ? [] : periodTechnicianIds(period.data ?? [], days)), [periodLoading, period.data, days]);
  // The period's technicians whose names the lanes do not have yet: all but the reader's own, or (for the
  // planner, once the module's technicians are in) those not among them.
  const unnamedTechnicians = useMemo(() => {
    if (canListUsers && users.data === undefined) return [];
    const listed = new Set(canListUsers ? candidates.map((c) => c.id) : [me.id]);
    return periodIds.filter((id) => !listed.has(id));
  }, [canListUsers, users.data, candidates, periodIds, me.id]);
  // The planner's other technicians are named through the title cache; a reader's colleagues through
  // the staff names, which also say who has been disabled.
  const staffNames = useEntityTitles('users', canListUsers ? unnamedTechnicians : NO_IDS);
  const colleagues = useQuery({ ...staffNamesFetch(unnamedTechnicians), enabled: !canListUsers && unnamedTechnicians.length > 0, staleTime: 5 * 60_000, placeholderData: (previous) => previous });
  // Lanes are drawn once the technicians are known by name (the module's, or a reader's colleagues):
  // drawn before, the period's would show unnamed or as off the module, then reorder under the cursor.
  const lanesPending = canListUsers ? users.isPending : unnamedTechnicians.length > 0 && colleagues.isPending;
  const technicians: Technician[] = useMemo(() => {
    if (lanesPending) return [];
    const lanes = canListUsers
      ? boardLanes(candidates, moduleName, periodIds, (id) => staffNames.get(id) ?? '')
      : readerLanes(periodLoading ? [] : period.data ?? [], days, colleagues.data ?? NO_NAMES, me);
    return lanes.map((lane) => ({
      id: lane.id,
      name: lane.away ? t(`planning.away.${lane.away}`, { name: lane.displayName }) : lane.displayName,
      ...(lane.away ? { away: { why: lane.away, displayName: lane.displayName } } : {}),
    }));
  }, [lanesPending, canListUsers, candidates, periodIds, periodLoading, period.data, days, staffNames, colleagues.data, me, moduleName, t]);
  const laneIds = useMemo(() => technicians.map((tech) => tech.id), [technicians]);
  const nameOf = useMemo(() => new Map(technicians.map((tech) => [tech.id, tech.name])), [technicians]);

  const [cursor, setCursor] = useState<Cursor | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const entities = useMemo(() => {
    const map = new Map<string, Entity>();
    for (const e of period.data ?? []) map.set(e.id, e);
    for (const e of backlog.data?.data ?? []) map.set(e.id, e);
    return map;
  }, [period.data, backlog.data]);
  const cardLabel = (id: string) => {
    const e = entities.get(id);
    return e ? kind.title(e) : id;
  };
  const slotText = (slot: BoardSlot) => t('planning.slot', { day: longDayFormat.format(noon(slot.day)), time: formatMinutes(slot.minutes), name: nameOf.get(slot.operatorId) ?? '' });
  const { pending, moving, setMoving, dragged, writeTeam, unschedule, dropMoving, dropDragged } = useBoardMoves({
    editable, mayOverride: mayOverrideQualification(session.identity), entities, t, cardLabel, slotText, setCursor, announce: setAnnouncement,
  });

  /** Where each card is drawn: stored, or pending, or (the one picked up) where the arrows took it. */
  // Stored (or pending) placements and their cells change with the data; the card being moved is
  // laid over them, so a move recomputes one card and redraws the lanes it leaves and enters.
  const basePlacements = useMemo(() => {
    const map = new Map<string, Placement>();
    for (const e of entities.values()) map.set(e.id, pending.get(e.id) ?? placementOf(e));
    return map;
  }, [entities, pending]);
  const baseCells = useMemo(() => laneCells([...basePlacements.values()], laneIds, days), [basePlacements, laneIds, days]);
  const movingPlacement = useMemo(() => {
    const base = moving ? basePlacements.get(moving.id) : undefined;
    return moving && base ? plannedMove(base, moving.slot, moving.fromLane).placement : undefined;
  }, [moving, basePlacements]);
  const placements = useMemo(
    () => (movingPlacement ? new Map(basePlacements).set(movingPlacement.id, movingPlacement) : basePlacements),
    [basePlacements, movingPlacement],
  );

  const backlogIds = useMemo(
    () => (backlog.data?.data ?? []).map((e) => e.id).filter((id) => {
      const p = basePlacements.get(id);
      return p && isInBacklog(p) && id !== moving?.id;
    }),
    [backlog.data, basePlacements, moving?.id],
  );
  const cells = useMemo(
    () => (movingPlacement ? withPlacement(baseCells, basePlacements.get(movingPlacement.id), movingPlacement, laneIds, days) : baseCells),
    [baseCells, basePlacements, movingPlacement, laneIds, days],
  );
  const clashes = useMemo(() => doubleBookings([...placements.values()]), [placements]);

  const order = useMemo(() => cursorOrder(backlogIds, laneIds, cells, days), [backlogIds, laneIds, cells, days]);
  const placedCursor = placeCursor(order, cursor);
  // While a card is in hand the cursor is on it, where the arrows took it.
  const current = moving ? { id: moving.id, lane: moving.slot.operatorId } : placedCursor;
  const dayOf = (id: string) => {
    const start = placements.get(id)?.start;
    return start ? romeWallClock(start).day : undefined;
  };
  const moveCursorBy = (move: CursorMove) => {
    // A step goes from the cursor's own card; a jump from the card in hand, if any.
    const from = 'step' in move ? placedCursor : current;
    const next = moveCursor({ order, laneIds, cells, days }, from, from ? dayOf(from.id) : undefined, move);
    if (next) setCursor(next);
  };

  // A move past the period's edge shows the next period.
  useEffect(() => {
    if (moving && !days.includes(moving.slot.day)) goTo(view, moving.slot.day);
  }, [moving, days, view, goTo]);

  const target: PlanningBoardTarget = {
    editable,
    moving: moving !== null,
    current: () => {
      if (!current) return undefined;
      const p = placements.get(current.id);
      return p ? { id: p.id, movable: isMovableState(p.state), state: p.state } : undefined;
    },
    currentOperators: () => (current ? placements.get(current.id)?.operatorIds ?? [] : []),
    step: (delta) => moveCursorBy({ step: delta }),
    jump: (move) => {
      if (current) moveCursorBy(move);
    },
    first: () => moveCursorBy({ to: 'first' }),
    last: () => moveCursorBy({ to: 'last' }),
    open: () => current && openTab(recordTabUrl(BOARD_TYPE, current.id)),
    pickUp: () => {
      if (!current) return;
      const p = placements.get(current.id);
      if (!p) return;
      const slot = pickUpSlot(p, laneIds, days, current.lane);
      if (!slot) return setAnnouncement(t('planning.noLanes'));
      setMoving({ id: p.id, slot, fromLane: current.lane ?? undefined });
      setAnnouncement(t('planning.pickedUp', { card: cardLabel(p.id), slot: slotText(slot) }));
    },
    moveBy: (move) => {
      if (!moving) return;
      const p = placements.get(moving.id);
      const slot = moveSlot(moving.slot, move, laneIds, p ? durationMinutes(p) : undefined);
      setMoving({ ...moving, slot });
      setAnnouncement(slotText(slot));
    },
    drop: () => {
      // Refused here, the card still in hand: the server would refuse the operator too (mayOperate).
      if (moving && refuseAway(moving.slot.operatorId, moving.id)) return;
      dropMoving();
    },
    cancel: () => {
      if (!moving) return;
      setMoving(null);
      setCursor({ id: moving.id, lane: moving.fromLane ?? null });
      setAnnouncement(t('planning.cancelled', { card: cardLabel(moving.id) }));
    },
    unschedule: () => {
      const entity = current && entities.get(current.id);
      if (entity) unschedule(entity);
    },
    shiftPeriod: (delta) => goTo(view, shiftPeriod(view, anchor, delta)),
    today: () => goTo(view, businessDay()),
    setView: (next) => goTo(next, anchor),
    assign: (operatorId) => {
      const p = current && placements.get(current.id);
      if (!p) return;
      void writeTeam(p.id, withOperator(p, operatorId), t('planning.assigned', { card: cardLabel(p.id), name: nameOf.get(operatorId) ?? '' }));
    },
    setInCharge: (operatorId) => {
      const p = current && placements.get(current.id);
      if (!p || !p.operatorIds.includes(operatorId)) return;
      void writeTeam(p.id, { operatorIds: [...p.operatorIds], operatorInChargeId: operatorId }, t('planning.inChargeSet', { card: cardLabel(p.id), name: nameOf.get(operatorId) ?? '' }));
    },
  };
  const live = useRef(target);
  live.current = target;

  // The board's keys listen while it has the focus (and while the palette it opened is up), in the tab shown.
  const [focused, setFocused] = useState(false);
  const tabId = useContext(TabIdContext);
  const shownTabId = useAtomValue(activeTabAtom)?.id;
  const moveMode = moving !== null;
  const commands = useMemo<Command[]>(
    () => planningBoardCommands(live, { t: (id, values) => intl.formatMessage({ id }, values), technicians }),
    // The titles say what the keys do now: rebuilt when a card is picked up or dropped.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [intl, technicians, moveMode],
  );
  const shown = tabId === undefined || tabId === shownTabId;
  useScopedCommands('grid', commands, focused && shown);

  // Lanes, virtualized: each as tall as its fullest day.
  const scrollRef = useRef<HTMLDivElement>(null);
  // Opened (or shown again) with the focus on its tab panel, the board takes it: w, m and the arrows work at once.
  useEffect(() => {
    const panel = scrollRef.current?.closest('[role=tabpanel]');
    if (shown && panel && document.activeElement === panel) scrollRef.current!.focus({ preventScroll: true });
  }, [shown]);
  const backlogRef = useRef<HTMLDivElement>(null);
  const cursorInBacklog = current ? current.lane === null : undefined;
  useEffect(() => {
    if (cursorInBacklog === undefined) return;
    const active = document.activeElement;
    if (active !== backlogRef.current && active !== scrollRef.current) return;
    const wanted = cursorInBacklog ? backlogRef.current : scrollRef.current;
    if (wanted && active !== wanted) wanted.focus({ preventScroll: true });
  }, [cursorInBacklog]);
  // The same array while no lane changes height: a move inside a lane does not re-measure the list.
  const heightsRef = useRef<number[]>([]);
  const laneHeights = useMemo(() => {
    const heights = laneIds.map((lane) => {
      let most = 1;
      for (const cell of cells.get(lane)?.values() ?? []) most = Math.max(most, cell.length);
      return most * CARD_HEIGHT[view] + LANE_PADDING;
    });
    const previous = heightsRef.current;
    if (previous.length === heights.length && previous.every((h, i) => h === heights[i])) return previous;
    heightsRef.current = heights;
    return heights;
  }, [laneIds, cells, view]);
  // The lane's height is part of its key: a new key function when a height changes makes the
  // virtualizer lay the lanes out again in the same render. (`measure()` in an effect rendered every
  // lane twice, the first time at the old heights: the empty lanes' ones, three times as many lanes.)
  const laneKey = useCallback((index: number) => `${laneIds[index] ?? index}:${laneHeights[index] ?? 0}`, [laneIds, laneHeights]);
  const virtualizer = useVirtualizer({ count: laneIds.length, getScrollElement: () => scrollRef.current, estimateSize: (i) => laneHeights[i] ?? 60, getItemKey: laneKey, overscan: 2 });

  // The days in view, from the lanes' horizontal scroll; null until measured (then every day is drawn).
  // Measured on the day heads, drawn from the first render: the window is known before any lane or card.
  const [dayWindow, setDayWindow] = useState<DayWindow | null>(null);
  useLayoutEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    const update = () => {
      const heads = scroller.querySelector('.board-head')?.children;
      const names = (heads?.[0] as HTMLElement | undefined)?.offsetWidth ?? 0;
      const dayWidth = (heads?.[1] as HTMLElement | undefined)?.offsetWidth ?? 0;
      if (!dayWidth) return;
      const first = Math.max(0, Math.floor(scroller.scrollLeft / dayWidth) - DAY_OVERSCAN);
      const last = Math.min(days.length - 1, Math.ceil((scroller.scrollLeft + scroller.clientWidth - names) / dayWidth) - 1 + DAY_OVERSCAN);
      setDayWindow((shown) => (shown?.first === first && shown.last === last ? shown : { first, last }));
    };
    update();
    let frame = 0;
    const later = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(update);
    };
    scroller.addEventListener('scroll', later, { passive: true });
    const resize = new ResizeObserver(later);
    resize.observe(scroller);
    return () => {
      cancelAnimationFrame(frame);
      scroller.removeEventListener('scroll', later);
      resize.disconnect();
    };
  }, [days.length, view]);

  // The cursor's card is always drawn (it is the lanes' active descendant), in view or not.
  const cursorDay = moving ? moving.slot.day : current ? dayOf(current.id) : undefined;

  // Keep the cursor's card in view (its lane first: it may not be rendered).
  const activeDomId = current ? cardDomId(current.id, current.lane) : undefined;
  useLayoutEffect(() => {
    if (!activeDomId) return;
    const container = current?.lane ? scrollRef.current : backlogRef.current;
    if (current?.lane) {
      const index = laneIds.indexOf(current.lane);
      if (index >= 0) virtualizer.scrollToIndex(index, { align: 'auto' });
    }
    // Within the board's own scrollers only: the screen around it stays where it is.
    requestAnimationFrame(() => {
      // A card on a day out of view is not drawn yet: its cell is, and once scrolled to, the card too.
      const card = document.getElementById(activeDomId) ?? (cursorDay && current?.lane ? container?.querySelector<HTMLElement>(`[data-lane="${current.lane}"] [data-day="${cursorDay}"]`) : null);
      if (card && container) scrollWithin(container, card);
    });
  }, [activeDomId, current?.lane, cursorDay, laneIds, virtualizer]);

  // The cursor's mark on a lane's card is set on the element, after every commit (a cell rewritten by
  // a move or a refresh drops it): moving the cursor rewrites no cell, and a card clicked to be dragged
  // stays the element the pointer holds.
  useLayoutEffect(() => {
    const lanes = scrollRef.current;
    if (!lanes) return;
    const active = activeDomId && current?.lane ? document.getElementById(activeDomId) : null;
    const wanted = active && lanes.contains(active) ? active : null;
    for (const card of lanes.querySelectorAll('.board-card.is-active')) if (card !== wanted) card.classList.remove('is-active');
    wanted?.classList.add('is-active');
  });

  const today = businessDay();
  const clashCount = [...clashes.keys()].filter((id) => {
    const day = dayOf(id);
    return day !== undefined && days.includes(day);
  }).length;
  const periodLabel = view === 'week'
    ? t('planning.weekOf', { from: dayFormat.format(noon(days[0]!)), to: dayFormat.format(noon(days.at(-1)!)) })
    : monthFormat.format(noon(days[0]!));

  // Said on most cards of a lane: formatted once per render, not once per card (hundreds in a month).
  const inChargeText = t('planning.inCharge');
  /** What a card shows and says, wherever it is drawn (cardElement in the backlog, cardHtml in the lanes). */
  const cardView = (id: string, lane: string | null, minutes?: number): CardView | null => {
    const p = placements.get(id);
    const e = entities.get(id);
    if (!p || !e) return null;
    const clash = clashes.get(id);
    const domId = cardDomId(id, lane);
    const inCharge = lane !== null && p.operatorInChargeId === lane;
    const stateLabel = machineStateLabels.assignments[p.state] ?? p.state;
    const customer = typeof e.metadata.customerName === 'string' ? e.metadata.customerName : '';
    const time = minutes === undefined ? undefined : formatMinutes(minutes);
    const clashText = clash ? t('planning.clash', { codes: [...clash].map((other) => String(entities.get(other)?.attributes.code ?? '')).join(', ') }) : '';
    const backlogDate = lane === null && p.start ? t('planning.wanted', { day: dayFormat.format(noon(romeWallClock(p.start).day)) }) : '';
    // Without the cursor's mark: in the lanes it is set on the element (see the effect above), so moving the cursor rewrites no cell.
    const classes = `board-card state-${p.state}${moving?.id === id ? ' is-moving' : ''}${clash ? ' is-clash' : ''}${pending.has(id) ? ' is-pending' : ''}${inCharge ? ' is-in-charge' : ''}`;
    return {
      domId, classes, time, inCharge, clash: clash !== undefined, backlogDate,
      label: [time, cardLabel(id), customer, inCharge ? inChargeText : '', stateLabel, clashText, backlogDate].filter(Boolean).join(' · '),
      code: String(e.attributes.code ?? ''),
      text: view === 'week' ? customer || String(e.attributes.title ?? '') : '',
      draggable: editable && isMovableState(p.state),
    };
  };
  /** A backlog card (a few dozen): a React element. */
  const cardElement = (id: string) => {
    const card = cardView(id, null);
    if (!card) return null;
    return (
      <div key={card.domId} id={card.domId} role="button" aria-label={card.label} title={card.label} data-assignment-id={id} data-code={card.code} className={`${card.classes}${card.domId === activeDomId ? ' is-active' : ''}`} draggable={card.draggable}>
        <span className="board-card-line">
          <span className="board-card-code">{card.code}</span>
          {card.clash && <span className="board-card-clash" aria-hidden="true">⚠</span>}
        </span>
        {card.text && <span className="board-card-text">{card.text}</span>}
        {card.backlogDate && <span className="board-card-text">{card.backlogDate}</span>}
      </div>
    );
  };
  const laneCardHtml = (id: string, lane: string, minutes: number): string => {
    const card = cardView(id, lane, minutes);
    return card ? cardHtml(card, id, view) : '';
  };
  /** The cards' mouse events, on the backlog and the lanes that hold them: the card is the one under the pointer. */
  const cardEvents = () => {
    const cardOf = (target: EventTarget) => {
      const card = target instanceof Element ? target.closest<HTMLElement>('.board-card') : null;
      const id = card?.dataset.assignmentId;
      return card && id ? { id, lane: card.closest<HTMLElement>('[data-lane]')?.dataset.lane ?? null } : undefined;
    };
    return {
      // Cards are not focusable: the press focuses the region that holds them (the card is its active
      // descendant). Preventing the press's default instead would stop Chromium from starting a drag.
      onMouseDown: (event: React.MouseEvent) => {
        const card = cardOf(event.target);
        if (card) setCursor(card);
      },
      onDoubleClick: (event: React.MouseEvent) => {
        const card = cardOf(event.target);
        if (card) openTab(recordTabUrl(BOARD_TYPE, card.id));
      },
      onDragStart: (event: React.DragEvent) => {
        const card = cardOf(event.target);
        if (!card) return;
        dragged.current = { id: card.id, fromLane: card.lane ?? undefined };
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', String(entities.get(card.id)?.attributes.code ?? card.id));
      },
    };
  };

  /**
   * Two focusable parts, the backlog and the lanes (each scrolls, each is reachable by Tab): the
   * cursor follows the part that gets the focus, and the focus follows the cursor across them.
   */
  const regionFocus = (region: 'backlog' | 'lanes') => ({
    onFocus: (event: React.FocusEvent<HTMLDivElement>) => {
      if (event.target !== event.currentTarget) return;
      setFocused(true);
      if (moving) return;
      const first = cursorOnFocus(order, current, region);
      if (first) setCursor(first);
    },
    onBlur: (event: React.FocusEvent<HTMLDivElement>) => {
      if (event.target !== event.currentTarget) return;
      // The other part, or the palette opened from the board (it hands the focus back), keep the keys on offer.
      const next = event.relatedTarget as HTMLElement | null;
      if (next && next !== backlogRef.current && next !== scrollRef.current && !next.closest('[cmdk-dialog], [role=dialog]')) setFocused(false);
    },
  });
  // Issue 25: while a card is carried, the lanes of technicians not qualified for it on the day it is over.
  const heldQualifications = useHeldQualifications(editable && session.ability.can('read', 'technician qualification'));
  const movingNeeds = moving ? neededSystemTypes(entities.get(moving.id)) : [];
  const awayOf = useMemo(() => new Map(technicians.flatMap((tech) => (tech.away ? [[tech.id, tech.away] as const] : []))), [technicians]);
  const awayWhy = useMemo(() => new Map([...awayOf].map(([id, away]) => [id, away.why])), [awayOf]);
  /** Whether the card may not go to this lane's technician, who is not on it yet (disabled, or not on the module), and why. */
  const awayRefusal = (lane: string, cardId: string) => {
    const away = awayOf.get(lane);
    return away && !basePlacements.get(cardId)?.operatorIds.includes(lane) ? away : undefined;
  };
  /** Says why (a warning alert, read out too) when the card may not go to that lane; true if so. */
  const refuseAway = (lane: string, cardId: string): boolean => {
    const refusal = awayRefusal(lane, cardId);
    if (refusal) pushAlert({ id: 'board-away', type: 'warning', content: t(`planning.awayRefused.${refusal.why}`, { name: refusal.displayName }) });
    return refusal !== undefined;
  };
  const laneWarning = (lane: string): string | undefined => {
    if (!moving) return undefined;
    const refusal = awayRefusal(lane, moving.id);
    if (refusal) return t(`planning.awayWarning.${refusal.why}`);
    const missing = laneMissing(heldQualifications, lane, movingNeeds, moving.slot.day);
    return missing.length === 0 ? undefined : t('planning.unqualified', { types: missing.map((type) => fireSystemTypeFacts[type].label).join(', ') });
  };
  // A lane row redraws only when its cells or this key change (the cursor, the moving card, clashes, writes in it).
  const laneState = (lane: string) => {
    let key = laneWarning(lane) ?? '';
    if (moving && movingPlacement?.operatorIds.includes(lane)) key += `m:${moving.id};`;
    for (const cell of cells.get(lane)?.values() ?? []) {
      for (const card of cell) {
        if (clashes.has(card.id)) key += `c:${card.id}:${clashes.get(card.id)!.size};`;
        if (pending.has(card.id)) key += `p:${card.id};`;
      }
    }
    return key;
  };
  const cardHtmlRef = useRef(laneCardHtml);
  cardHtmlRef.current = laneCardHtml;
  /** A dragged card over a lane's day: the drop is accepted there. */
  const laneDrop = {
    onDragOver: (event: React.DragEvent) => {
      if (!dragged.current || !cellOf(event.target)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
    },
    onDrop: (event: React.DragEvent) => {
      const cell = cellOf(event.target);
      if (!cell) return;
      event.preventDefault();
      if (dragged.current && refuseAway(cell.lane, dragged.current.id)) {
        dragged.current = null;
        return;
      }
      dropDragged(placements, laneIds, cell.lane, cell.day);
    },
  };
  return (
    <section className={`screen screen-board board-${view}`}>
      <h1 className="screen-title">{title}</h1>
      <BoardToolbar
        t={t}
        view={view}
        periodLabel={periodLabel}
        count={periodLoading ? null : [...cells.values()].reduce((n, lane) => n + [...lane.values()].reduce((m, c) => m + c.length, 0), 0)}
        clashCount={clashCount}
        onShiftPeriod={target.shiftPeriod}
        onToday={target.today}
        onSetView={target.setView}
      />
      <p className="board-hint">{t(editable ? 'planning.hint' : 'planning.hintReadOnly')}</p>
      <label className="board-search">
        {t('planning.backlogSearch')}
        <input type="search" value={backlogSearch} onChange={(event) => setBacklogSearch(event.target.value)} placeholder={t('planning.backlogSearchPlaceholder')} />
      </label>
      <div className="board">
        <span id="board-hint-keys" className="visually-hidden">{t('planning.hint')}</span>
        <div
          ref={backlogRef}
          className="board-backlog"
          role="application"
          aria-roledescription={t('planning.roleDescription')}
          aria-label={t('planning.backlogTitle', { count: backlog.data?.meta.total ?? 0 })}
          aria-describedby="board-hint-keys"
          aria-activedescendant={current?.lane === null ? activeDomId : undefined}
          tabIndex={0}
          {...regionFocus('backlog')}
          {...cardEvents()}
        >
          <h2>{t('planning.backlogTitle', { count: backlog.data?.meta.total ?? 0 })}</h2>
          {backlogIds.length === 0 ? <p className="board-empty">{t(backlog.isPending ? 'screens.loading' : 'planning.backlogEmpty')}</p> : backlogIds.map((id) => cardElement(id))}
        </div>
        <BoardLanes
          ref={scrollRef}
          title={title}
          roleDescription={t('planning.roleDescription')}
          technicianLabel={t('planning.technician')}
          emptyText={t(lanesPending || (periodLoading && !canListUsers) ? 'screens.loading' : canListUsers ? 'planning.noLanes' : 'planning.noLanesInPeriod')}
          activeDomId={current && current.lane !== null ? activeDomId : undefined}
          view={view}
          days={days}
          today={today}
          laneIds={laneIds}
          nameOf={nameOf}
          awayOf={awayWhy}
          cells={cells}
          // Until the period's answer the lanes show their names alone: their cells are drawn once, with their cards.
          cellsDrawn={period.data !== undefined || !period.isPending}
          lanesInView={virtualizer.getVirtualItems()}
          totalHeight={virtualizer.getTotalSize()}
          dayWindow={dayWindow}
          cursorLane={current?.lane}
          cursorDay={cursorDay}
          laneState={laneState}
          laneWarning={laneWarning}
          cardHtml={cardHtmlRef}
          {...regionFocus('lanes')}
          {...cardEvents()}
          {...laneDrop}
        />
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">{announcement}</p>
    </section>
  );
}
