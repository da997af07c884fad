/**
 * What a role's rules may say (SPEC §6), checked when a role is saved (server) and while it is
 * edited (role screen), with the same Italian messages: known actions and subjects, field paths the
 * subject's records have, conditions whose operators and values CASL and the SQL list scopes both
 * understand, and `${user.…}` values that exist (an array value only where a list is expected).
 * The kinds are passed in (the catalogue of `kinds.ts`) so this module does not import them.
 */
import { abilityActions, assignmentAbilityActions, quotationAbilityActions } from '../enums.ts';
import type { KindDefinition } from '../kind.ts';
import type { PermissionRule } from '../entities/roles.ts';
import { conditionOperators } from '../entities/roles.ts';
import { COMMON_METADATA_KEYS } from '../entity.ts';
import { schemaAt } from '../schema-introspection.ts';
import { buildAbility, interpolatePermissions, asSubject } from '../ability.ts';

/**
 * The `${user.…}` values a condition may use (the client names them in Italian). `list`: the value is
 * a list, usable only with "è uno di" / "non è uno di" / "contiene tutti".
 */
export const USER_PLACEHOLDERS = [
  { name: 'id', list: false },
  { name: 'customerId', list: false },
  { name: 'officeLocationIds', list: true },
  { name: 'allowedCustomerIds', list: true },
  { name: 'commercialZoneIds', list: true },
  { name: 'roleIds', list: true },
] as const;

export type UserPlaceholder = (typeof USER_PLACEHOLDERS)[number];

/** `${user.id}` written so nobody reads it as a template literal that failed. */
export const placeholderText = (name: string): string => '$' + `{user.${name}}`;

/** A text that looks like a placeholder: `${…}`. */
const PLACEHOLDER_LIKE = /^\$\{([^}]*)\}$/;

/** The placeholder a value names, `unknown` when it is written like one but is not, or undefined. */
export function placeholderOf(value: unknown): UserPlaceholder | 'unknown' | undefined {
  if (typeof value !== 'string') return undefined;
  const match = PLACEHOLDER_LIKE.exec(value.trim());
  if (!match) return undefined;
  const name = /^user\.([A-Za-z]+)$/.exec(match[1] ?? '')?.[1];
  return USER_PLACEHOLDERS.find((p) => p.name === name) ?? 'unknown';
}

/**
 * Subjects of SPEC §6 (and of this product's screens) that are not the subject of a kind: rules may
 * name them (the planner's calendar, the commercial terms, the customers' office locations).
 */
export const EXTRA_SUBJECTS = ['all', 'calendar', 'commercial terms', 'customer location'] as const;

/** Operators whose value is a list; the others take one value. */
export const LIST_OPERATORS: ReadonlySet<string> = new Set(['$in', '$nin', '$all']);

export interface RoleCatalogue {
  /** Every subject a rule may name. */
  subjects: ReadonlySet<string>;
  /** Every action a rule may name: the base ones, the quotation extras, transitions and custom actions of the kinds. */
  actions: ReadonlySet<string>;
  /** The kinds of each subject (field paths are checked against them). */
  kindsOf(subject: string): readonly KindDefinition[];
}

/** The catalogue of the given kinds (the app passes `kindList`). */
export function roleCatalogue(kinds: readonly KindDefinition[]): RoleCatalogue {
  const bySubject = new Map<string, KindDefinition[]>();
  for (const kind of kinds) bySubject.set(kind.subject, [...(bySubject.get(kind.subject) ?? []), kind]);
  const actions = new Set<string>([...abilityActions, ...quotationAbilityActions, ...assignmentAbilityActions]);
  for (const kind of kinds) {
    for (const action of Object.values(kind.actions ?? {})) actions.add(action.ability);
    for (const transition of kind.machine?.transitions ?? []) actions.add(transition.ability);
  }
  return {
    subjects: new Set([...EXTRA_SUBJECTS, ...bySubject.keys()]),
    actions,
    kindsOf: (subject) => bySubject.get(subject) ?? [],
  };
}

/** The actions worth offering for these subjects: their kinds' transitions and custom actions. */
export function subjectActions(catalogue: RoleCatalogue, subjects: readonly string[]): string[] {
  const found = new Set<string>();
  for (const kind of subjects.flatMap((subject) => catalogue.kindsOf(subject))) {
    for (const action of Object.values(kind.actions ?? {})) found.add(action.ability);
    for (const transition of kind.machine?.transitions ?? []) found.add(transition.ability);
  }
  if (subjects.includes('assignment')) for (const action of assignmentAbilityActions) found.add(action);
  return [...found];
}

/** Paths worth suggesting for the subjects' conditions and fields: `id`, the list fields and the references of their kinds. */
export function subjectPaths(catalogue: RoleCatalogue, subjects: readonly string[]): string[] {
  const paths = new Set<string>(['id', 'metadata.createdBy', 'metadata.lastUpdatedBy']);
  for (const kind of subjects.flatMap((subject) => catalogue.kindsOf(subject))) {
    for (const field of Object.values(kind.fields)) paths.add(field.path);
    for (const path of Object.keys(kind.references)) if (!path.includes('[]')) paths.add(path);
  }
  return [...paths].sort();
}

export interface RoleRuleIssue {
  /** Index of the rule in the role's permissions. */
  index: number;
  /** Which part of the rule: `action`, `subject`, `fields`, `conditions`, `reason`. */
  key: 'action' | 'subject' | 'fields' | 'conditions' | 'reason';
  code: string;
  message: string;
}

/**
 * How the problems name what they are about: the server answers with the rule's own terms (a path,
 * `${user.id}`, `$in`, `quotation`); the role editor passes its Italian words («Autore», «l’utente connesso»,
 * «è uno di», «preventivi»).
 */
export interface RuleIssueWords {
  field(path: string): string;
  subject(subject: string): string;
  placeholder(name: string): string;
  operator(operator: string): string;
}

/** The server's words for the operators its problems name (the others as written). */
const OPERATOR_TERMS: Readonly<Record<string, string>> = {
  '=': 'uguale a', $in: 'è uno di', $nin: 'non è uno di', $all: 'contiene tutti', $exists: 'esiste', $size: 'numero di elementi', $regex: 'corrisponde a', $options: 'opzioni di ricerca',
};

const ruleTerms: RuleIssueWords = { field: (path) => path, subject: (subject) => subject, placeholder: placeholderText, operator: (operator) => OPERATOR_TERMS[operator] ?? operator };

const SECTIONS = new Set(['attributes', 'metadata', 'relationships']);
const KEY = /^[A-Za-z0-9_]+$/;
const asList = <T>(value: T | readonly T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? [...(value as T[])] : [value as T]);

/**
 * Why a path cannot be used for the subjects (a condition field, or a field the rule limits), or
 * null. `id`, `section.key.key…`; attributes and relationships must exist in one of the subjects'
 * kinds; metadata may be server-derived (a quotation's commercial zone), so only its form is checked.
 */
function pathProblem(path: string, subjects: readonly string[], catalogue: RoleCatalogue, allowGlob: boolean, words: RuleIssueWords): string | null {
  if (path === 'id') return null;
  const glob = allowGlob && (path.endsWith('.*') || path === '*');
  const plain = glob ? path.replace(/\.?\*$/, '') : path;
  if (plain === '') return null;
  const [section, ...keys] = plain.split('.');
  if (!section || !SECTIONS.has(section) || (!glob && keys.length === 0) || keys.some((key) => !KEY.test(key))) {
    return `Il campo «${path}» non è valido: scrivi attributes.…, relationships.…, metadata.… oppure id`;
  }
  if (section === 'metadata') {
    const key = keys[0];
    if (key && (COMMON_METADATA_KEYS as readonly string[]).includes(key) && keys.length > 1) return `Il campo «${words.field(path)}» non esiste`;
    return null;
  }
  if (keys.length === 0) return null;
  const kinds = subjects.flatMap((subject) => catalogue.kindsOf(subject));
  // A subject without kinds (all, calendar…): no schema to check against.
  if (kinds.length === 0) return null;
  if (kinds.some((kind) => schemaAt(kind, plain) !== undefined)) return null;
  const names = subjects.filter((s) => catalogue.kindsOf(s).length > 0).map(words.subject).join(', ');
  return `Il campo «${words.field(path)}» non esiste per ${names}`;
}

/** The problems of one condition value for `operator` (`=` for plain equality). */
function valueProblem(path: string, operator: string, value: unknown, words: RuleIssueWords): string | null {
  const field = words.field(path);
  const placeholder = placeholderOf(value);
  const op = (name: string) => `«${words.operator(name)}»`;
  if (placeholder === 'unknown') {
    return `Valore «${String(value)}» sconosciuto in «${field}»: usa ${USER_PLACEHOLDERS.map((p) => words.placeholder(p.name)).join(', ')}`;
  }
  if (placeholder) {
    if (placeholder.list && !LIST_OPERATORS.has(operator)) return `«${words.placeholder(placeholder.name)}» è un elenco: in «${field}» usa ${op('$in')}, ${op('$nin')} o ${op('$all')}`;
    if (!placeholder.list && LIST_OPERATORS.has(operator)) return `«${words.placeholder(placeholder.name)}» è un solo valore: in «${field}» usa ${op('=')} o un elenco di valori`;
    return null;
  }
  if (LIST_OPERATORS.has(operator)) {
    if (!Array.isArray(value)) return `In «${field}» ${op(operator)} vuole un elenco di valori`;
    for (const item of value) {
      const inner = placeholderOf(item);
      if (inner === 'unknown') return `Valore «${String(item)}» sconosciuto in «${field}»`;
      if (inner?.list) return `«${words.placeholder(inner.name)}» è già un elenco: in «${field}» scrivilo da solo, non dentro un elenco`;
    }
    return null;
  }
  if (operator === '$exists' && typeof value !== 'boolean') return `In «${field}» ${op('$exists')} vuole sì o no (true o false)`;
  if (operator === '$size' && !(typeof value === 'number' && Number.isInteger(value) && value >= 0)) return `In «${field}» ${op('$size')} vuole un intero non negativo`;
  if (['$lt', '$lte', '$gt', '$gte'].includes(operator) && typeof value !== 'number' && typeof value !== 'string') return `In «${field}» ${op(operator)} vuole un numero o una data`;
  if (operator === '$regex' && typeof value !== 'string') return `In «${field}» ${op('$regex')} vuole un testo`;
  if (operator === '$regex' && typeof value === 'string') {
    try {
      new RegExp(value);
    } catch {
      return `In «${field}» l’espressione «${value}» non è valida`;
    }
  }
  return null;
}

/** The problems of a rule's conditions (one field = one value or an object of operators). */
function conditionProblems(conditions: Record<string, unknown>, subjects: readonly string[], catalogue: RoleCatalogue, words: RuleIssueWords): string[] {
  const problems: string[] = [];
  for (const [path, condition] of Object.entries(conditions)) {
    const field = words.field(path);
    const pathIssue = pathProblem(path, subjects, catalogue, false, words);
    if (pathIssue) problems.push(pathIssue);
    const operators = condition !== null && typeof condition === 'object' && !Array.isArray(condition) ? Object.entries(condition as Record<string, unknown>) : undefined;
    if (operators && operators.length > 0 && operators.every(([key]) => key.startsWith('$'))) {
      for (const [operator, value] of operators) {
        // Not one of the operators: said as written (it has no words).
        if (!conditionOperators.has(operator)) problems.push(`Operatore ${operator} non supportato in «${field}»`);
        else if (operator !== '$elemMatch' && operator !== '$options') {
          const problem = valueProblem(path, operator, value, words);
          if (problem) problems.push(problem);
        }
      }
      if (operators.some(([key]) => key === '$options') && !operators.some(([key]) => key === '$regex')) problems.push(`In «${field}» «${words.operator('$options')}» vale solo con «${words.operator('$regex')}»`);
    } else if (operators && operators.some(([key]) => key.startsWith('$'))) {
      problems.push(`In «${field}» non mescolare operatori e valori`);
    } else {
      const problem = valueProblem(path, '=', condition, words);
      if (problem) problems.push(problem);
    }
  }
  return problems;
}

const SAMPLE_USER = { id: '00000000-0000-4000-8000-000000000000', customerId: '00000000-0000-4000-8000-000000000001', officeLocationIds: [], allowedCustomerIds: [], commercialZoneIds: [], roleIds: [] };

/** Whether CASL accepts the rule (it compiles conditions on first use: tried on an empty record). */
function caslProblem(rule: PermissionRule): string | null {
  try {
    const [interpolated] = interpolatePermissions([rule], SAMPLE_USER);
    const ability = buildAbility([interpolated!]);
    const subjects = asList(rule.subject);
    const actions = asList(rule.action);
    for (const subject of subjects) {
      for (const action of actions) ability.can(action, subject === 'all' ? asSubject('customer', {}) : asSubject(subject, {}));
    }
    return null;
  } catch (error) {
    return `La regola non è valida: ${(error as Error).message}`;
  }
}

/** Every problem of a role's rules, in the rule's own terms unless `words` are given; empty when the role can be saved. */
export function roleRuleIssues(permissions: readonly PermissionRule[], catalogue: RoleCatalogue, words: RuleIssueWords = ruleTerms): RoleRuleIssue[] {
  const issues: RoleRuleIssue[] = [];
  permissions.forEach((rule, index) => {
    const add = (key: RoleRuleIssue['key'], code: string, message: string) => issues.push({ index, key, code, message });
    const actions = asList(rule.action);
    const unknownActions = actions.filter((action) => !catalogue.actions.has(action));
    if (unknownActions.length > 0) add('action', 'unknownAction', `Azione sconosciuta: ${unknownActions.join(', ')}`);
    if (new Set(actions).size !== actions.length) add('action', 'duplicateAction', 'Un’azione è indicata due volte');
    const subjects = asList(rule.subject);
    const unknownSubjects = subjects.filter((subject) => !catalogue.subjects.has(subject));
    if (unknownSubjects.length > 0) add('subject', 'unknownSubject', `Soggetto sconosciuto: ${unknownSubjects.join(', ')}`);
    if (subjects.includes('all') && subjects.length > 1) add('subject', 'allWithOthers', '«Tutti i soggetti» non si combina con altri soggetti');
    const known = subjects.filter((subject) => catalogue.subjects.has(subject));
    for (const field of rule.fields ?? []) {
      const problem = pathProblem(field, known, catalogue, true, words);
      if (problem) add('fields', 'unknownField', problem);
    }
    if (rule.conditions) for (const problem of conditionProblems(rule.conditions, known, catalogue, words)) add('conditions', 'invalidCondition', problem);
    if (rule.reason && !rule.inverted) add('reason', 'reasonWithoutCannot', 'Il motivo si indica solo per una regola di divieto');
    if (!issues.some((issue) => issue.index === index)) {
      const problem = caslProblem(rule);
      if (problem) add('conditions', 'invalidCondition', problem);
    }
  });
  return issues;
}
