/**
 * The planning board of one module (/planning/calendar/{module}, issue 11 "Planning board"): a week
 * or month of days across, one lane per technician of the module down (virtualized with
 * @tanstack/react-virtual), and beside them the backlog of interventions still to schedule.
 *
 * One focusable element holds the cursor (aria-activedescendant); its keys are the board's commands
 * (commands/planning.ts) in the `grid` scope. Space picks the card up, the arrows move it by day and
 * hour, Alt+↑/↓ by technician, Enter or Space drops it; a drop writes through the record data path
 * (the record's patch with its version, then the `schedule` transition and its guards for one still
 * to schedule). The mouse drags a card onto a lane's day. What another planner changes arrives by
 * the live stream, which refreshes the lists this board reads.
 */
import { memo, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Command } from '../../../commands/types.ts';
import { planningBoardCommands, type PlanningBoardTarget } from '../../../commands/planning.ts';
import { findKind } from '../../domain/kinds.ts';
import { machineStateLabels } from '../../domain/machines/index.ts';
import { recordTabUrl } from '../../domain/routes.ts';
import { escapeHtml } from '../../domain/html.ts';
import type { Entity } from '../../domain/entity.ts';
import { businessDay } from '../../domain/business-day.ts';
import { nonWorkingDay } from '../../domain/rules/calendar.ts';
import {
  doubleBookings, dropPlan, durationMinutes, formatMinutes, isInBacklog, isoWeekday, isMovableState, laneCells, moveSlot, placementOf,
  romeWallClock, shiftPeriod, slotOf, technicianLanes, withOperator, withPlacement, type LaneCard, type BoardSlot, type BoardView, type Placement,
} from '../../domain/rules/planning.ts';
import { addMessages } from '../i18n/index.ts';
import planningMessages from '../i18n/messages/planning.ts';
import { records, useLiveUpdates } from '../data/index.ts';
import { BOARD_TYPE, useBoardPrefetch } from './board-data.ts';
import { enumLabel } from '../forms/format.ts';
import { useSession } from '../session/session.tsx';
import { activeTabAtom } from '../workspace/workspace-state.ts';
import { TabIdContext, useOpenTab, useTabTitle, useTabUrl } from '../workspace/tab-context.ts';
import { useScopedCommands } from '../workspace/use-scoped-commands.ts';
import { injectBoardStyles } from './board-styles.ts';
import { confirmDialog } from '../shell/dialog.tsx';

addMessages(planningMessages);

/** Card heights (px) by view, and the lane's padding: lanes are sized from their fullest day, no measuring. */
const CARD_HEIGHT: Record<BoardView, number> = { week: 40, month: 20 };
const LANE_PADDING = 12;
const NO_DAYS: readonly string[] = [];
/** Days drawn each side of those in view (a month is twice as wide as the board: the others get their cards when scrolled to, within a frame). */
const DAY_OVERSCAN = 1;

interface Technician { id: string; name: string }
interface Moving { id: string; slot: BoardSlot; fromLane: string | undefined }
/** The indexes of the first and last day drawn with their cards. */
interface DayWindow { first: number; last: number }
/** The cursor: a card, in a lane (or the backlog when `lane` is null). */
interface Cursor { id: string; lane: string | null }

const dayFormat = new Intl.DateTimeFormat('it-IT', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
const longDayFormat = new Intl.DateTimeFormat('it-IT', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
const shortDayFormat = new Intl.DateTimeFormat('it-IT', { weekday: 'narrow', day: 'numeric', timeZone: 'UTC' });
const monthFormat = new Intl.DateTimeFormat('it-IT', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const noon = (day: string) => new Date(`${day}T12:00:00Z`);

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

  // Lanes: the technicians of the module. Someone who may not list users sees their own lane.
  const canListUsers = session.ability.can('read', 'user');
  const users = useQuery({ ...fetches.users, enabled: canListUsers, select: (answer) => answer.data });
  const technicians: Technician[] = useMemo(() => {
    if (!canListUsers) {
      const me = session.identity;
      return me.isMainteiner ? [{ id: me.id, name: me.displayName }] : [];
    }
    const candidates = (users.data ?? []).map((u) => ({
      id: u.id,
      displayName: String(u.attributes.displayName ?? u.attributes.email ?? ''),
      isMainteiner: u.attributes.isMainteiner === true,
      allowedModules: Array.isArray(u.attributes.allowedModules) ? (u.attributes.allowedModules as string[]) : [],
      isEnabled: u.metadata.isEnabled !== false,
    }));
    return technicianLanes(candidates, moduleName).map((u) => ({ id: u.id, name: u.displayName }));
  }, [canListUsers, users.data, session.identity, moduleName]);
  const laneIds = useMemo(() => technicians.map((tech) => tech.id), [technicians]);
  const nameOf = useMemo(() => new Map(technicians.map((tech) => [tech.id, tech.name])), [technicians]);

  // The period's interventions and the backlog.
  const period = useQuery({ ...fetches.period, placeholderData: (previous) => previous });
  const backlog = useQuery({ ...fetches.backlog, placeholderData: (previous) => previous });

  // Writes under way: the card shows where it is going until the refreshed lists say so.
  const [pending, setPending] = useState<ReadonlyMap<string, Placement>>(new Map());
  const [moving, setMoving] = useState<Moving | null>(null);
  const [cursor, setCursor] = useState<Cursor | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const entities = useMemo(() => {
    const map = new Map<string, Entity>();
    for (const e of period.data ?? []) map.set(e.id, e);
    for (const e of backlog.data?.data ?? []) map.set(e.id, e);
    return map;
  }, [period.data, backlog.data]);

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
    if (!moving || !base) return undefined;
    const plan = dropPlan(base, moving.slot, moving.fromLane);
    return { ...base, state: plan.schedule ? 'scheduled' : base.state, start: plan.patch.attributes.plannedStartDateTime, end: plan.patch.attributes.plannedEndDateTime, ...plan.patch.relationships };
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

  /** The cursor's order: the backlog, then each lane day by day. */
  const order = useMemo(() => {
    const list: Cursor[] = backlogIds.map((id) => ({ id, lane: null }));
    for (const lane of laneIds) {
      const byDay = cells.get(lane);
      if (!byDay) continue;
      for (const day of days) for (const card of byDay.get(day) ?? []) list.push({ id: card.id, lane });
    }
    return list;
  }, [backlogIds, laneIds, cells, days]);
  const cursorIndex = cursor ? order.findIndex((c) => c.id === cursor.id && c.lane === cursor.lane) : -1;
  const fallbackCursor = cursorIndex < 0 ? (cursor ? order.find((c) => c.id === cursor.id) : undefined) ?? order[0] : order[cursorIndex];
  const current = moving ? { id: moving.id, lane: moving.slot.operatorId } : fallbackCursor;

  const cardLabel = (id: string) => {
    const e = entities.get(id);
    return e ? kind.title(e) : id;
  };
  const slotText = (slot: BoardSlot) => t('planning.slot', { day: longDayFormat.format(noon(slot.day)), time: formatMinutes(slot.minutes), name: nameOf.get(slot.operatorId) ?? '' });

  // A move past the period's edge shows the next period.
  useEffect(() => {
    if (moving && !days.includes(moving.slot.day)) goTo(view, moving.slot.day);
  }, [moving, days, view, goTo]);

  const commit = async (id: string, slot: BoardSlot, fromLane: string | undefined) => {
    const entity = entities.get(id);
    if (!entity) return;
    const base = placementOf(entity);
    const plan = dropPlan(base, slot, fromLane);
    setPending((map) => new Map(map).set(id, { ...base, state: plan.schedule ? 'scheduled' : base.state, start: plan.patch.attributes.plannedStartDateTime, end: plan.patch.attributes.plannedEndDateTime, ...plan.patch.relationships }));
    setCursor({ id, lane: slot.operatorId });
    try {
      const updated = await records.update(BOARD_TYPE, entity, plan.patch);
      if (plan.schedule) await records.runAction(BOARD_TYPE, updated, 'schedule');
      setAnnouncement(t(plan.schedule ? 'planning.scheduled' : 'planning.moved', { card: cardLabel(id), slot: slotText(slot) }));
    } catch {
      // The data path already showed the problem (a refused guard, a version conflict); the card goes back.
      setAnnouncement(t('planning.notSaved', { card: cardLabel(id) }));
    } finally {
      setPending((map) => {
        const next = new Map(map);
        next.delete(id);
        return next;
      });
    }
  };

  const writeTeam = async (id: string, team: { operatorIds: string[]; operatorInChargeId: string }, message: string) => {
    const entity = entities.get(id);
    if (!entity) return;
    setPending((map) => new Map(map).set(id, { ...placementOf(entity), ...team }));
    try {
      await records.update(BOARD_TYPE, entity, { relationships: team });
      setAnnouncement(message);
    } catch {
      setAnnouncement(t('planning.notSaved', { card: cardLabel(id) }));
    } finally {
      setPending((map) => {
        const next = new Map(map);
        next.delete(id);
        return next;
      });
    }
  };

  /** True on a working day; on a Saturday, a Sunday or a national holiday, what the planner answers. */
  const confirmNonWorking = async (id: string, day: string, byKey = false): Promise<boolean> => {
    const off = nonWorkingDay(day);
    if (!off) return true;
    // The key that dropped the card is let go first: Space released on the dialog's focused button would answer it.
    if (byKey) await keyReleased();
    const what = off.reason === 'holiday' ? off.name : t('planning.nonWorking.weekend');
    return confirmDialog({
      title: t('planning.nonWorking.title'),
      message: t('planning.nonWorking.message', { day: longDayFormat.format(noon(day)), what, card: cardLabel(id) }),
      confirmLabel: t('planning.nonWorking.confirm'),
    });
  };

  const target: PlanningBoardTarget = {
    editable,
    moving: moving !== null,
    current: () => {
      if (!current) return undefined;
      const p = placements.get(current.id);
      return p ? { id: p.id, movable: isMovableState(p.state), state: p.state } : undefined;
    },
    currentOperators: () => (current ? placements.get(current.id)?.operatorIds ?? [] : []),
    step: (delta) => {
      // Within the part the cursor is in: ↓ on the backlog's last card stays there (Tab goes to the lanes).
      const here = cursorIndex < 0 ? fallbackCursor : order[cursorIndex];
      if (!here) return;
      const region = order.filter((c) => (c.lane === null) === (here.lane === null));
      const at = Math.max(0, region.indexOf(here));
      setCursor(region[Math.min(region.length - 1, Math.max(0, at + delta))]!);
    },
    jump: (move) => {
      if (!current) return;
      const p = placements.get(current.id);
      const here = current.lane && p?.start ? { lane: current.lane, day: romeWallClock(p.start).day } : undefined;
      if ('lanes' in move) {
        // The first card of the next (previous) lane that has one; from the backlog, the first lane.
        const start = here ? laneIds.indexOf(here.lane) : -1;
        for (let i = start + move.lanes; i >= 0 && i < laneIds.length; i += move.lanes) {
          const found = order.find((c) => c.lane === laneIds[i]);
          if (found) return setCursor(found);
        }
        return;
      }
      if (!here) return;
      // The nearest card on a later (earlier) day of the same lane.
      const byDay = cells.get(here.lane);
      const at = days.indexOf(here.day);
      for (let i = at + move.days; i >= 0 && i < days.length; i += move.days) {
        const card = byDay?.get(days[i]!)?.[0];
        if (card) return setCursor({ id: card.id, lane: here.lane });
      }
    },
    first: () => order[0] && setCursor(order[0]),
    last: () => order.at(-1) && setCursor(order.at(-1)!),
    open: () => current && openTab(recordTabUrl(BOARD_TYPE, current.id)),
    pickUp: () => {
      if (!current) return;
      const p = placements.get(current.id);
      if (!p) return;
      const today = businessDay();
      const slot = slotOf(p, laneIds, days.includes(today) ? today : days[0]!, current.lane ?? undefined);
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
      if (!moving) return;
      const picked = moving;
      // A weekend or a holiday is asked first; "Annulla" keeps the card in hand, where it was.
      void confirmNonWorking(picked.id, picked.slot.day, true).then((confirmed) => {
        if (!confirmed) return setAnnouncement(t('planning.nonWorking.kept', { card: cardLabel(picked.id) }));
        setMoving(null);
        void commit(picked.id, picked.slot, picked.fromLane);
      });
    },
    cancel: () => {
      if (!moving) return;
      setMoving(null);
      setCursor({ id: moving.id, lane: moving.fromLane ?? null });
      setAnnouncement(t('planning.cancelled', { card: cardLabel(moving.id) }));
    },
    unschedule: () => {
      const entity = current && entities.get(current.id);
      if (!entity) return;
      setCursor({ id: entity.id, lane: null });
      void records.runAction(BOARD_TYPE, entity, 'unschedule').then(
        () => setAnnouncement(t('planning.unscheduled', { card: cardLabel(entity.id) })),
        () => setAnnouncement(t('planning.notSaved', { card: cardLabel(entity.id) })),
      );
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
  useScopedCommands('grid', commands, focused && (tabId === undefined || tabId === shownTabId));

  // Lanes, virtualized: each as tall as its fullest day.
  const scrollRef = useRef<HTMLDivElement>(null);
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
  const cursorPlacement = current ? placements.get(current.id) : undefined;
  const cursorDay = moving ? moving.slot.day : cursorPlacement?.start ? romeWallClock(cursorPlacement.start).day : undefined;

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

  // Mouse: drag a card onto a lane's day.
  const dragged = useRef<{ id: string; fromLane: string | undefined } | null>(null);
  const onDrop = (lane: string, day: string) => {
    const drag = dragged.current;
    dragged.current = null;
    if (!drag || !editable) return;
    const p = placements.get(drag.id);
    if (!p || !isMovableState(p.state)) return;
    const minutes = p.start ? romeWallClock(p.start).minutes : slotOf(p, laneIds, day)!.minutes;
    void confirmNonWorking(drag.id, day).then((confirmed) => {
      if (confirmed) void commit(drag.id, { operatorId: lane, day, minutes }, drag.fromLane);
    });
  };

  const today = businessDay();
  const clashCount = [...clashes.keys()].filter((id) => {
    const p = placements.get(id);
    return p?.start && days.includes(romeWallClock(p.start).day);
  }).length;
  const periodLabel = view === 'week'
    ? t('planning.weekOf', { from: dayFormat.format(noon(days[0]!)), to: dayFormat.format(noon(days.at(-1)!)) })
    : monthFormat.format(noon(days[0]!));
  const columns = `var(--board-lane-head) repeat(${days.length}, minmax(var(--board-day-min), 1fr))`;

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
    // Without the cursor's mark: in the lanes it is set on the element (see the effect below), so moving the cursor rewrites no cell.
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
  /**
   * A lane's card as HTML: a month draws hundreds of them, and a cell's cards set as one string
   * cost a fraction of as many React elements (their events are the lanes' own, see cardEvents).
   */
  const cardHtml = (id: string, lane: string, minutes: number): string => {
    const card = cardView(id, lane, minutes);
    if (!card) return '';
    const label = escapeHtml(card.label);
    const attributes = `id="${escapeHtml(card.domId)}" role="button" aria-label="${label}" title="${label}" data-assignment-id="${escapeHtml(id)}" data-code="${escapeHtml(card.code)}" class="${escapeHtml(card.classes)}" draggable="${card.draggable}"`;
    // A month's card is one box, time and code as its text, the marks drawn by CSS.
    // The code is shown whole (its own line, never cut): a month's card is its code alone (the time is in its label).
    if (view === 'month') return `<div ${attributes}>${escapeHtml(card.code)}</div>`;
    return `<div ${attributes}><span class="board-card-line"><span class="board-card-code">${escapeHtml(card.code)}</span></span><span class="board-card-text">${card.inCharge ? '<span class="board-card-charge" aria-hidden="true">★</span> ' : ''}${card.clash ? '<span class="board-card-clash" aria-hidden="true">⚠</span> ' : ''}${card.time ? `<span class="board-card-time">${card.time}</span> ` : ''}${escapeHtml(card.text)}</span></div>`;
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
      const inRegion = current && (current.lane === null) === (region === 'backlog');
      if (!inRegion) {
        const first = order.find((c) => (c.lane === null) === (region === 'backlog'));
        if (first) setCursor(first);
      }
    },
    onBlur: (event: React.FocusEvent<HTMLDivElement>) => {
      if (event.target !== event.currentTarget) return;
      // The other part, or the palette opened from the board (it hands the focus back), keep the keys on offer.
      const next = event.relatedTarget as HTMLElement | null;
      if (next && next !== backlogRef.current && next !== scrollRef.current && !next.closest('[cmdk-dialog], [role=dialog]')) setFocused(false);
    },
  });
  const items = virtualizer.getVirtualItems();
  // Until the period's answer the lanes show their names alone: their cells are drawn once, with their cards.
  const cellsDrawn = period.data !== undefined || !period.isPending;
  // A lane row redraws only when its cells or this key change (the cursor, the moving card, clashes, writes in it).
  const laneState = (lane: string) => {
    let key = '';
    if (moving && movingPlacement?.operatorIds.includes(lane)) key += `m:${moving.id};`;
    for (const cell of cells.get(lane)?.values() ?? []) {
      for (const card of cell) {
        if (clashes.has(card.id)) key += `c:${card.id}:${clashes.get(card.id)!.size};`;
        if (pending.has(card.id)) key += `p:${card.id};`;
      }
    }
    return key;
  };
  const cardHtmlRef = useRef(cardHtml);
  cardHtmlRef.current = cardHtml;
  /** A dragged card over a lane's day (the cells are the lanes' HTML): the drop is accepted there. */
  const cellOf = (target: EventTarget) => {
    const cell = target instanceof Element ? target.closest<HTMLElement>('.board-cell[data-day]') : null;
    const lane = cell?.closest<HTMLElement>('[data-lane]')?.dataset.lane;
    return cell && lane ? { lane, day: cell.dataset.day! } : undefined;
  };
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
      onDrop(cell.lane, cell.day);
    },
  };
  return (
    <section className={`screen screen-board board-${view}`}>
      <h1 className="screen-title">{title}</h1>
      <div className="data-grid-toolbar-row board-toolbar">
        <button type="button" onClick={() => target.shiftPeriod(-1)} aria-keyshortcuts="Alt+ArrowLeft">{t(view === 'week' ? 'planning.previousWeek' : 'planning.previousMonth')}</button>
        <button type="button" onClick={() => target.today()} aria-keyshortcuts="o">{t('planning.today')}</button>
        <button type="button" onClick={() => target.shiftPeriod(1)} aria-keyshortcuts="Alt+ArrowRight">{t(view === 'week' ? 'planning.nextWeek' : 'planning.nextMonth')}</button>
        <span className="board-views" role="group" aria-label={t('planning.view')}>
          <button type="button" aria-pressed={view === 'week'} onClick={() => target.setView('week')} aria-keyshortcuts="w">{t('planning.week')}</button>
          <button type="button" aria-pressed={view === 'month'} onClick={() => target.setView('month')} aria-keyshortcuts="m">{t('planning.month')}</button>
        </span>
        <strong className="board-period">{periodLabel}</strong>
        <span className="board-status" role="status">
          {period.isPending || period.isPlaceholderData ? t('screens.loading') : t('planning.count', { count: [...cells.values()].reduce((n, lane) => n + [...lane.values()].reduce((m, c) => m + c.length, 0), 0) })}
          {clashCount > 0 && <span className="board-clash-count"> · {t('planning.clashCount', { count: clashCount })}</span>}
        </span>
      </div>
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
        <div
          ref={scrollRef}
          className="board-lanes"
          role="application"
          aria-roledescription={t('planning.roleDescription')}
          aria-label={title}
          aria-describedby="board-hint-keys"
          aria-activedescendant={current && current.lane !== null ? activeDomId : undefined}
          tabIndex={0}
          style={{ ['--board-columns' as string]: columns, ['--board-days' as string]: days.length }}
          {...regionFocus('lanes')}
          {...cardEvents()}
          {...laneDrop}
        >
          <div className="board-row board-head" aria-hidden="true">
            <div className="board-lane-name">{t('planning.technician')}</div>
            {days.map((day) => (
              <div key={day} className={`board-day-head${day === today ? ' is-today' : ''}${isWeekend(day) ? ' is-weekend' : ''}`} title={nonWorkingDay(day)?.reason === 'holiday' ? nonWorkingDay(day)!.name : undefined}>
                {view === 'week' ? dayFormat.format(noon(day)) : shortDayFormat.format(noon(day))}
              </div>
            ))}
          </div>
          {laneIds.length === 0 ? (
            <p className="board-empty">{t(users.isPending && canListUsers ? 'screens.loading' : 'planning.noLanes')}</p>
          ) : (
            <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {items.map((item) => {
                const lane = laneIds[item.index]!;
                return (
                  <LaneRow
                    key={lane}
                    lane={lane}
                    name={nameOf.get(lane) ?? ''}
                    days={cellsDrawn ? days : NO_DAYS}
                    today={today}
                    top={item.start}
                    height={item.size}
                    byDay={cells.get(lane)}
                    shown={dayWindow}
                    cursorDay={current?.lane === lane ? cursorDay : undefined}
                    state={laneState(lane)}
                    cardHtml={cardHtmlRef}
                  />
                );
              })}
            </div>
          )}
        </div>
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">{announcement}</p>
    </section>
  );
}

interface LaneRowProps {
  lane: string;
  name: string;
  days: readonly string[];
  today: string;
  top: number;
  height: number;
  byDay: ReadonlyMap<string, readonly LaneCard[]> | undefined;
  /** The days whose cards are drawn (null: all), and the cursor's day in this lane, always drawn. */
  shown: DayWindow | null;
  cursorDay: string | undefined;
  /** What else the row shows that is not in its cells (see laneState). */
  state: string;
  cardHtml: { current: (id: string, lane: string, minutes: number) => string };
}

/**
 * One technician's lane across the days; memoized, so a move redraws only the lanes it touches. Its
 * name, cells and cards are one HTML string (a month's lanes are hundreds of cells): React keeps the
 * lane's box, and the lanes region handles the mouse for every cell and card in it.
 */
const LaneRow = memo(function LaneRow({ lane, name, days, today, top, height, byDay, shown, cursorDay, state, cardHtml }: LaneRowProps) {
  const html = useMemo(() => {
    let text = `<div class="board-lane-name" aria-hidden="true">${escapeHtml(name)}</div>`;
    days.forEach((day, index) => {
      const drawn = !shown || (index >= shown.first && index <= shown.last) || day === cursorDay;
      const cards = drawn ? byDay?.get(day) : undefined;
      text += `<div data-day="${day}" class="board-cell${day === today ? ' is-today' : ''}${isWeekend(day) ? ' is-weekend' : ''}">`;
      if (cards) for (const card of cards) text += cardHtml.current(card.id, lane, card.minutes);
      text += '</div>';
    });
    return text;
    // `state` stands for what the cards show beyond the cells (see laneState); cardHtml is a ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lane, name, days, today, byDay, shown, cursorDay, state]);
  return (
    <div
      className="board-row board-lane"
      role="group"
      data-lane={lane}
      aria-label={name}
      style={{ position: 'absolute', top: 0, left: 0, right: 0, height, transform: `translateY(${top}px)` }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
});

/** Resolves when the key being pressed is released (or soon, if its release was missed). */
function keyReleased(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      window.removeEventListener('keyup', done, true);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, 500);
    window.addEventListener('keyup', done, true);
  });
}

/** Scrolls `container` (not the page) just enough to show `element`, below its sticky head and right of its sticky names. */
function scrollWithin(container: HTMLElement, element: HTMLElement): void {
  const box = container.getBoundingClientRect();
  const rect = element.getBoundingClientRect();
  const head = container.querySelector<HTMLElement>('.board-head')?.offsetHeight ?? 0;
  const names = container.querySelector<HTMLElement>('.board-lane-name')?.offsetWidth ?? 0;
  if (rect.top < box.top + head) container.scrollTop -= box.top + head - rect.top;
  else if (rect.bottom > box.bottom) container.scrollTop += rect.bottom - box.bottom;
  if (rect.left < box.left + names) container.scrollLeft -= box.left + names - rect.left;
  else if (rect.right > box.right) container.scrollLeft += rect.right - box.right;
}

/** A card as the board draws it (Board's cardView). */
interface CardView {
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
function cardDomId(id: string, lane: string | null): string {
  return `board-card-${lane ?? 'backlog'}-${id}`;
}

/** Saturday, Sunday or a national holiday; remembered per day (every cell of every lane asks, at every lane render). */
const weekendDays = new Map<string, boolean>();
function isWeekend(day: string): boolean {
  let weekend = weekendDays.get(day);
  if (weekend === undefined) {
    weekend = isoWeekday(day) >= 6 || nonWorkingDay(day) !== null;
    if (weekendDays.size > 5000) weekendDays.clear();
    weekendDays.set(day, weekend);
  }
  return weekend;
}

