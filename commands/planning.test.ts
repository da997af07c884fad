import { describe, expect, it, vi } from 'vitest';
import { planningBoardCommands, type PlanningBoardTarget } from './planning.ts';
import { commandProblems, commands as staticCommands } from './registry.ts';
import { fakeContext } from './testing.ts';

function board(overrides: Partial<PlanningBoardTarget> = {}): PlanningBoardTarget {
  return {
    editable: true, moving: false,
    current: () => ({ id: 'a1', movable: true, state: 'scheduled' }),
    currentOperators: () => ['t1'],
    step: vi.fn(), jump: vi.fn(), first: vi.fn(), last: vi.fn(), open: vi.fn(), pickUp: vi.fn(), moveBy: vi.fn(), drop: vi.fn(), cancel: vi.fn(),
    unschedule: vi.fn(), shiftPeriod: vi.fn(), today: vi.fn(), setView: vi.fn(), assign: vi.fn(), setInCharge: vi.fn(),
    ...overrides,
  };
}

const texts = { t: (id: string, values?: Record<string, string>) => `${id}${values ? JSON.stringify(values) : ''}`, technicians: [{ id: 't1', name: 'Anna Neri' }, { id: 't2', name: 'Bruno Sala' }] };

function setUp(overrides: Partial<PlanningBoardTarget> = {}) {
  const live = { current: board(overrides) };
  const list = planningBoardCommands(live, texts);
  const byId = (id: string) => list.find((command) => command.id === `planning.${id}`)!;
  const { ctx } = fakeContext();
  return { live, list, byId, ctx };
}

describe('planning board commands', () => {
  it('have distinct ids and keys, also next to the static commands', () => {
    const { list } = setUp();
    expect(commandProblems(list)).toEqual([]);
    expect(commandProblems([...staticCommands.filter((c) => (c.scope ?? 'global') === 'grid'), ...list])).toEqual([]);
  });

  it('move the cursor until a card is picked up, then the card: arrows by hour and day, Alt+arrows by technician', () => {
    const idle = setUp();
    void idle.byId('down').run(idle.ctx);
    void idle.byId('right').run(idle.ctx);
    void idle.byId('laneDown').run(idle.ctx);
    expect(idle.live.current.step).toHaveBeenCalledWith(1);
    expect(idle.live.current.jump).toHaveBeenCalledWith({ days: 1 });
    expect(idle.live.current.jump).toHaveBeenCalledWith({ lanes: 1 });
    expect(idle.live.current.moveBy).not.toHaveBeenCalled();
    void idle.byId('pickUp').run(idle.ctx);
    expect(idle.live.current.pickUp).toHaveBeenCalledOnce();
    void idle.byId('enter').run(idle.ctx);
    expect(idle.live.current.open).toHaveBeenCalledOnce();

    const moving = setUp({ moving: true });
    for (const id of ['up', 'left', 'laneUp']) void moving.byId(id).run(moving.ctx);
    expect(moving.live.current.moveBy).toHaveBeenCalledWith({ hours: -1 });
    expect(moving.live.current.moveBy).toHaveBeenCalledWith({ days: -1 });
    expect(moving.live.current.moveBy).toHaveBeenCalledWith({ lanes: -1 });
    void moving.byId('enter').run(moving.ctx);
    void moving.byId('pickUp').run(moving.ctx);
    expect(moving.live.current.drop).toHaveBeenCalledTimes(2);
    expect(moving.byId('cancel').when?.(moving.ctx)).toBe(true);
    expect(setUp().byId('cancel').when?.(moving.ctx)).toBe(false);
  });

  it('say why a card cannot be picked up or unscheduled', () => {
    const running = setUp({ current: () => ({ id: 'a1', movable: false, state: 'running' }) });
    expect(running.byId('pickUp').when?.(running.ctx)).toEqual({ disabled: 'planning.notMovable' });
    expect(running.byId('unschedule').when?.(running.ctx)).toEqual({ disabled: 'planning.notScheduled' });
    const readOnly = setUp({ editable: false });
    expect(readOnly.byId('pickUp').when?.(readOnly.ctx)).toEqual({ disabled: 'planning.readOnly' });
    const empty = setUp({ current: () => undefined });
    expect(empty.byId('pickUp').when?.(empty.ctx)).toEqual({ disabled: 'planning.noCard' });
    const scheduled = setUp();
    expect(scheduled.byId('unschedule').when?.(scheduled.ctx)).toBe(true);
  });

  it('offer each technician in the palette: assign the ones not on the card, make one of its operators the one in charge', () => {
    const { byId, live, ctx } = setUp();
    expect(byId('assign.t1').when?.(ctx)).toEqual({ disabled: 'planning.alreadyAssigned{"name":"Anna Neri"}' });
    expect(byId('assign.t2').when?.(ctx)).toBe(true);
    expect(byId('assign.t2').title).toBe('planning.cmd.assign{"name":"Bruno Sala"}');
    void byId('assign.t2').run(ctx);
    expect(live.current.assign).toHaveBeenCalledWith('t2');
    expect(byId('inCharge.t1').when?.(ctx)).toBe(true);
    expect(byId('inCharge.t2').when?.(ctx)).toBe(false);
    void byId('inCharge.t1').run(ctx);
    expect(live.current.setInCharge).toHaveBeenCalledWith('t1');
  });

  it('offer no "assign" to a technician whose lane is kept only for their cards (disabled, or off the module)', () => {
    const live = { current: board({ currentOperators: () => ['t3'] }) };
    const list = planningBoardCommands(live, { ...texts, technicians: [...texts.technicians, { id: 't3', name: 'Carlo Rota (disattivato)', away: { why: 'disabled' } }] });
    const ids = list.map((command) => command.id);
    expect(ids).toContain('planning.assign.t2');
    expect(ids).not.toContain('planning.assign.t3');
    // One of the card's operators still: may be made the one in charge.
    expect(list.find((command) => command.id === 'planning.inCharge.t3')?.when?.(fakeContext().ctx)).toBe(true);
  });
});
