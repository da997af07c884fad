/**
 * What every seed generator uses: a deterministic Italian faker, a fixed reference day, and
 * `insert`, which validates generated entities against the shared schemas (all of them at small
 * scale, a sample at large scale) and writes them in bulk through the repository.
 *
 * The content is the same in every installation (names, codes, dates); the ids are not: every row id
 * is random (`uuid`, `fastId`), so no two installations share the ids of their roles, users or
 * records, and nobody can name one of them from the demo's source.
 */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Faker } from '@faker-js/faker';
import type { Kysely } from 'kysely';
import { entitySchema, type EntityShape } from '../../domain/kind.ts';
import { findKind } from '../../domain/kinds.ts';
import type { DatabaseSchema } from '../db/database.ts';
import { EntityRepository } from '../resources/repository.ts';
import type { EntityData } from '../../domain/entity.ts';
import { businessDay } from '../../domain/business-day.ts';

export interface SeedItem {
  id?: string;
  attributes: Record<string, unknown>;
  metadata?: Record<string, unknown>;
  relationships?: Record<string, unknown>;
  /** When the row was created (history looks real); defaults to now. */
  createdDateTime?: string;
  isArchived?: boolean;
  /** Stored as is, after validation: server-derived values the service would compute. */
  extraMetadata?: Record<string, unknown>;
}

export interface SeedOptions {
  scale: number;
  log: (line: string) => void;
  /** Day the demo data is built around (YYYY-MM-DD); default today. */
  referenceDay?: string;
  /** Validate every generated entity (default: all when scale ≤ 1, else the first 200 of each kind). */
  validateAll?: boolean;
}

const CHUNK = 1000;

/**
 * faker with every locale it ships (about 16 MB of heap) is read when a seed starts, not when the API
 * process starts: a server whose database is already seeded never loads it. Read synchronously
 * (`require` of the ES module), so a SeedContext is still built with `new`.
 */
const loadFaker = () => createRequire(import.meta.url)('@faker-js/faker') as typeof import('@faker-js/faker');

export class SeedContext {
  readonly faker: Faker;
  readonly db: Kysely<DatabaseSchema>;
  readonly scale: number;
  readonly referenceDay: string;
  readonly log: (line: string) => void;
  private readonly validateAll: boolean;
  /** Inserted ids by kind type, for generators that link to earlier kinds. */
  readonly ids = new Map<string, string[]>();
  createdBy: string | null = null;

  constructor(db: Kysely<DatabaseSchema>, options: SeedOptions) {
    this.db = db;
    const { Faker, it: itLocale, base } = loadFaker();
    this.faker = new Faker({ locale: [itLocale, base] });
    this.faker.seed(20261122);
    this.scale = options.scale;
    this.referenceDay = options.referenceDay ?? businessDay();
    this.log = options.log;
    this.validateAll = options.validateAll ?? options.scale <= 1;
  }

  /**
   * A new row id, random in every installation. The faker still makes the draws an id once took from
   * it, so the content drawn after (names, codes, dates) stays what it always was.
   */
  uuid(): string {
    this.faker.string.uuid();
    return randomUUID();
  }

  /** `count × scale`, at least `min`. */
  scaled(count: number, min = 1): number {
    return Math.max(min, Math.round(count * this.scale));
  }

  /** A day `offset` days from the reference day, as YYYY-MM-DD. */
  day(offset: number): string {
    const d = new Date(`${this.referenceDay}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + Math.round(offset));
    return d.toISOString().slice(0, 10);
  }

  /** A date-time `offset` days (fractional) from the reference day at a working hour, UTC ISO. */
  dateTime(offset: number, hour = 9): string {
    const d = new Date(`${this.day(offset)}T00:00:00Z`);
    d.setUTCHours(hour, this.faker.helpers.arrayElement([0, 15, 30, 45]), 0, 0);
    return d.toISOString();
  }

  pick<T>(list: readonly T[]): T {
    return this.faker.helpers.arrayElement(list);
  }

  idsOf(type: string): string[] {
    return this.ids.get(type) ?? [];
  }

  pickId(type: string): string {
    const list = this.idsOf(type);
    if (list.length === 0) throw new Error(`seed: no ${type} yet`);
    return this.pick(list);
  }

  /** Validates (see class doc), derives metadata like the service does, and bulk-inserts. */
  async insert(type: string, items: SeedItem[]): Promise<string[]> {
    const kind = findKind(type);
    if (!kind) throw new Error(`seed: unknown kind ${type}`);
    const schema = entitySchema(kind);
    const repository = new EntityRepository(this.db, kind);
    const rows = items.map((item, index) => {
      const input = { attributes: item.attributes, metadata: item.metadata ?? {}, relationships: item.relationships ?? {} };
      let data: EntityData = input;
      if (this.validateAll || index < 200) {
        const parsed = schema.safeParse(input);
        if (!parsed.success) {
          throw new Error(`seed: invalid ${type} #${index}: ${JSON.stringify(parsed.error.issues.slice(0, 3))}\n${JSON.stringify(input).slice(0, 800)}`);
        }
        data = parsed.data as EntityData;
      }
      const derived = kind.derivedMetadata?.(data as EntityShape) ?? {};
      return {
        id: item.id ?? this.uuid(),
        by: this.createdBy,
        createdDateTime: item.createdDateTime,
        isArchived: item.isArchived,
        data: { ...data, metadata: { ...data.metadata, ...derived, ...item.extraMetadata } },
      };
    });
    for (let start = 0; start < rows.length; start += CHUNK) {
      await repository.insert(rows.slice(start, start + CHUNK));
    }
    const ids = rows.map((r) => r.id);
    this.ids.set(type, [...this.idsOf(type), ...ids]);
    return ids;
  }
}
