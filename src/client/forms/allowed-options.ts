/**
 * The choices a user is offered in a form's select and a grid's filter, by SPEC §6 allowedModules:
 * an option that belongs to a module (a module itself, a deadline's kind, an API type of a kind of one
 * module) is offered only within the user's modules (empty: every module), and a kind named by a
 * `…Type` field (a reminder's record) only when the user reads it. One rule for every form and filter.
 */
import type { AppAbility } from '../../domain/ability.ts';
import { modules } from '../../domain/enums.ts';
import { findKind } from '../../domain/kinds.ts';
import { kindRouteModules, modulesAllowed } from '../../domain/routes.ts';
import { deadlineKindModules } from '../../domain/rules/maintenance-rules.ts';

/** What the rule reads of the signed-in user. */
export interface OptionsUser {
  ability: Pick<AppAbility, 'can'>;
  allowedModules: readonly string[];
}

const lastSegment = (path: string) => path.split('.').pop() ?? path;

/** The modules an option of the field at `path` belongs to; undefined when it belongs to none (every user has it). */
export function optionModules(path: string, option: string): readonly string[] | undefined {
  const name = lastSegment(path);
  if ((name === 'module' || name === 'moduleName') && (modules as readonly string[]).includes(option)) return [option];
  if (path.endsWith('rule.kind') && Object.hasOwn(deadlineKindModules, option)) return deadlineKindModules[option as keyof typeof deadlineKindModules];
  return undefined;
}

/** The modules of a kind: its own (`KindDefinition.module`), else its page's (`/courseEditions/:id` is of edu). */
export function kindModules(type: string): readonly string[] | undefined {
  const module = findKind(type)?.module;
  return module === undefined ? kindRouteModules(type) : typeof module === 'string' ? [module] : module;
}

/** Whether the user is offered `option` of the field at `path`. */
export function optionAllowed(path: string, option: string, user: OptionsUser): boolean {
  if (!modulesAllowed(optionModules(path, option), user.allowedModules)) return false;
  const kind = /Type$/.test(lastSegment(path)) ? findKind(option) : undefined;
  if (kind) return user.ability.can('read', kind.subject) && modulesAllowed(kindModules(kind.type), user.allowedModules);
  return true;
}

/** The options of the field at `path` the user is offered; `current` (a record's saved value) always stays, so it shows. */
export function allowedOptions(path: string, options: readonly string[], user: OptionsUser | undefined, current?: unknown): string[] {
  if (!user) return [...options];
  return options.filter((option) => option === current || optionAllowed(path, option, user));
}

/** Whether a filter on a field is offered: its declared modules (`ListField.modules`) and its target kind's module. */
export function fieldAllowed(field: { modules?: readonly string[]; target?: string }, user: OptionsUser): boolean {
  if (!modulesAllowed(field.modules, user.allowedModules)) return false;
  return !field.target || modulesAllowed(kindModules(field.target), user.allowedModules);
}
