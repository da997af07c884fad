/**
 * Who is calling and what they may do. Every service call asks `access` first (DESIGN §6.6):
 * the caller's CASL ability decides on the kind, on the entity (its conditions), on the fields a
 * write touches, and on the rows a list may return (the same conditions as SQL).
 */
import { sql, type RawBuilder } from 'kysely';
import { asSubject, MODULE_NOT_ALLOWED_REASON, type AppAbility } from '../../domain/ability.ts';
import type { KindDefinition } from '../../domain/kind.ts';
import { Problem } from '../http/problems.ts';
import type { Entity } from '../../domain/entity.ts';
import { findKind } from '../../domain/kinds.ts';
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
  /** SQL condition limiting a list to the rows the identity may read; undefined = no limit. */
  listScope(kind: KindDefinition): RawBuilder<unknown> | undefined;
  /** The entity without the fields the identity may not read. */
  redact(kind: KindDefinition, entity: Entity): Entity;
  /** Whether `action` is allowed on this entity (e.g. to list the actions a user may run). */
  can(action: string, kind: KindDefinition, entity?: Entity): boolean;
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

export function abilityAccess(ability: AppAbility): Access {
  const scopes = new Map<string, RawBuilder<unknown>>();
  return {
    can(action, kind, entity) {
      return entity ? ability.can(action, subjectOf(kind, entity)) : ability.can(action, kind.subject);
    },
    authorize(action, kind, entity) {
      if (!ability.can(action, kind.subject)) {
        const reason = ability.relevantRuleFor(action, kind.subject)?.reason;
        throw new Problem('FORBIDDEN', reason ? { message: reason } : {});
      }
      if (entity && !ability.can(action, subjectOf(kind, entity))) {
        if (ability.relevantRuleFor(action, subjectOf(kind, entity))?.reason === MODULE_NOT_ALLOWED_REASON) throw new Problem('MODULE_NOT_ALLOWED');
        throw action === 'read' ? new Problem('CTM_FST_NOT_AUTHORIZED') : new Problem('FORBIDDEN');
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
      let scope = scopes.get(kind.subject);
      if (!scope) {
        scope = safeAbilityCondition(ability, 'read', kind.subject);
        const parent = kind.readThrough ? findKind(kind.readThrough.target) : undefined;
        // A caller who reads every parent needs no subquery (staff reading a quotation's lines at scale).
        if (kind.readThrough && parent && !isUnrestricted(ability, 'read', parent.subject)) {
          // The parent's own scope, inside a subquery on the parent's table (its columns resolve there first).
          const [section, ...keys] = kind.readThrough.path.split('.');
          const parentId = sql`(${sql.raw(section ?? 'relationships')} #>> ${`{${keys.join(',')}}`})`;
          const parentScope = safeAbilityCondition(ability, 'read', parent.subject);
          scope = sql`(${scope} AND ${parentId} IN (SELECT id::text FROM ${sql.raw(tableName(parent))} WHERE ${parentScope}))`;
        }
        scopes.set(kind.subject, scope);
      }
      return scope;
    },
    redact(kind, entity) {
      const fields = restrictedReadFields(ability, kind.subject);
      if (fields.length === 0) return entity;
      const subject = subjectOf(kind, entity);
      return fields.filter((field) => !ability.can('read', subject, field)).reduce(without, entity);
    },
  };
}
