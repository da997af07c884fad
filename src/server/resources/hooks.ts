/**
 * Kind-specific behaviour that the generic service calls at fixed points: uniqueness rules of
 * SPEC §8, values looked up from other kinds, totals kept in step with their lines, guard facts,
 * and actions that are not state transitions (duplicate). One entry per kind, nothing else.
 *
 * This file only says what a kind's hooks are. Each kind declares its own in
 * `src/server/kinds/<type>.ts` (`defineKindHooks`); `src/server/kinds/index.ts` gathers them into the
 * table the composition root hands to the service (`ServiceOptions.hooks`): nothing under
 * `resources/` imports `kinds/` (a lint rule keeps it so).
 */
import type { Kysely } from 'kysely';
import type { KindDefinition } from '../../domain/kind.ts';
import type { GuardContext } from '../../domain/machine.ts';
import type { DatabaseSchema } from '../db/database.ts';
import type { Entity, EntityData } from '../../domain/entity.ts';
import type { HistoryEntry } from '../../domain/records.ts';
import type { EntityRepository } from './repository.ts';
import type { ActionResult, CallContext, EntityService } from './service.ts';
import type { MediaStorage } from '../storage/storage.ts';
import type { DocumentRenderer } from '../documents/render-pool.ts';
import type { Limits } from '../../domain/rules/limits.ts';

export interface HookContext {
  db: Kysely<DatabaseSchema>;
  call: CallContext;
  kind: KindDefinition;
  today: string;
  maxDiscountPercent: number;
  /** SPEC §9 limits (configuration). */
  limits: Limits;
  repository(type: string): EntityRepository;
  service: EntityService;
  /** The media store (absent only where a service runs without one, e.g. the seed). */
  storage: MediaStorage | undefined;
  /** The document renderer (worker threads); absent where a service runs without one (the seed, service tests). */
  documents: DocumentRenderer | undefined;
  /**
   * `read` once per batch (`key` names what it reads): the rows of one batch (a `createManyWithin`, a
   * write checker) share the context. Only for what the batch's own rows do not write (their owner).
   */
  onceInBatch<T>(key: string, read: () => Promise<T>): Promise<T>;
}

/** What the caller sent with a transition: its message (`Transition.message`), checked and trimmed. */
export interface TransitionInput {
  message?: string;
  /** When the user made it (ISO): the device's time for a transition sent later from an offline queue, else now. */
  performedAt: string;
}

/** What a read hook may use: the database (no write transaction), the business day and the caller (what it may read). */
export interface ReadContext {
  db: Kysely<DatabaseSchema>;
  today: string;
  call: CallContext;
}

export interface KindHooks {
  /** On `GET /api/{type}/{id}`, after the read is allowed: values computed on read for this caller (a customer's figures). */
  afterRead?(context: ReadContext, entity: Entity): Promise<Entity>;
  /** On a list page: what stored values this caller may not see (figures counted from rows it cannot read, a price list's rows of another module). */
  afterList?(context: ReadContext, entities: Entity[]): Entity[] | Promise<Entity[]>;
  /** On `GET /api/{type}/{id}/history`: the values this caller's read leaves out (`afterRead`) are left out of the changes too. */
  afterHistory?(context: ReadContext, entries: HistoryEntry[]): Promise<HistoryEntry[]>;
  /** Before storing a create or an update: may throw a Problem or return the data to store. */
  beforeWrite?(hook: HookContext, data: EntityData, previous: Entity | undefined, id: string): Promise<EntityData | void>;
  /** After a create, update, delete or transition, in the same transaction. */
  afterWrite?(hook: HookContext, entity: Entity, previous: Entity | undefined): Promise<void>;
  /**
   * Instead of `afterWrite`, for a kind whose work after a write is cheaper done for a whole batch (an
   * import's equipments get their deadlines in one INSERT): once per batch, with each row written and
   * its previous version; a single write is a batch of one.
   */
  afterWriteMany?(hook: HookContext, written: readonly { entity: Entity; previous: Entity | undefined }[]): Promise<void>;
  /** Before a soft delete: may refuse it. */
  beforeDelete?(hook: HookContext, entity: Entity): Promise<void>;
  /** Facts the state machine's guards need (e.g. the customer's maximum discount). */
  guardContext?(hook: HookContext, entity: Entity): Promise<Partial<GuardContext>>;
  /** Extra changes a transition makes to the entity itself (e.g. a revision number). */
  onTransition?(hook: HookContext, current: Entity, next: EntityData, action: string, input: TransitionInput): Promise<EntityData | void>;
  /** What the kind's declared custom actions do (`KindDefinition.actions`), by the declared name. */
  actions?: Record<string, CustomActionImplementation>;
  /**
   * Why a declared custom action cannot run on the entity now, beyond its declared states (an order
   * already made from the quotation): listed in `GET …/actions` as its `refusal`, so the command
   * is shown disabled with the reason. The implementation still refuses on its own.
   */
  actionRefusal?(hook: HookContext, entity: Entity, action: string): Promise<{ code: string; message: string } | null>;
}

/**
 * The server half of a custom action declared on the kind (label, ability, body schema, states
 * and `creates` are the declaration's, checked by the service before this runs). `body` is the
 * declared body, parsed. It writes through `hook.service.createWithin` / `replaceWithin`.
 */
export type CustomActionImplementation = (hook: HookContext, entity: Entity, body: Record<string, unknown>) => Promise<Pick<ActionResult, 'entity' | 'effects' | 'meta'>>;

/** One kind's hooks, as its module under `src/server/kinds/` declares them. */
export interface KindHooksModule<Type extends string = string> {
  readonly type: Type;
  readonly hooks: KindHooks;
}

/** The hooks of every kind that has some, by type (built once by `src/server/kinds/index.ts`). */
export type KindHooksTable = Readonly<Record<string, KindHooks>>;

/** Declares the hooks of the kind `type` (the API type, as in `src/domain/kinds.ts`). */
export function defineKindHooks<Type extends string>(type: Type, hooks: KindHooks): KindHooksModule<Type> {
  return { type, hooks };
}

/** The hooks of `type` in `table` (none for a kind without hooks). */
export function hooksOf(table: KindHooksTable, type: string): KindHooks {
  return Object.hasOwn(table, type) ? table[type]! : {};
}

/** Declared actions without an implementation, and implementations of actions nobody declared. */
export function actionImplementationErrors(kinds: readonly Pick<KindDefinition, 'type' | 'actions'>[], hooks: KindHooksTable): string[] {
  const errors: string[] = [];
  const known = new Set(kinds.map((k) => k.type));
  for (const kind of kinds) {
    const declared = Object.keys(kind.actions ?? {});
    const implemented = Object.keys(hooksOf(hooks, kind.type).actions ?? {});
    for (const name of declared.filter((n) => !implemented.includes(n))) errors.push(`${kind.type}: azione «${name}» dichiarata senza implementazione`);
    for (const name of implemented.filter((n) => !declared.includes(n))) errors.push(`${kind.type}: azione «${name}» implementata ma non dichiarata`);
  }
  for (const type of Object.keys(hooks).filter((t) => !known.has(t))) errors.push(`${type}: hook per un tipo sconosciuto`);
  return errors;
}

/** Fails the start-up when the kinds' declared actions and the server's implementations differ. */
export function assertActionImplementations(kinds: readonly Pick<KindDefinition, 'type' | 'actions'>[], hooks: KindHooksTable): void {
  const errors = actionImplementationErrors(kinds, hooks);
  if (errors.length > 0) throw new Error(`Azioni personalizzate non coerenti:\n${errors.join('\n')}`);
}

/** The implementation of a declared action (checked at start-up, so it exists). */
export function actionImplementation(hooks: KindHooksTable, type: string, action: string): CustomActionImplementation {
  const run = hooksOf(hooks, type).actions?.[action];
  if (!run) throw new Error(`${type}: azione ${action} senza implementazione`);
  return run;
}
