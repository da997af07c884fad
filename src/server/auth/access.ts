/**
 * Who is calling and what they may do. Every service call asks `access` first (DESIGN §6.6):
 * the caller's CASL ability decides on the kind, on the entity (its conditions), on the fields a
 * write touches, and on the rows a list may return (the same conditions as SQL).
 */
import { sql, type RawBuilder } from 'kysely';
import { asSubject, MODULE_NOT_ALLOWED_REASON, type AppAbility } from '../../domain/ability.ts';
import { parentLinks, type KindDefinition, type ParentLink } from '../../domain/kind.ts';
import { modules, type ModuleName } from '../../domain/enums.ts';
import { Problem } from '../http/problems.ts';
import type { Entity } from '../../domain/entity.ts';
import { findKind, kindList } from '../../domain/kinds.ts';
import { tableName } from '../db/entity-sql.ts';
import { isUnrestricted, safeAbilityCondition } from './ability-sql.ts';

/** Who a write is recorded against: the effective user, and the real one while impersonating. */
export interface Actor {
  /** Id of the effective user in the users table; null only for system writes (seed). */
  userId: string | null;
  /** The administrator acting on behalf of `userId`, when impersonating. */
  impersonatorId?: string | null;
}

export interface Identity extends Actor {
  email: string;
  displayName: string;
}

export interface Access {
  /** Throws FORBIDDEN (kind) or CTM_FST_NOT_AUTHORIZED (this entity) when `action` is not allowed. */
  authorize(action: string, kind: KindDefinition, entity?: Entity): void;
  /** Throws FIELD_NOT_AUTHORIZED when `action` is not allowed on one of the entity's `fields` (`attributes.x`). */
  authorizeFields(action: string, kind: KindDefinition, entity: Entity, fields: readonly string[]): void;
  /**
   * SQL condition limiting a list to the rows the identity may read, parents included (one read
   * rule: read-rule.ts); undefined = no limit.
   */
  listScope(kind: KindDefinition): RawBuilder<unknown> | undefined;
  /** The condition a parent row must meet for a row to be read through `link`; undefined = any parent. */
  parentScope(link: ParentLink, parent: KindDefinition): RawBuilder<unknown> | undefined;
  /** The entity without the fields the identity may not read. */
  redact(kind: KindDefinition, entity: Entity): Entity;
  /**
   * The paths among `paths` the identity may never read on the kind (a field rule that hides them
   * whatever the row: a customer user's commercial terms), which a list may then not filter or sort by.
   */
  unreadableFields(kind: KindDefinition, paths: readonly string[]): string[];
  /** Whether `action` is allowed on this entity (e.g. to list the actions a user may run). */
  can(action: string, kind: KindDefinition, entity?: Entity): boolean;
  /** Whether the identity works in `module` (SPEC §6 allowedModules). */
  hasModule(module: ModuleName): boolean;
}

const subjectOf = (kind: KindDefinition, entity: Entity) => asSubject(kind.subject, { ...entity } as Record<string, unknown>);

/** Field paths that some read rule of this subject restricts (the only ones worth checking). */
function restrictedReadFields(ability: AppAbility, subject: string): string[] {
  return [...new Set(ability.possibleRulesFor('read', subject).flatMap((rule) => (rule.fields ? [rule.fields].flat() : [])))].filter((f) => !f.includes('*'));
}

function without(entity: Entity, path: string): Entity {
  const [section, ...keys] = path.split('.');
  if (section !== 'attributes' && section !== 'metadata' && section !== 'relationships') return entity;
  const copy = structuredClone(entity);
  let target = copy[section] as Record<string, unknown> | undefined;
  for (const key of keys.slice(0, -1)) target = (target?.[key] ?? undefined) as Record<string, unknown> | undefined;
  const last = keys.at(-1);
  if (target && last !== undefined && Object.hasOwn(target, last)) delete target[last];
  return copy;
}

/**
 * The caller's access from its CASL ability and its effective modules (undefined: every module).
 * A kind whose rows all belong to one module (`KindDefinition.module`) is closed outside it, as a
 * row's own `attributes.module` is by the closing rules (domain/ability.ts).
 */
export function abilityAccess(ability: AppAbility, options: { allowedModules?: readonly ModuleName[] } = {}): Access {
  const scopes = new Map<string, Scope>();
  const allowed = options.allowedModules && !modules.every((m) => options.allowedModules!.includes(m)) ? new Set(options.allowedModules) : undefined;
  const hasModule = (module: ModuleName) => !allowed || allowed.has(module);
  const kindClosed = (kind: KindDefinition) => kind.module !== undefined && ![kind.module].flat().some(hasModule);
  /** The module rule alone, on a parent's table: its `attributes.module`, or the kind's own module. */
  const moduleScope = (kind: KindDefinition): Scope => {
    if (!allowed) return ALL;
    if (kind.module) return kindClosed(kind) ? NONE : ALL;
    if (kind.fields.module?.path !== 'attributes.module') return ALL;
    return { sql: sql`((attributes->>'module') IS NULL OR (attributes->>'module') IN (${sql.join([...allowed])}))`, all: false, none: false };
  };
  const visiting = new Set<string>();
  const scopeOf = (kind: KindDefinition): Scope => {
    const cached = scopes.get(kind.type);
    if (cached) return cached;
    // Parent links form no cycle (checked over the registry by read-rule.test.ts); one here is a declaration error.
    if (visiting.has(kind.type)) throw new Error(`collegamenti di lettura circolari da ${kind.type}`);
    visiting.add(kind.type);
    let scope: Scope;
    if (kindClosed(kind) || !ability.can('read', kind.subject)) scope = NONE;
    else {
      const own: Scope = isUnrestricted(ability, 'read', kind.subject) ? ALL : { sql: safeAbilityCondition(ability, 'read', kind.subject), all: false, none: false };
      const parts = [own, ...parentLinks(kind).map(linkScope)];
      scope = parts.some((p) => p.none) ? NONE : parts.every((p) => p.all) ? ALL : { sql: sql`(${sql.join(parts.filter((p) => !p.all).map((p) => p.sql), sql` AND `)})`, all: false, none: false };
    }
    visiting.delete(kind.type);
    scopes.set(kind.type, scope);
    return scope;
  };
  const parentCondition = (link: ParentLink, parent: KindDefinition): Scope => (link.scope === 'module' ? moduleScope(parent) : scopeOf(parent));
  /** A row's condition for one link: no parent named, or a parent meeting its condition (a subquery on its table). */
  const linkScope = (link: ParentLink): Scope => {
    const parentId = jsonText(link.path);
    const within = (parent: KindDefinition, condition: Scope) =>
      sql`${parentId} IN (SELECT id::text FROM ${sql.raw(tableName(parent))} WHERE ${condition.sql})`;
    if (link.target !== undefined) {
      const parent = findKind(link.target);
      const condition = parent ? parentCondition(link, parent) : NONE;
      if (condition.all) return ALL;
      return { sql: sql`(${parentId} IS NULL OR ${condition.none ? sql`false` : within(parent!, condition)})`, all: false, none: false };
    }
    // An attached row's owner may be of any kind: each kind the caller does not read whole gets its own subquery.
    const parentType = jsonText(link.typePath);
    const restricted = ownerKinds().map((parent) => ({ parent, condition: parentCondition(link, parent) })).filter(({ condition }) => !condition.all);
    if (restricted.length === 0) return ALL;
    const types = sql.join(restricted.map(({ parent }) => sql`${parent.type}`));
    const readable = restricted.filter(({ condition }) => !condition.none).map(({ parent, condition }) => sql`(${parentType} = ${parent.type} AND ${within(parent, condition)})`);
    return { sql: sql`(${parentId} IS NULL OR ${parentType} IS NULL OR ${parentType} NOT IN (${types})${readable.length > 0 ? sql` OR ${sql.join(readable, sql` OR `)}` : sql``})`, all: false, none: false };
  };
  return {
    hasModule,
    can(action, kind, entity) {
      if (kindClosed(kind)) return false;
      return entity ? ability.can(action, subjectOf(kind, entity)) : ability.can(action, kind.subject);
    },
    authorize(action, kind, entity) {
      if (kindClosed(kind)) throw new Problem('MODULE_NOT_ALLOWED');
      if (!ability.can(action, kind.subject)) {
        const reason = ability.relevantRuleFor(action, kind.subject)?.reason;
        throw new Problem('FORBIDDEN', reason ? { message: reason } : {});
      }
      if (entity && !ability.can(action, subjectOf(kind, entity))) {
        if (ability.relevantRuleFor(action, subjectOf(kind, entity))?.reason === MODULE_NOT_ALLOWED_REASON) throw new Problem('MODULE_NOT_ALLOWED');
        if (action === 'read') throw new Problem('CTM_FST_NOT_AUTHORIZED');
        // A "cannot" rule that says why (an office location without the rule on locations) says it.
        const reason = ability.relevantRuleFor(action, subjectOf(kind, entity))?.reason;
        throw new Problem('FORBIDDEN', reason ? { message: reason } : {});
      }
    },
    authorizeFields(action, kind, entity, fields) {
      const subject = subjectOf(kind, entity);
      const refused = fields.filter((field) => !ability.can(action, subject, field));
      if (refused.length > 0) {
        throw new Problem('FIELD_NOT_AUTHORIZED', {
          errors: refused.map((field) => ({ pointer: `/${field.replace(/\./g, '/')}`, code: 'fieldNotAuthorized', message: 'Campo non modificabile con i tuoi permessi' })),
        });
      }
    },
    listScope(kind) {
      const scope = scopeOf(kind);
      return scope.all ? undefined : scope.none ? sql`false` : scope.sql;
    },
    parentScope(link, parent) {
      const scope = parentCondition(link, parent);
      return scope.all ? undefined : scope.none ? sql`false` : scope.sql;
    },
    unreadableFields(kind, paths) {
      if (restrictedReadFields(ability, kind.subject).length === 0) return [];
      return paths.filter((path) => !ability.can('read', kind.subject, path));
    },
    redact(kind, entity) {
      const fields = restrictedReadFields(ability, kind.subject);
      if (fields.length === 0) return entity;
      const subject = subjectOf(kind, entity);
      return fields.filter((field) => !ability.can('read', subject, field)).reduce(without, entity);
    },
  };
}

/** Kinds an attached row's owner may be of: any kind but those attached themselves (a file is not a file's owner). */
export const ownerKinds = () => kindList.filter((kind) => !kind.attachedTo);

/** A read condition: every row (`all`), none, or those meeting `sql`. */
interface Scope {
  sql: RawBuilder<unknown>;
  all: boolean;
  none: boolean;
}
const ALL: Scope = { sql: sql`true`, all: true, none: false };
const NONE: Scope = { sql: sql`false`, all: false, none: true };

/** The text at a dotted entity path (`relationships.quotationId`) of the table in scope. */
function jsonText(path: string): RawBuilder<unknown> {
  const [section, ...keys] = path.split('.');
  if (section !== 'attributes' && section !== 'metadata' && section !== 'relationships') throw new Error(`percorso di un genitore non valido: ${path}`);
  return sql`(${sql.raw(section)} #>> ${`{${keys.join(',')}}`})`;
}
