/**
 * The deadline engine's knowledge (DESIGN §4 "Deadlines"): maintenance rules as data, with the
 * norm, edition and source they come from, and the pure computation of an equipment's deadlines.
 *
 * A rule says what is due (kind), every how many months, and from what the first deadline is
 * counted: the production date, the installation date, or the last execution (the first one then
 * counts from the equipment's type's basis date). Once a deadline is executed, the next one counts
 * from that execution. End of life (fineVita) counts from the production date only and does not recur.
 *
 * Rules live on equipment families and activities (`attributes.maintenanceRules`), editable by an
 * administrator; the tables below are the rules in force, which the demo data and a new
 * installation start from.
 */
import { z } from 'zod';
import { addDays, addMonths, calendarDay } from './calendar.ts';
import { optionalText, requiredText } from '../validation.ts';
import type { ModuleName } from '../enums.ts';

/** What a deadline is (UNI 9994-1 §3 phases, and end of life). */
export const maintenanceKinds = ['sorveglianza', 'controlloPeriodico', 'revisione', 'collaudo', 'fineVita'] as const;
export type MaintenanceKind = (typeof maintenanceKinds)[number];

/**
 * What a deadline is: a maintenance phase, an employee's training refresher (issue 12: the same engine
 * serves training), a technician's qualification to renew (issue 25), an employee's periodic visit of
 * health surveillance (module med, D.Lgs. 81/2008 art. 41).
 */
export const deadlineKinds = [...maintenanceKinds, 'aggiornamentoFormativo', 'rinnovoQualifica', 'visitaPeriodica'] as const;
export type DeadlineKind = (typeof deadlineKinds)[number];

/**
 * The modules a deadline of each kind belongs to (SPEC §6 allowedModules: a user is offered only its
 * modules' kinds): maintenance of fire and equip, a training refresher of edu, a technician's
 * qualification of doc (issue 25), a visit of health surveillance of med.
 */
export const deadlineKindModules: Readonly<Record<DeadlineKind, readonly ModuleName[]>> = {
  sorveglianza: ['fire', 'equip'],
  controlloPeriodico: ['fire', 'equip'],
  revisione: ['fire', 'equip'],
  collaudo: ['fire', 'equip'],
  fineVita: ['fire', 'equip'],
  aggiornamentoFormativo: ['edu'],
  rinnovoQualifica: ['doc'],
  visitaPeriodica: ['med'],
};

/** What the first deadline counts from. */
export const ruleBases = ['production', 'installation', 'lastExecution'] as const;
export type RuleBasis = (typeof ruleBases)[number];

/**
 * Extinguishing agents, as UNI 9994-1 prospetto 2 groups them (simplified to the groups whose
 * periods differ): powder, water-based (stainless or aluminium shell), water-based with a
 * plastic-lined shell, carbon dioxide, halogenated hydrocarbons.
 */
export const extinguishingAgents = ['powder', 'water', 'waterPlasticLined', 'co2', 'halogenated'] as const;
export type ExtinguishingAgent = (typeof extinguishingAgents)[number];

/**
 * Which edition of a norm applies to an equipment: the one in force at its production date
 * (`productionDate`, the default: an extinguisher built before 25 July 2024 keeps the 2013
 * intervals), or always the latest (`latest`). Set per equipment type by an administrator.
 */
export const editionPolicies = ['productionDate', 'latest'] as const;
export type EditionPolicy = (typeof editionPolicies)[number];
export const DEFAULT_EDITION_POLICY: EditionPolicy = 'productionDate';

/** The longest period a rule may have: 50 years. */
const MAX_RULE_MONTHS = 600;

export const maintenanceRule = z.strictObject({
  kind: z.enum(maintenanceKinds),
  months: z.number().int().min(1).max(MAX_RULE_MONTHS),
  from: z.enum(ruleBases),
  norm: requiredText(100),
  edition: requiredText(20),
  /** The agents the rule is for; empty: every equipment of the type. */
  appliesTo: z.array(z.enum(extinguishingAgents)).max(extinguishingAgents.length).default([]),
  /** The activity that executes the deadline (on an equipment type's rules; an activity's own rules are its own). */
  activityId: z.uuid().nullable().optional(),
  /** Where the period comes from (norm clause, table). */
  source: optionalText(500),
});
export type MaintenanceRule = z.input<typeof maintenanceRule>;

/** An equipment type's rules: each may name the activity that executes it. */
export const maintenanceRules = z.array(maintenanceRule).max(50).default([]);
/** An activity's rules: the activity executes them. */
export const activityMaintenanceRules = z.array(maintenanceRule.omit({ activityId: true })).max(50).default([]);

/** The rule a deadline came from, as a physical activity keeps it. */
export const deadlineRule = z.strictObject({
  kind: z.enum(deadlineKinds),
  months: z.number().int().min(1).max(MAX_RULE_MONTHS),
  from: z.enum(ruleBases),
  norm: requiredText(100),
  edition: requiredText(20),
});
export type DeadlineRule = z.infer<typeof deadlineRule>;

/** A norm's editions, with the day each came into force when that decides which applies. */
export interface NormEdition {
  norm: string;
  edition: string;
  /** First production day the edition governs under the `productionDate` policy; absent for the oldest edition encoded. */
  inForceFrom?: string;
  source: string;
}

export const normEditions: readonly NormEdition[] = [
  { norm: 'UNI 9994-1', edition: '2013', source: 'UNI 9994-1:2013, in vigore da giugno 2013 (sostituisce la UNI 9994:2003)' },
  { norm: 'UNI 9994-1', edition: '2024', inForceFrom: '2024-07-25', source: 'UNI 9994-1:2024, pubblicata il 25 luglio 2024 (sostituisce la UNI 9994-1:2013)' },
];

type RuleRow = Omit<MaintenanceRule, 'activityId'> & { source: string };

const EXTINGUISHERS_2024 = 'UNI 9994-1:2024 prospetto 2';
const EXTINGUISHERS_2013 = 'UNI 9994-1:2013 prospetto 1 (periodicità superate dall’edizione 2024)';
const END_OF_LIFE = 'UNI 9994-1 (2013 e 2024): l’estintore è fuori servizio dopo 18 anni dalla produzione';
const extinguisher = (edition: '2013' | '2024') => ({ norm: 'UNI 9994-1', edition, source: edition === '2024' ? EXTINGUISHERS_2024 : EXTINGUISHERS_2013 });

/**
 * Portable and wheeled extinguishers, UNI 9994-1 editions 2024 and 2013. Controllo periodico every
 * 6 months (both editions); revisione and collaudo counted from the production date; out of service
 * at 18 years (216 months).
 */
export const extinguisherRules: readonly RuleRow[] = [
  // 2024
  { kind: 'controlloPeriodico', months: 6, from: 'lastExecution', ...extinguisher('2024'), appliesTo: [] },
  { kind: 'revisione', months: 60, from: 'production', ...extinguisher('2024'), appliesTo: ['powder', 'water', 'waterPlasticLined', 'co2'] },
  { kind: 'revisione', months: 72, from: 'production', ...extinguisher('2024'), appliesTo: ['halogenated'] },
  { kind: 'collaudo', months: 120, from: 'production', ...extinguisher('2024'), appliesTo: ['powder', 'water', 'co2', 'halogenated'] },
  { kind: 'collaudo', months: 72, from: 'production', ...extinguisher('2024'), appliesTo: ['waterPlasticLined'] },
  { kind: 'fineVita', months: 216, from: 'production', norm: 'UNI 9994-1', edition: '2024', source: END_OF_LIFE, appliesTo: [] },
  // 2013 (extinguishers produced before 25 July 2024, by default)
  { kind: 'controlloPeriodico', months: 6, from: 'lastExecution', ...extinguisher('2013'), appliesTo: [] },
  { kind: 'revisione', months: 36, from: 'production', ...extinguisher('2013'), appliesTo: ['powder'] },
  { kind: 'revisione', months: 48, from: 'production', ...extinguisher('2013'), appliesTo: ['water', 'waterPlasticLined'] },
  { kind: 'revisione', months: 60, from: 'production', ...extinguisher('2013'), appliesTo: ['co2'] },
  { kind: 'revisione', months: 72, from: 'production', ...extinguisher('2013'), appliesTo: ['halogenated'] },
  { kind: 'collaudo', months: 144, from: 'production', ...extinguisher('2013'), appliesTo: ['powder', 'water', 'halogenated'] },
  { kind: 'collaudo', months: 96, from: 'production', ...extinguisher('2013'), appliesTo: ['waterPlasticLined'] },
  { kind: 'collaudo', months: 120, from: 'production', ...extinguisher('2013'), appliesTo: ['co2'] },
  { kind: 'fineVita', months: 216, from: 'production', norm: 'UNI 9994-1', edition: '2013', source: END_OF_LIFE, appliesTo: [] },
];

const HYDRANTS = 'UNI EN 671-3:2009 §5 e §6: controllo semestrale; manichetta in pressione ogni anno; prova idraulica della tubazione ogni 5 anni';
/** Hydrants and hose reels (UNI EN 671-3). */
export const hydrantRules: readonly RuleRow[] = [
  { kind: 'controlloPeriodico', months: 6, from: 'lastExecution', norm: 'UNI EN 671-3', edition: '2009', source: HYDRANTS, appliesTo: [] },
  { kind: 'revisione', months: 12, from: 'lastExecution', norm: 'UNI EN 671-3', edition: '2009', source: `${HYDRANTS} (manichetta sotto pressione di rete)`, appliesTo: [] },
  { kind: 'collaudo', months: 60, from: 'installation', norm: 'UNI EN 671-3', edition: '2009', source: `${HYDRANTS} (prova idraulica alla pressione massima)`, appliesTo: [] },
];

/** Fire doors (UNI 11473): a check every six months. */
export const fireDoorRules: readonly RuleRow[] = [
  { kind: 'controlloPeriodico', months: 6, from: 'lastExecution', norm: 'UNI 11473-1', edition: '2013', source: 'UNI 11473-1:2013 §6: controllo periodico semestrale delle porte resistenti al fuoco', appliesTo: [] },
];

const LIGHTING = 'UNI 11222:2013 §7';
/** Emergency lighting (UNI 11222): function test every six months, autonomy test every year. */
export const emergencyLightingRules: readonly RuleRow[] = [
  { kind: 'controlloPeriodico', months: 6, from: 'lastExecution', norm: 'UNI 11222', edition: '2013', source: `${LIGHTING}: verifica di funzionamento semestrale`, appliesTo: [] },
  { kind: 'revisione', months: 12, from: 'lastExecution', norm: 'UNI 11222', edition: '2013', source: `${LIGHTING}: verifica dell’autonomia annuale`, appliesTo: [] },
];

/** Fire detection and alarm systems (UNI 11224): a periodic check every six months. */
export const detectionRules: readonly RuleRow[] = [
  { kind: 'controlloPeriodico', months: 6, from: 'lastExecution', norm: 'UNI 11224', edition: '2019', source: 'UNI 11224:2019 §6: controllo periodico semestrale dei sistemi di rivelazione incendi', appliesTo: [] },
];

/** Agent of an extinguisher from its characteristics: an explicit `agent`, or the Italian text of `agenteEstinguente`. */
/**
 * A norm as it is cited: «UNI 9994-1:2024» (a year edition after a colon), «D.M. 2/9/2021» (its year
 * already in its name: not «D.M. 2/9/2021:2021»), «D.Lgs. 81/2008 art. 41», else «… del 17/04/2025».
 */
export function normCitation(norm: string, edition: unknown): string {
  const given = typeof edition === 'string' ? edition.trim() : '';
  if (given === '') return norm;
  if (/^\d{4}$/.test(given)) return new RegExp(`\\b${given}$`).test(norm) ? norm : `${norm}:${given}`;
  return /^art\. /.test(given) ? `${norm} ${given}` : `${norm} del ${given}`;
}

export function agentOf(characteristics: Record<string, unknown> | null | undefined): ExtinguishingAgent | null {
  if (!characteristics) return null;
  const explicit = characteristics.agent;
  if (typeof explicit === 'string' && (extinguishingAgents as readonly string[]).includes(explicit)) return explicit as ExtinguishingAgent;
  const text = typeof characteristics.agenteEstinguente === 'string' ? characteristics.agenteEstinguente.toLowerCase() : '';
  if (!text) return null;
  if (/polvere/.test(text)) return 'powder';
  if (/co2|anidride carbonica|biossido/.test(text)) return 'co2';
  if (/alogenat|halon|idrocarbur/.test(text)) return 'halogenated';
  if (/acqua|schiuma|idric/.test(text)) return characteristics.serbatoioPlastificato === true || /plastificat/.test(text) ? 'waterPlasticLined' : 'water';
  return null;
}

/**
 * The agent an equipment's deadlines use (issue "powder family without an agent"): the equipment's
 * own (its characteristics), else its type's default (`defaultAgent` on the equipment type: a powder
 * type implies powder). The equipment's own value wins.
 */
export function effectiveAgent(characteristics: Record<string, unknown> | null | undefined, familyAgent: unknown): ExtinguishingAgent | null {
  const own = agentOf(characteristics);
  if (own) return own;
  return typeof familyAgent === 'string' && (extinguishingAgents as readonly string[]).includes(familyAgent) ? familyAgent as ExtinguishingAgent : null;
}

/** Whether some of the rules are for certain agents only: an equipment under them needs an agent, or it misses those deadlines. */
export function rulesNeedAgent(rules: readonly { appliesTo?: readonly string[] | undefined }[]): boolean {
  return rules.some((rule) => (rule.appliesTo ?? []).length > 0);
}

/** Where the API and the form point when an agent is needed and missing, and what they say. */
export const AGENT_POINTER = '/attributes/characteristics/agenteEstinguente';
export const AGENT_REQUIRED_MESSAGE = 'Indicare l’agente estinguente: le scadenze di questo tipo dipendono dall’agente';

/**
 * Whether an equipment must be refused for lack of an agent: its type's rules depend on the agent,
 * and neither the equipment (a recognised `agenteEstinguente` or `agent`) nor its type gives one.
 */
export function agentMissing(characteristics: Record<string, unknown> | null | undefined, familyAgent: unknown, rules: readonly { appliesTo?: readonly string[] | undefined }[]): boolean {
  return rulesNeedAgent(rules) && effectiveAgent(characteristics, familyAgent) === null;
}

/** The edition of `norm` that applies to an equipment produced on `productionDate` under `policy` (null: any). */
export function applicableEdition(norm: string, productionDate: string | null | undefined, policy: EditionPolicy, editions: readonly NormEdition[] = normEditions): string | null {
  const known = editions.filter((e) => e.norm === norm).toSorted((a, b) => (a.inForceFrom ?? '').localeCompare(b.inForceFrom ?? ''));
  if (known.length === 0) return null;
  const latest = known.at(-1) as NormEdition;
  const produced = calendarDay(productionDate);
  if (policy === 'latest' || !produced) return latest.edition;
  const inForce = known.filter((e) => !e.inForceFrom || e.inForceFrom <= produced);
  return (inForce.at(-1) ?? known[0] as NormEdition).edition;
}

/** What identifies a deadline across recomputations (its edition and period may change with the dates). */
export function deadlineKey(rule: { kind: string; norm: string; activityId?: string | null | undefined }): string {
  return `${rule.kind}|${rule.norm}|${rule.activityId ?? ''}`;
}

export interface EquipmentDeadlineInput {
  productionDate?: string | null;
  installationDate?: string | null;
  /** What a `lastExecution` rule's first deadline counts from (the equipment type's basis). */
  basis?: 'production' | 'installation';
  agent?: ExtinguishingAgent | null;
  rules: readonly MaintenanceRule[];
  policy?: EditionPolicy;
  /** Last execution day by `deadlineKey`. */
  lastExecutions?: ReadonlyMap<string, string>;
}

export interface ComputedDeadline {
  key: string;
  rule: DeadlineRule;
  activityId: string | null;
  deadlineDate: string;
  lastExecutionDate: string | null;
}

/** Whether a deadline of this kind comes back after it is executed. */
export function recurs(kind: DeadlineKind): boolean {
  return kind !== 'fineVita';
}

/** The deadline after an execution on `executedDate` (null: it does not recur). */
export function nextDeadlineAfter(rule: Pick<DeadlineRule, 'kind' | 'months'>, executedDate: string): string | null {
  const day = calendarDay(executedDate);
  return recurs(rule.kind) && day ? addMonths(day, rule.months) : null;
}

/**
 * An equipment's deadlines, one per applicable rule: the rules for its agent (or for every agent),
 * of the edition its production date calls for. The first deadline counts from the rule's basis
 * date, the next ones from the last execution; end of life always from the production date.
 * Month arithmetic clamps to the end of the month (31 August + 6 months = 28/29 February).
 * Rules whose basis date is missing give no deadline.
 */
export function equipmentDeadlines(input: EquipmentDeadlineInput): ComputedDeadline[] {
  const policy = input.policy ?? DEFAULT_EDITION_POLICY;
  const production = calendarDay(input.productionDate);
  const installation = calendarDay(input.installationDate);
  const basisDay = (input.basis ?? 'production') === 'installation' ? (installation ?? production) : (production ?? installation);
  const out = new Map<string, ComputedDeadline>();
  // Rules were validated where they are stored (and the tables here are tested): no parse per equipment.
  for (const rule of input.rules) {
    const appliesTo = rule.appliesTo ?? [];
    if (appliesTo.length > 0 && (!input.agent || !appliesTo.includes(input.agent))) continue;
    const edition = applicableEdition(rule.norm, production, policy);
    if (edition !== null && edition !== rule.edition) continue;
    const key = deadlineKey(rule);
    const last = rule.kind === 'fineVita' ? null : (calendarDay(input.lastExecutions?.get(key)) ?? null);
    const base = last ?? (rule.from === 'production' ? production : rule.from === 'installation' ? installation : basisDay);
    if (!base) continue;
    out.set(key, {
      key,
      rule: { kind: rule.kind, months: rule.months, from: rule.from, norm: rule.norm, edition: rule.edition },
      activityId: rule.activityId ?? null,
      deadlineDate: addMonths(base, rule.months),
      lastExecutionDate: last,
    });
  }
  return [...out.values()].toSorted((a, b) => a.deadlineDate.localeCompare(b.deadlineDate) || a.key.localeCompare(b.key));
}

/** The expiry windows of the deadlines worklist (SPEC §7 expiry list filters). */
export const dueWindows = ['expired', 'thisMonth', 'next30', 'next60', 'next90'] as const;
export type DueWindow = (typeof dueWindows)[number];

/** The deadline dates a window covers, from `today` (inclusive bounds; `from` null: no lower bound). */
export function dueWindowRange(window: DueWindow, today: string): { from: string | null; to: string } {
  const day = calendarDay(today) as string;
  const lastOfMonth = addDays(addMonths(`${day.slice(0, 7)}-01`, 1), -1);
  const plus = (days: number) => addDays(day, days);
  switch (window) {
    case 'expired': return { from: null, to: plus(-1) };
    case 'thisMonth': return { from: `${day.slice(0, 7)}-01`, to: lastOfMonth };
    case 'next30': return { from: day, to: plus(30) };
    case 'next60': return { from: day, to: plus(60) };
    case 'next90': return { from: day, to: plus(90) };
  }
}
