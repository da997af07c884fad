import { describe, expect, it, vi } from 'vitest';
import { interventionChecklistCommands, type ChecklistCurrent, type InterventionChecklistTarget } from './intervention.ts';
import { availability, commandProblems, commands as staticCommands } from './registry.ts';
import { fakeContext } from './testing.ts';

/** `current`: the control under the cursor, `null` for none. */
function checklist(overrides: Partial<InterventionChecklistTarget>, current: ChecklistCurrent | null): InterventionChecklistTarget {
  return {
    editable: true,
    current: () => current ?? undefined,
    step: vi.fn(), first: vi.fn(), last: vi.fn(), pass: vi.fn(), fail: vi.fn(), note: vi.fn(), raiseAnomaly: vi.fn(), markNotExecutable: vi.fn(), proposeCorrection: vi.fn(),
    ...overrides,
  };
}

const texts = { t: (id: string) => id };

function setUp(overrides: Partial<InterventionChecklistTarget> = {}, current?: ChecklistCurrent | null) {
  const live = { current: checklist(overrides, current === undefined ? { outcome: 'pending', open: true, anomalyRaised: false } : current) };
  const list = interventionChecklistCommands(live, texts);
  const byId = (id: string) => list.find((command) => command.id === `intervention.${id}`)!;
  const { ctx } = fakeContext();
  const state = (id: string) => availability(byId(id), ctx);
  return { live, list, byId, ctx, state };
}

describe('intervention checklist commands', () => {
  it('have distinct ids and keys, also next to the static grid commands', () => {
    const { list } = setUp();
    expect(commandProblems(list)).toEqual([]);
    expect(commandProblems([...staticCommands.filter((c) => (c.scope ?? 'global') === 'grid'), ...list])).toEqual([]);
    expect(list.every((command) => command.scope === 'grid')).toBe(true);
  });

  it('move the cursor and record the focused control: c passes, n fails, Enter writes the note', () => {
    const { live, byId, ctx } = setUp();
    void byId('next').run(ctx);
    void byId('previous').run(ctx);
    void byId('pass').run(ctx);
    void byId('fail').run(ctx);
    void byId('note').run(ctx);
    expect(live.current.step).toHaveBeenNthCalledWith(1, 1);
    expect(live.current.step).toHaveBeenNthCalledWith(2, -1);
    expect(live.current.pass).toHaveBeenCalledOnce();
    expect(live.current.fail).toHaveBeenCalledOnce();
    expect(live.current.note).toHaveBeenCalledOnce();
    expect(byId('pass').keys).toEqual(['c']);
    expect(byId('fail').keys).toEqual(['n']);
  });

  it('record nothing when read-only, without a control, or on an activity already done, and say why', () => {
    expect(setUp({ editable: false, readOnlyReason: 'Intervento chiuso' }).state('pass')).toEqual({ disabled: 'Intervento chiuso' });
    expect(setUp({ editable: false }).state('fail')).toEqual({ disabled: 'intervention.readOnly' });
    expect(setUp({}, null).state('pass')).toEqual({ disabled: 'intervention.noControl' });
    expect(setUp({}, { outcome: 'pending', open: false, anomalyRaised: false }).state('fail')).toEqual({ disabled: 'intervention.activityDone' });
    expect(setUp().state('next')).toBe(true);
  });

  it('propose a correction of the legal data of the equipment under the cursor (r q), for who may propose one', () => {
    const onEquipment = { outcome: 'pending', open: false, anomalyRaised: false, equipmentId: 'e1' } as const;
    expect(setUp({}, onEquipment).byId('proposeCorrection')).toBeDefined();
    expect(setUp({}, onEquipment).state('proposeCorrection')).toBe(false);
    const { byId, live, ctx, state } = setUp({ mayProposeCorrection: true }, onEquipment);
    // Also on an activity already done: the data is wrong whatever the checks say.
    expect(state('proposeCorrection')).toBe(true);
    expect(byId('proposeCorrection').keys).toEqual(['r q']);
    void byId('proposeCorrection').run(ctx);
    expect(live.current.proposeCorrection).toHaveBeenCalledOnce();
    expect(setUp({ mayProposeCorrection: true }, { outcome: 'pending', open: true, anomalyRaised: false }).state('proposeCorrection')).toEqual({ disabled: 'intervention.noEquipment' });
    expect(setUp({ mayProposeCorrection: true }, null).state('proposeCorrection')).toEqual({ disabled: 'intervention.noControl' });
  });

  it('raise an anomaly only for a failed control, once', () => {
    expect(setUp({}, { outcome: 'pending', open: true, anomalyRaised: false }).state('anomaly')).toEqual({ disabled: 'intervention.anomalyNeedsFailure' });
    expect(setUp({}, { outcome: 'passed', open: true, anomalyRaised: false }).state('anomaly')).toEqual({ disabled: 'intervention.anomalyNeedsFailure' });
    expect(setUp({}, { outcome: 'failed', open: true, anomalyRaised: true }).state('anomaly')).toEqual({ disabled: 'intervention.anomalyAlready' });
    const failed = setUp({}, { outcome: 'failed', open: true, anomalyRaised: false });
    expect(failed.state('anomaly')).toBe(true);
    void failed.byId('anomaly').run(failed.ctx);
    expect(failed.live.current.raiseAnomaly).toHaveBeenCalledOnce();    expect(setUp({ mayRaise: false }, { outcome: 'failed', open: true, anomalyRaised: false }).state('anomaly')).toEqual({ disabled: 'intervention.noAnomalyRight' });
  });

  it('x marks the activity of the focused control «non eseguibile», only where checks may be recorded', () => {
    const { live, byId, ctx, state } = setUp();
    expect(byId('notExecutable').keys).toEqual(['x']);
    expect(state('notExecutable')).toBe(true);
    void byId('notExecutable').run(ctx);
    expect(live.current.markNotExecutable).toHaveBeenCalledOnce();
    expect(setUp({}, { outcome: 'pending', open: false, anomalyRaised: false }).state('notExecutable')).toEqual({ disabled: 'intervention.activityDone' });
    expect(setUp({ editable: false, readOnlyReason: 'Intervento chiuso' }).state('notExecutable')).toEqual({ disabled: 'Intervento chiuso' });
  });
});
