/**
 * Moving a card on the board: by the keys (picked up, moved by slot, dropped) or dragged by the mouse
 * onto a lane's day, and the writes that follow through the record data path (the record's patch with
 * its version, then the `schedule` transition and its guards for one still to schedule). A move or a
 * team refused because a technician is not qualified (issue 25) offers an administrator «Assegna comunque»
 * with the reason, as the intervention's save does (intervention/qualification-override.tsx).
 */
import { useRef, useState } from 'react';
import type { Entity } from '../../domain/entity.ts';
import { businessDay } from '../../domain/business-day.ts';
import { nonWorkingDay } from '../../domain/rules/calendar.ts';
import { dropPlan, isMovableState, placementOf, romeWallClock, slotOf, type BoardSlot, type Placement } from '../../domain/rules/planning.ts';
import { records } from '../data/index.ts';
import { confirmDialog } from '../shell/dialog.tsx';
import { updateWithQualificationOverride } from '../intervention/qualification-override.tsx';
import { BOARD_TYPE } from './board-data.ts';
import { longDayFormat, noon } from './board-days.ts';
import type { Cursor } from './board-cursor.ts';

/** A card picked up by the keys: where the arrows took it, and the lane it was picked up from. */
export interface Moving { id: string; slot: BoardSlot; fromLane: string | undefined }

type Translate = (id: string, values?: Record<string, string | number>) => string;

/** Where a card goes when dropped on `slot`, and what is written for it. */
export function plannedMove(base: Placement, slot: BoardSlot, fromLane: string | undefined) {
  const plan = dropPlan(base, slot, fromLane);
  const placement: Placement = {
    ...base,
    state: plan.schedule ? 'scheduled' : base.state,
    start: plan.patch.attributes.plannedStartDateTime,
    end: plan.patch.attributes.plannedEndDateTime,
    ...plan.patch.relationships,
  };
  return { plan, placement };
}

/** The slot a card is picked up in: its own, or today's (the period's first day when today is not in it) for one not dated. */
export function pickUpSlot(placement: Placement, laneIds: readonly string[], days: readonly string[], lane: string | null): BoardSlot | null {
  const today = businessDay();
  return slotOf(placement, laneIds, days.includes(today) ? today : days[0]!, lane ?? undefined);
}

interface BoardMovesInput {
  editable: boolean;
  /** May assign a technician not qualified, giving the reason (an administrator, issue 25). */
  mayOverride: boolean;
  entities: ReadonlyMap<string, Entity>;
  t: Translate;
  cardLabel: (id: string) => string;
  slotText: (slot: BoardSlot) => string;
  setCursor: (cursor: Cursor) => void;
  announce: (message: string) => void;
}

/**
 * The board's moves and writes. `pending` holds the writes under way: the card shows where it is
 * going until the refreshed lists say so.
 */
export function useBoardMoves({ editable, mayOverride, entities, t, cardLabel, slotText, setCursor, announce }: BoardMovesInput) {
  const [pending, setPending] = useState<ReadonlyMap<string, Placement>>(new Map());
  const [moving, setMoving] = useState<Moving | null>(null);
  const dragged = useRef<{ id: string; fromLane: string | undefined } | null>(null);

  const settled = (id: string) => setPending((map) => {
    const next = new Map(map);
    next.delete(id);
    return next;
  });

  const commit = async (id: string, slot: BoardSlot, fromLane: string | undefined) => {
    const entity = entities.get(id);
    if (!entity) return;
    const { plan, placement } = plannedMove(placementOf(entity), slot, fromLane);
    setPending((map) => new Map(map).set(id, placement));
    setCursor({ id, lane: slot.operatorId });
    try {
      const updated = await updateWithQualificationOverride(BOARD_TYPE, entity, plan.patch, mayOverride);
      if (plan.schedule) await records.runAction(BOARD_TYPE, updated, 'schedule');
      announce(t(plan.schedule ? 'planning.scheduled' : 'planning.moved', { card: cardLabel(id), slot: slotText(slot) }));
    } catch {
      // The data path already showed the problem (a refused guard, a version conflict); the card goes back.
      announce(t('planning.notSaved', { card: cardLabel(id) }));
    } finally {
      settled(id);
    }
  };

  const writeTeam = async (id: string, team: { operatorIds: string[]; operatorInChargeId: string }, message: string) => {
    const entity = entities.get(id);
    if (!entity) return;
    setPending((map) => new Map(map).set(id, { ...placementOf(entity), ...team }));
    try {
      await updateWithQualificationOverride(BOARD_TYPE, entity, { relationships: team }, mayOverride);
      announce(message);
    } catch {
      announce(t('planning.notSaved', { card: cardLabel(id) }));
    } finally {
      settled(id);
    }
  };

  const unschedule = (entity: Entity) => {
    setCursor({ id: entity.id, lane: null });
    void records.runAction(BOARD_TYPE, entity, 'unschedule').then(
      () => announce(t('planning.unscheduled', { card: cardLabel(entity.id) })),
      () => announce(t('planning.notSaved', { card: cardLabel(entity.id) })),
    );
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

  /** The keys' drop: a weekend or a holiday is asked first; "Annulla" keeps the card in hand, where it was. */
  const dropMoving = () => {
    if (!moving) return;
    const picked = moving;
    void confirmNonWorking(picked.id, picked.slot.day, true).then((confirmed) => {
      if (!confirmed) return announce(t('planning.nonWorking.kept', { card: cardLabel(picked.id) }));
      setMoving(null);
      void commit(picked.id, picked.slot, picked.fromLane);
    });
  };

  /** The mouse's drop of the dragged card on a lane's day, at the card's own time (or its default one). */
  const dropDragged = (placements: ReadonlyMap<string, Placement>, laneIds: readonly string[], lane: string, day: string) => {
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

  return { pending, moving, setMoving, dragged, commit, writeTeam, unschedule, dropMoving, dropDragged };
}

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
