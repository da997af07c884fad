import { describe, expect, it } from 'vitest';
import { availableActions, findTransition } from '../machine.ts';
import { assignmentMachine } from '../machines/assignment.ts';
import type { EntityShape } from '../kind.ts';
import {
  activityMissingLine, anomalyFromFailedControl, anomalyReference, closingRefusal, INTERVENTION_UNRECORDED_CONTROLS, isExcused, notExecutableRefusal, unrecordedControlsRefusal, unrecordedMandatoryControls, controlsForActivity, defaultAnomalyRisk, INTERVENTION_ANOMALIES, latestChecks, mayOperate, outcomeOf,
} from './intervention.ts';

const running: EntityShape = {
  attributes: { state: 'running', plannedStartDateTime: '2026-11-26T08:00:00.000Z' },
  metadata: {},
  relationships: { operatorIds: ['u1'], operatorInChargeId: 'u1' },
};
const refusals = (anomalies: number | undefined) => Object.fromEntries(
  availableActions(assignmentMachine, 'running', running, { today: '2026-11-26', ...(anomalies === undefined ? {} : { related: { [INTERVENTION_ANOMALIES]: anomalies } }) })
    .filter((a) => a.action === 'close' || a.action === 'closeWithAnomalies')
    .map((a) => [a.action, a.refusal?.code ?? null]),
);

describe('closing an intervention', () => {
  it('with unresolved anomalies found: only with anomalies', () => {
    expect(refusals(2)).toEqual({ close: 'ANOMALIES_FOUND', closeWithAnomalies: null });
    expect(closingRefusal('close', 1)?.message).toBe('È stata rilevata un’anomalia non risolta: chiudere l’intervento con anomalie');
    expect(closingRefusal('close', 3)?.message).toContain('Sono state rilevate 3 anomalie');
  });

  it('with none found: only plainly', () => {
    expect(refusals(0)).toEqual({ close: null, closeWithAnomalies: 'NO_ANOMALIES' });
  });

  it('without the count (a client without the server’s facts) refuses neither: the server decides', () => {
    expect(refusals(undefined)).toEqual({ close: null, closeWithAnomalies: null });
  });

  it('from a paused intervention too, with the same guards', () => {
    const paused = { ...running, attributes: { ...running.attributes, state: 'paused' } };
    const ctx = { today: '2026-11-26', related: { [INTERVENTION_ANOMALIES]: 1 } };
    expect(findTransition(assignmentMachine, 'paused', 'close')?.guard?.(paused, ctx)?.code).toBe('ANOMALIES_FOUND');
    expect(findTransition(assignmentMachine, 'paused', 'closeWithAnomalies')?.guard?.(paused, ctx)).toBeNull();
  });
});

describe('the checklist of an activity', () => {
  const controls = [
    { id: 'c3', code: 'EST-10', activityId: null },
    { id: 'c1', code: 'EST-2', activityId: 'other' },
    { id: 'c2', code: 'EST-1', activityId: 'act' },
    { id: 'c4', code: 'EST-3' },
  ];

  it('lists the controls of every activity and of this one, in code order', () => {
    expect(controlsForActivity(controls, 'act').map((c) => c.id)).toEqual(['c2', 'c4', 'c3']);
    expect(controlsForActivity(controls, undefined).map((c) => c.id)).toEqual(['c4', 'c3']);
  });

  it('keeps the latest check of each control', () => {
    const latest = latestChecks([
      { id: 'k1', controlId: 'c1', passed: false, checkedDateTime: '2026-11-26T08:00:00.000Z' },
      { id: 'k2', controlId: 'c1', passed: true, checkedDateTime: '2026-11-26T09:00:00.000Z' },
      { id: 'k3', controlId: 'c2', passed: false, checkedDateTime: '2026-11-26T07:00:00.000Z' },
    ]);
    expect(latest.get('c1')?.id).toBe('k2');
    expect(outcomeOf(latest.get('c1'))).toBe('passed');
    expect(outcomeOf(latest.get('c2'))).toBe('failed');
    expect(outcomeOf(latest.get('c9'))).toBe('pending');
  });
});

describe('the anomaly a failed control raises', () => {
  const control = { code: 'EST-1', name: 'Pressione manometro', isMandatory: true };

  it('starts at medium risk for a mandatory control, low for another', () => {
    expect(defaultAnomalyRisk(control)).toBe('medium');
    expect(defaultAnomalyRisk({ isMandatory: false })).toBe('low');
  });

  it('names the control it refers to beside the technician’s own text', () => {
    expect(anomalyReference(control)).toBe('Controllo EST-1 – Pressione manometro non superato');
    const body = anomalyFromFailedControl({ control, risk: 'low', description: '  ', detectedDateTime: '2026-11-26T10:00:00.000Z', customerId: 'cu', assignmentActivityId: 'aa' });
    expect(body.attributes.description).toBe('Controllo EST-1 – Pressione manometro non superato');
  });

  it('belongs to the customer, the activity and its equipment, unresolved', () => {
    const body = anomalyFromFailedControl({
      control, risk: 'high', description: ' Manometro rotto ', detectedDateTime: '2026-11-26T10:00:00.000Z', customerId: 'cu', assignmentActivityId: 'aa', equipmentId: 'eq',
    });
    expect(body).toEqual({
      attributes: { description: 'Manometro rotto', risk: 'high', state: 'unresolved', detectedDateTime: '2026-11-26T10:00:00.000Z' },
      metadata: {},
      relationships: { customerId: 'cu', assignmentActivityId: 'aa', equipmentId: 'eq', installationId: null },
    });
    expect(anomalyFromFailedControl({ control, risk: 'low', description: '  ', detectedDateTime: 'x', customerId: 'cu', assignmentActivityId: 'aa' }).attributes.description)
      .toBe('Controllo EST-1 – Pressione manometro non superato');
  });
});

describe('who may be an operator', () => {
  const user = (attributes: Record<string, unknown>, isEnabled = true) => ({ attributes, metadata: { isEnabled } });

  it('staff, internal or external, allowed on the module, or on every module', () => {
    expect(mayOperate(user({ userType: 'siv', allowedModules: ['fire', 'equip'] }), 'fire')).toBe(true);
    expect(mayOperate(user({ userType: 'external', allowedModules: ['fire'] }), 'fire')).toBe(true);
    expect(mayOperate(user({ userType: 'siv', allowedModules: [] }), 'med')).toBe(true);
  });

  it('not staff of other modules, customer users, disabled users, unknown ids', () => {
    expect(mayOperate(user({ userType: 'siv', allowedModules: ['edu'] }), 'fire')).toBe(false);
    expect(mayOperate(user({ userType: 'external', allowedModules: ['equip'] }), 'fire')).toBe(false);
    expect(mayOperate(user({ userType: 'customer', allowedModules: ['fire'] }), 'fire')).toBe(false);
    expect(mayOperate(user({ userType: 'siv', allowedModules: [] }, false), 'fire')).toBe(false);
    expect(mayOperate(undefined, 'fire')).toBe(false);
  });
});

describe('closing with unrecorded mandatory controls (issue 22)', () => {
  const controls = [
    { id: 'c2', code: 'C2', name: 'Sigillo', isMandatory: true, activityId: null },
    { id: 'c1', code: 'C1', name: 'Pressione', isMandatory: true, activityId: null },
    { id: 'c3', code: 'C3', name: 'Etichetta', isMandatory: false, activityId: null },
    { id: 'c4', code: 'C4', name: 'Collaudo', isMandatory: true, activityId: 'other-activity' },
  ];

  it('lists the mandatory controls of the activity that no check records, in code order', () => {
    expect(unrecordedMandatoryControls({ activityId: 'a' }, controls, []).map((c) => c.code)).toEqual(['C1', 'C2']);
    expect(unrecordedMandatoryControls({ activityId: 'a' }, controls, [{ controlId: 'c1' }]).map((c) => c.code)).toEqual(['C2']);
    expect(unrecordedMandatoryControls({ activityId: 'other-activity' }, controls, [{ controlId: 'c1' }, { controlId: 'c2' }]).map((c) => c.code)).toEqual(['C4']);
  });

  it('excuses an activity marked «non eseguibile» only with a reason', () => {
    expect(isExcused({ notExecutable: true, notExecutableReason: 'Locale chiuso' })).toBe(true);
    expect(isExcused({ notExecutable: true, notExecutableReason: '  ' })).toBe(false);
    expect(isExcused({ notExecutable: false, notExecutableReason: 'Locale chiuso' })).toBe(false);
    expect(unrecordedMandatoryControls({ activityId: 'a', notExecutable: true, notExecutableReason: 'Locale chiuso' }, controls, [])).toEqual([]);
    expect(unrecordedMandatoryControls({ activityId: 'a', notExecutable: true }, controls, [])).toHaveLength(2);
    expect(notExecutableRefusal({ notExecutable: true, notExecutableReason: '' })).toBe('Indicare il motivo per cui l’attività non è eseguibile');
    expect(notExecutableRefusal({ notExecutable: true, notExecutableReason: 'Locale chiuso' })).toBeNull();
    expect(notExecutableRefusal({})).toBeNull();
  });

  it('refuses both closings with the Italian list of what is missing, before the anomalies rule', () => {
    const line = activityMissingLine('Verifica semestrale (EST-1)', [controls[1]!, controls[0]!]);
    expect(line).toBe('Verifica semestrale (EST-1): C1 – Pressione, C2 – Sigillo');
    expect(unrecordedControlsRefusal([])).toBeNull();
    expect(unrecordedControlsRefusal(undefined)).toBeNull();
    const refused = availableActions(assignmentMachine, 'running', running, { today: '2026-11-26', related: { [INTERVENTION_ANOMALIES]: 0 }, lists: { [INTERVENTION_UNRECORDED_CONTROLS]: [line] } })
      .filter((a) => a.action === 'close' || a.action === 'closeWithAnomalies');
    expect(refused.map((a) => a.refusal?.code)).toEqual(['MANDATORY_CONTROLS_UNRECORDED', 'MANDATORY_CONTROLS_UNRECORDED']);
    expect(refused[0]!.refusal!.message).toContain('Verifica semestrale (EST-1): C1 – Pressione, C2 – Sigillo');
    expect(refused[0]!.refusal!.message).toContain('«non eseguibile»');
  });
});
