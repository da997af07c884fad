/**
 * What one transaction wrote, kept by the repository (the one place every entity write passes):
 * a history row per written record, stored in the same transaction, and a change notice per
 * record, published by the change bus once the transaction commits (DESIGN §4).
 */
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/database.ts';
import type { Entity } from '../../domain/entity.ts';
import type { KindDefinition } from '../../domain/kind.ts';
import type { ChangeNotice, FieldChange, HistoryEntry } from '../../domain/records.ts';
import type { Actor } from '../auth/access.ts';
import { fieldChanges } from './changes.ts';

/** Newest rows `GET /api/{type}/{id}/history` answers at most. */
export const HISTORY_LIMIT = 200;

export interface RecordedWrite {
  before: Entity | undefined;
  after: Entity;
}

export class WriteJournal {
  /** Notices in write order; derived ones once per record. */
  readonly notices: ChangeNotice[] = [];
  /** The author of the transaction's writes (the effective user, and the impersonator if any). */
  readonly by: Actor;
  /** Set while a custom action runs: what it creates and changes is recorded under its name (`duplicate`, `deliver`). */
  customAction: string | undefined;

  /** Work that undoes what the transaction did outside the database (bytes put in the media store), run if it rolls back. */
  private readonly undo: (() => Promise<void>)[] = [];

  constructor(by: Actor) {
    this.by = by;
  }

  /** Registers `work` to run if the transaction rolls back. */
  onRollback(work: () => Promise<void>): void {
    this.undo.push(work);
  }

  /** Runs the rollback work, newest first; a failing step does not stop the others (each says its own failure). */
  async rolledBack(): Promise<void> {
    for (const work of this.undo.splice(0).reverse()) await work().catch(() => undefined);
  }

  /** Stores one history row per write and queues their notices. */
  async record(db: Kysely<DatabaseSchema>, kind: KindDefinition, writes: readonly RecordedWrite[], action: string, by: Actor): Promise<void> {
    if (writes.length === 0) return;
    const rows = writes.map(({ before, after }) => {
      const version = after.metadata.lastUpdatedDateTime;
      this.notices.push({ type: kind.type, id: after.id, version, action, by: by.userId });
      return sql`(${kind.type}, ${after.id}::uuid, ${version}::timestamptz, date_trunc('milliseconds', clock_timestamp()), ${by.userId}::uuid,
        ${by.impersonatorId ?? null}::uuid, ${action}, ${JSON.stringify(fieldChanges(before, after))}::jsonb)`;
    });
    await sql`INSERT INTO record_history (entity_type, entity_id, version, at, by, impersonator, action, changes)
      VALUES ${sql.join(rows, sql`, `)}`.execute(db);
  }

  /** A record whose derived metadata changed without a new version (a quotation's totals): open screens refresh it. */
  derived(type: string, id: string, version: string): void {
    const existing = this.notices.findIndex((n) => n.type === type && n.id === id && n.action === 'derived');
    if (existing >= 0) this.notices.splice(existing, 1);
    this.notices.push({ type, id, version, action: 'derived', by: this.by.userId });
  }
}

interface HistoryRow {
  version: string;
  at: string;
  by: string | null;
  by_name: string | null;
  impersonator: string | null;
  action: string;
  changes: FieldChange[];
}

/** What a customer user reads instead of the administrator who acted for someone (staff are not named to customers). */
export const STAFF_LABEL = 'personale';

export interface HistoryReadOptions {
  /** Rows at most (default `HISTORY_LIMIT`). */
  limit?: number;
  /**
   * The user reading (the effective one while impersonating): a customer user reads «personale»
   * (`STAFF_LABEL`) instead of the impersonator's id. Absent: the rows as stored.
   */
  viewerId?: string | null;
}

/** The newest history rows of one record, with the author's display name. */
export async function readHistory(db: Kysely<DatabaseSchema>, type: string, id: string, options: HistoryReadOptions = {}): Promise<HistoryEntry[]> {
  const viewerId = options.viewerId ?? null;
  // One query: whether the viewer is a customer user is read once (an uncorrelated subquery), beside the rows.
  const customerViewer = viewerId
    ? sql<boolean>`coalesce((SELECT attributes->>'userType' = 'customer' FROM users WHERE id = ${viewerId}::uuid), false)`
    : sql<boolean>`false`;
  const result = await sql<HistoryRow>`SELECT h.version, h.at, h.by, u.attributes->>'displayName' AS by_name,
      CASE WHEN h.impersonator IS NULL THEN NULL WHEN ${customerViewer} THEN ${STAFF_LABEL} ELSE h.impersonator::text END AS impersonator, h.action, h.changes
    FROM record_history h LEFT JOIN users u ON u.id = h.by
    WHERE h.entity_type = ${type} AND h.entity_id = ${id}::uuid
    ORDER BY h.version DESC, h.id DESC LIMIT ${options.limit ?? HISTORY_LIMIT}`.execute(db);
  return result.rows.map((row) => ({
    version: row.version,
    at: row.at,
    by: row.by,
    byName: row.by_name,
    impersonator: row.impersonator,
    action: row.action,
    changes: row.changes,
  }));
}
