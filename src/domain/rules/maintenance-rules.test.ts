import { describe, expect, it } from 'vitest';
import {
  agentMissing, agentOf, applicableEdition, effectiveAgent, rulesNeedAgent, deadlineKey, detectionRules, dueWindowRange, emergencyLightingRules, equipmentDeadlines, extinguisherRules,
  fireDoorRules, hydrantRules, maintenanceRule, nextDeadlineAfter, normCitation, type ComputedDeadline,
} from './maintenance-rules.ts';

const byKind = (list: ComputedDeadline[]) => Object.fromEntries(list.map((d) => [d.rule.kind, d]));

describe('UNI 9994-1 extinguishers', () => {
  it('2024 edition, powder built in 2025: controllo at 6 months, revisione 60, collaudo 120, out of service at 18 years', () => {
    const deadlines = byKind(equipmentDeadlines({ productionDate: '2025-03-15', installationDate: '2025-04-01', agent: 'powder', rules: extinguisherRules }));
    expect(deadlines.controlloPeriodico?.deadlineDate).toBe('2025-09-15');
    expect(deadlines.revisione).toMatchObject({ deadlineDate: '2030-03-15', rule: { months: 60, norm: 'UNI 9994-1', edition: '2024' } });
    expect(deadlines.collaudo).toMatchObject({ deadlineDate: '2035-03-15', rule: { months: 120, edition: '2024' } });
    expect(deadlines.fineVita?.deadlineDate).toBe('2043-03-15');
  });

  it('2024 edition: halogenated revisione at 72 months, plastic-lined water-based collaudo at 72, CO2 revisione at 60', () => {
    const halogenated = byKind(equipmentDeadlines({ productionDate: '2025-01-10', agent: 'halogenated', rules: extinguisherRules }));
    expect(halogenated.revisione?.rule.months).toBe(72);
    const plastic = byKind(equipmentDeadlines({ productionDate: '2025-01-10', agent: 'waterPlasticLined', rules: extinguisherRules }));
    expect(plastic.collaudo?.rule.months).toBe(72);
    expect(plastic.revisione?.rule.months).toBe(60);
    const co2 = byKind(equipmentDeadlines({ productionDate: '2025-01-10', agent: 'co2', rules: extinguisherRules }));
    expect(co2.revisione?.rule.months).toBe(60);
    expect(co2.collaudo?.rule.months).toBe(120);
  });

  it('built before 25 July 2024: the 2013 intervals by default (powder revisione at 36 months, collaudo at 144)', () => {
    const deadlines = byKind(equipmentDeadlines({ productionDate: '2020-06-10', agent: 'powder', rules: extinguisherRules }));
    expect(deadlines.revisione).toMatchObject({ deadlineDate: '2023-06-10', rule: { months: 36, edition: '2013' } });
    expect(deadlines.collaudo).toMatchObject({ deadlineDate: '2032-06-10', rule: { months: 144, edition: '2013' } });
    expect(deadlines.fineVita?.deadlineDate).toBe('2038-06-10');
  });

  it('UNI 9994-1:2013 table: water-based revisione at 48 months, plastic-lined collaudo at 96, CO2 at 60 and 120', () => {
    const water = byKind(equipmentDeadlines({ productionDate: '2018-02-01', agent: 'water', rules: extinguisherRules }));
    expect(water.revisione?.rule.months).toBe(48);
    expect(water.collaudo?.rule.months).toBe(144);
    const plastic = byKind(equipmentDeadlines({ productionDate: '2018-02-01', agent: 'waterPlasticLined', rules: extinguisherRules }));
    expect(plastic.collaudo?.rule.months).toBe(96);
    const co2 = byKind(equipmentDeadlines({ productionDate: '2018-02-01', agent: 'co2', rules: extinguisherRules }));
    expect([co2.revisione?.rule.months, co2.collaudo?.rule.months]).toEqual([60, 120]);
  });

  it('the edition changes on 25 July 2024 exactly', () => {
    expect(applicableEdition('UNI 9994-1', '2024-07-24', 'productionDate')).toBe('2013');
    expect(applicableEdition('UNI 9994-1', '2024-07-25', 'productionDate')).toBe('2024');
  });

  it('the "latest" policy applies the 2024 edition to an old extinguisher too', () => {
    const deadlines = byKind(equipmentDeadlines({ productionDate: '2020-06-10', agent: 'powder', rules: extinguisherRules, policy: 'latest' }));
    expect(deadlines.revisione).toMatchObject({ deadlineDate: '2025-06-10', rule: { months: 60, edition: '2024' } });
  });

  it('without a known agent only the rules for every agent apply', () => {
    const kinds = equipmentDeadlines({ productionDate: '2025-01-10', agent: null, rules: extinguisherRules }).map((d) => d.rule.kind);
    expect(kinds.toSorted()).toEqual(['controlloPeriodico', 'fineVita']);
  });

  it('the next deadline counts from the last execution; end of life never moves', () => {
    const controllo = extinguisherRules.find((r) => r.kind === 'controlloPeriodico' && r.edition === '2024')!;
    const fineVita = extinguisherRules.find((r) => r.kind === 'fineVita' && r.edition === '2024')!;
    const lastExecutions = new Map([[deadlineKey(controllo), '2026-01-20'], [deadlineKey(fineVita), '2026-01-20']]);
    const deadlines = byKind(equipmentDeadlines({ productionDate: '2025-03-15', agent: 'powder', rules: extinguisherRules, lastExecutions }));
    expect(deadlines.controlloPeriodico).toMatchObject({ deadlineDate: '2026-07-20', lastExecutionDate: '2026-01-20' });
    expect(deadlines.fineVita?.deadlineDate).toBe('2043-03-15');
    expect(nextDeadlineAfter({ kind: 'controlloPeriodico', months: 6 }, '2026-01-20')).toBe('2026-07-20');
    expect(nextDeadlineAfter({ kind: 'fineVita', months: 216 }, '2026-01-20')).toBeNull();
  });
});

describe('month arithmetic', () => {
  it('clamps to the end of the month (31 August + 6 months = 28 February, 29 in a leap year)', () => {
    expect(byKind(equipmentDeadlines({ productionDate: '2025-08-31', rules: fireDoorRules })).controlloPeriodico?.deadlineDate).toBe('2026-02-28');
    expect(byKind(equipmentDeadlines({ productionDate: '2027-08-31', rules: fireDoorRules })).controlloPeriodico?.deadlineDate).toBe('2028-02-29');
  });

  it('a rule whose basis date is missing gives no deadline', () => {
    expect(equipmentDeadlines({ productionDate: null, installationDate: '2025-01-01', agent: 'powder', rules: extinguisherRules.filter((r) => r.from === 'production') })).toEqual([]);
  });
});

describe('other norms', () => {
  it('UNI EN 671-3 hydrants and hose reels: 6-month check, 12-month pressurised hose, 60-month hydraulic test from installation', () => {
    const deadlines = equipmentDeadlines({ productionDate: '2024-01-01', installationDate: '2024-05-02', basis: 'installation', rules: hydrantRules });
    expect(deadlines.map((d) => [d.rule.kind, d.rule.months, d.deadlineDate])).toEqual([
      ['controlloPeriodico', 6, '2024-11-02'],
      ['revisione', 12, '2025-05-02'],
      ['collaudo', 60, '2029-05-02'],
    ]);
    expect(deadlines.every((d) => d.rule.norm === 'UNI EN 671-3')).toBe(true);
  });

  it('UNI 11473 fire doors every 6 months; UNI 11222 lighting 6 and 12 months; UNI 11224 detection 6 months', () => {
    expect(fireDoorRules.map((r) => [r.norm, r.months])).toEqual([['UNI 11473-1', 6]]);
    expect(emergencyLightingRules.map((r) => [r.norm, r.kind, r.months])).toEqual([['UNI 11222', 'controlloPeriodico', 6], ['UNI 11222', 'revisione', 12]]);
    expect(detectionRules.map((r) => [r.norm, r.months])).toEqual([['UNI 11224', 6]]);
  });

  it('every rule in force names its source and is a valid rule', () => {
    for (const rule of [...extinguisherRules, ...hydrantRules, ...fireDoorRules, ...emergencyLightingRules, ...detectionRules]) {
      expect(rule.source.length).toBeGreaterThan(5);
      expect(maintenanceRule.safeParse(rule).success).toBe(true);
    }
  });
});

describe('agents and windows', () => {
  it('reads the agent from the Italian characteristics', () => {
    expect(agentOf({ agenteEstinguente: 'Polvere ABC' })).toBe('powder');
    expect(agentOf({ agenteEstinguente: 'Anidride carbonica' })).toBe('co2');
    expect(agentOf({ agenteEstinguente: 'Schiuma AFFF' })).toBe('water');
    expect(agentOf({ agenteEstinguente: 'Acqua', serbatoioPlastificato: true })).toBe('waterPlasticLined');
    expect(agentOf({ agent: 'halogenated' })).toBe('halogenated');
    expect(agentOf({ diametro: 'UNI 45' })).toBeNull();
  });

  it('the equipment\'s own agent wins over its type\'s default; a type\'s default fills a missing or unrecognised one', () => {
    expect(effectiveAgent(undefined, 'powder')).toBe('powder');
    expect(effectiveAgent({ caricaKg: 6 }, 'powder')).toBe('powder');
    expect(effectiveAgent({ agenteEstinguente: 'Anidride carbonica' }, 'powder')).toBe('co2');
    expect(effectiveAgent({ agenteEstinguente: 'Gas misterioso' }, 'water')).toBe('water');
    expect(effectiveAgent({ agenteEstinguente: 'Polvere ABC' }, null)).toBe('powder');
    expect(effectiveAgent({}, undefined)).toBeNull();
    expect(effectiveAgent({}, 'plutonium')).toBeNull();
  });

  it('an agent is missing only when a rule depends on it and neither the equipment nor its type gives one', () => {
    expect(rulesNeedAgent(extinguisherRules)).toBe(true);
    expect(rulesNeedAgent(hydrantRules)).toBe(false);
    expect(rulesNeedAgent(extinguisherRules.filter((r) => r.kind === 'fineVita' || r.kind === 'controlloPeriodico'))).toBe(false);
    expect(agentMissing(undefined, null, extinguisherRules)).toBe(true);
    expect(agentMissing({ agenteEstinguente: 'Gas misterioso' }, undefined, extinguisherRules)).toBe(true);
    expect(agentMissing(undefined, 'powder', extinguisherRules)).toBe(false);
    expect(agentMissing({ agenteEstinguente: 'Schiuma AFFF' }, null, extinguisherRules)).toBe(false);
    expect(agentMissing(undefined, null, hydrantRules)).toBe(false);
  });

  it('a powder type\'s equipment without an agent gets its revisione and collaudo from the type\'s agent', () => {
    const deadlines = byKind(equipmentDeadlines({ productionDate: '2025-03-15', agent: effectiveAgent(undefined, 'powder'), rules: extinguisherRules }));
    expect(deadlines.revisione?.deadlineDate).toBe('2030-03-15');
    expect(deadlines.collaudo?.deadlineDate).toBe('2035-03-15');
  });

  it('due windows: expired before today, this month, the next 30/60/90 days', () => {
    expect(dueWindowRange('expired', '2026-03-10')).toEqual({ from: null, to: '2026-03-09' });
    expect(dueWindowRange('thisMonth', '2026-02-10')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(dueWindowRange('next30', '2026-03-10')).toEqual({ from: '2026-03-10', to: '2026-04-09' });
    expect(dueWindowRange('next90', '2026-12-10')).toEqual({ from: '2026-12-10', to: '2027-03-10' });
  });
});

describe('normCitation', () => {
  it('cites a norm with its edition once: a year after a colon, never the year twice, an article, a date', () => {
    expect(normCitation('UNI 9994-1', '2024')).toBe('UNI 9994-1:2024');
    expect(normCitation('D.M. 2/9/2021', '2021')).toBe('D.M. 2/9/2021');
    expect(normCitation('D.M. 388/2003', '2003')).toBe('D.M. 388/2003');
    expect(normCitation('D.Lgs. 81/2008', 'art. 41')).toBe('D.Lgs. 81/2008 art. 41');
    expect(normCitation('Accordo Stato-Regioni', '17/04/2025')).toBe('Accordo Stato-Regioni del 17/04/2025');
    expect(normCitation('UNI 11473-1', '')).toBe('UNI 11473-1');
  });
});
