/**
 * Kind-specific behaviour that the generic service calls at fixed points: uniqueness rules of
 * SPEC §8, values looked up from other kinds, totals kept in step with their lines, guard facts,
 * and actions that are not state transitions (duplicate). One entry per kind, nothing else.
 */
import type { Kysely } from 'kysely';
import type { KindDefinition } from '../../domain/kind.ts';
import type { GuardContext } from '../../domain/machine.ts';
import type { DatabaseSchema } from '../db/database.ts';
import type { Entity, EntityData } from '../../domain/entity.ts';
import type { EntityRepository } from './repository.ts';
import type { ActionResult, CallContext, EntityService } from './service.ts';
import { kindHooks } from './kind-hooks.ts';

export interface HookContext {
  db: Kysely<DatabaseSchema>;
  call: CallContext;
  kind: KindDefinition;
  today: string;
  maxDiscountPercent: number;
  repository(type: string): EntityRepository;
  service: EntityService;
}

export interface KindHooks {
  /** Before storing a create or an update: may throw a Problem or return the data to store. */
  beforeWrite?(hook: HookContext, data: EntityData, previous: Entity | undefined, id: string): Promise<EntityData | void>;
  /** After a create, update, delete or transition, in the same transaction. */
  afterWrite?(hook: HookContext, entity: Entity, previous: Entity | undefined): Promise<void>;
  /** Before a soft delete: may refuse it. */
  beforeDelete?(hook: HookContext, entity: Entity): Promise<void>;
  /** Facts the state machine's guards need (e.g. the customer's maximum discount). */
  guardContext?(hook: HookContext, entity: Entity): Promise<Partial<GuardContext>>;
  /** Extra changes a transition makes to the entity itself (e.g. a revision number). */
  onTransition?(hook: HookContext, current: Entity, next: EntityData, action: string): Promise<EntityData | void>;
  /** Actions that are not transitions, by name (`duplicate`). */
  actions?: Record<string, CustomAction>;
}

/** An action that is not a state transition: Italian label, the CASL action it needs, what it does. */
export interface CustomAction {
  label: string;
  ability: string;
  run(hook: HookContext, entity: Entity, body: Record<string, unknown>): Promise<ActionResult>;
}

export function hooksFor(type: string): KindHooks {
  return kindHooks[type] ?? {};
}
