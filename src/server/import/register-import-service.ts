/**
 * Importing a register from a spreadsheet (issue 27): a customer's equipment, sites or employees,
 * or the product catalogue with its price-list rows. Each register is data
 * (src/domain/import/register-import.ts); this service is the same for all.
 * - Preview: read the file, map its columns, validate every row with the kind's own schema and rules,
 *   resolve references by code or name, find existing records by the register's identity column
 *   (within the customer), and answer what would be created, updated and refused; nothing is written.
 * - Commit: the same analysis inside one write transaction, then the rows through the generic write
 *   pipeline (abilities, history, the kinds' hooks such as the deadline engine), the original file
 *   kept, and the import record with what it wrote (`import_rows`).
 * - Undo: while every record it wrote is still at the version the import left, the updated ones get
 *   their previous values back and the created ones are deleted, in one transaction.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Entity } from '../../domain/entity.ts';
import { entitySchema } from '../../domain/kind.ts';
import { priceListItem } from '../../domain/entities/price-lists.ts';
import {
  autoMapping, headerSignature, importBoolean, importChoice, importDate, importList, importMapping, importNumber, importRegisters, normaliseHeader, registers, targetsFor,
  type AdditionalFieldFacts, type ImportedRow, type ImportMapping, type ImportPreview, type ImportRegister, type ImportTargetDefinition, type PreviewRow,
  type RefusedCell, type RegisterDefinition,
} from '../../domain/import/register-import.ts';
import type { DatabaseSchema } from '../db/database.ts';
import { Problem, type FieldError } from '../http/problems.ts';
import { storeGeneratedFile } from '../media/files.ts';
import type { CallContext, EntityService } from '../resources/service.ts';
import type { MediaStorage } from '../storage/storage.ts';
import { zodProblem } from '../resources/zod-problem.ts';
import { ImportRepository, type ReferencedRow, type WrittenRow } from './import-repository.ts';
import { readSheet, type Sheet } from './sheet-reader.ts';

/** The request of preview and commit: the register, the file (base64) and, optionally, the mapping the user chose. */
export const importRequest = z.strictObject({
  register: z.enum(importRegisters).default('equipments'),
  fileName: z.string().trim().min(1).max(255),
  content: z.string().min(1).max(3_000_000).regex(/^[A-Za-z0-9+/=\r\n]+$/, 'Contenuto del file non valido (atteso base64)'),
  mapping: importMapping.optional(),
});
export type ImportRequest = z.infer<typeof importRequest>;

type Content = Record<string, Record<string, unknown>>;
type Targets = Readonly<Record<string, ImportTargetDefinition>>;

/** The columns of a register for this customer (its additional fields, for equipment). */
function targetsOf(register: ImportRegister, customer: Entity | undefined): Targets {
  return targetsFor(register, (customer?.metadata.additionalPEFields ?? []) as AdditionalFieldFacts[]);
}

/** A price a products row gives in a price list (the product is the row's, created or updated). */
interface PlannedPrice {
  row: number;
  priceListId: string;
  price: number;
  /** The existing product, or the index of the product this import creates. */
  productId?: string;
  creation?: number;
}

interface Planned {
  rows: PreviewRow[];
  creations: { row: number; body: Content }[];
  updates: { row: number; current: Entity; patch: Content; before: Record<string, unknown> }[];
  prices: PlannedPrice[];
}

const get = (data: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), data);

function set(data: Content, path: string, value: unknown): void {
  const [root, ...rest] = path.split('.');
  let node: Record<string, unknown> = (data[root!] ??= {});
  for (const key of rest.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
  node[rest.at(-1)!] = value;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `over` laid on `base`, objects merged key by key (a registry, an equipment's characteristics), anything else replaced. */
function deepMerge(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) merged[key] = isPlainObject(value) && isPlainObject(base[key]) ? deepMerge(base[key], value) : value;
  return merged;
}

/** Thrown to roll a preview's transaction back. */
const ROLLBACK = Symbol('preview');

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export class RegisterImportService {
  private readonly deps: { service: EntityService; storage: MediaStorage; db: Kysely<DatabaseSchema> };

  constructor(deps: { service: EntityService; storage: MediaStorage; db: Kysely<DatabaseSchema> }) {
    this.deps = deps;
  }

  private get service() {
    return this.deps.service;
  }

  /** Ability first: who imports creates import records and creates and updates the register's records (and price lists, for prices). */
  private authorize(call: CallContext, definition: RegisterDefinition): void {
    call.access.authorize('create', this.service.kind('imports'));
    call.access.authorize('create', this.service.kind(definition.kind));
    call.access.authorize('update', this.service.kind(definition.kind));
  }

  private parse(body: unknown, customerId: string | undefined): ImportRequest & { definition: RegisterDefinition } {
    const parsed = importRequest.safeParse(body);
    if (!parsed.success) throw zodProblem(parsed.error);
    const definition = registers[parsed.data.register];
    if ((definition.scope === 'customer') !== (customerId !== undefined)) {
      throw new Problem('VALIDATION_FAILED', {
        errors: [{ pointer: '/register', code: 'invalidValue', message: definition.scope === 'customer' ? `«${definition.label}» si importano dalla pagina di un cliente` : `«${definition.label}» non si importano in un cliente` }],
      });
    }
    return { ...parsed.data, definition };
  }

  private async customer(db: Kysely<DatabaseSchema>, call: CallContext, customerId: string): Promise<Entity> {
    const customer = z.uuid().safeParse(customerId).success ? await this.service.repository(this.service.kind('customers'), db).findById(customerId) : undefined;
    if (!customer || customer.metadata.isDeleted) throw new Problem('NOT_FOUND', { message: 'Cliente non trovato' });
    call.access.authorize('update', this.service.kind('customers'), customer);
    return customer;
  }

  async preview(call: CallContext, customerId: string | undefined, body: unknown): Promise<ImportPreview> {
    const request = this.parse(body, customerId);
    this.authorize(call, request.definition);
    const sheet = await readSheet(request.fileName, Buffer.from(request.content, 'base64'));
    // The rows go through the write pipeline's checks as the commit's would, in a transaction rolled back: nothing is written.
    let preview: ImportPreview | undefined;
    try {
      await this.service.transaction(call, async (trx) => {
        const customer = customerId ? await this.customer(trx, call, customerId) : undefined;
        const targets = targetsOf(request.register, customer);
        const { mapping, source } = await this.mappingFor(trx, request.register, targets, sheet, request.mapping);
        const planned = await this.plan(trx, call, request.register, targets, customerId, sheet, mapping);
        preview = this.summary(request, targets, sheet, mapping, source, planned);
        throw ROLLBACK;
      });
    } catch (error) {
      if (error !== ROLLBACK) throw error;
    }
    return preview!;
  }

  private summary(request: ImportRequest, targets: Targets, sheet: Sheet, mapping: ImportMapping, source: ImportPreview['mappingSource'], planned: Planned): ImportPreview {
    const count = (action: PreviewRow['action']) => planned.rows.filter((row) => row.action === action).length;
    return {
      register: request.register,
      fileName: request.fileName,
      headers: sheet.headers,
      mapping,
      mappingSource: source,
      targets: Object.entries(targets).map(([key, target]) => ({ key, label: target.label })),
      rowsCount: sheet.rows.length,
      createCount: count('create'),
      updateCount: count('update'),
      unchangedCount: count('unchanged'),
      refusedCount: count('refused'),
      rows: planned.rows,
    };
  }

  /** The request's mapping, else the one saved by the last import of the same layout, else the one found by names. */
  private async mappingFor(db: Kysely<DatabaseSchema>, register: ImportRegister, targets: Targets, sheet: Sheet, requested: ImportMapping | undefined) {
    if (requested) {
      if (requested.length !== sheet.headers.length) {
        throw new Problem('VALIDATION_FAILED', { errors: [{ pointer: '/mapping', code: 'invalidValue', message: `La corrispondenza deve avere ${sheet.headers.length} colonne` }] });
      }
      const seen = new Set<string>();
      for (const [index, target] of requested.entries()) {
        if (target && !targets[target]) {
          throw new Problem('VALIDATION_FAILED', { errors: [{ pointer: `/mapping/${index}`, code: 'invalidValue', message: `Campo sconosciuto: «${target}»` }] });
        }
        if (target && seen.has(target)) {
          throw new Problem('VALIDATION_FAILED', { errors: [{ pointer: `/mapping/${index}`, code: 'duplicate', message: `«${targets[target]!.label}» è assegnato a più colonne` }] });
        }
        if (target) seen.add(target);
      }
      return { mapping: requested, source: 'request' as const };
    }
    const saved = await new ImportRepository(db).savedMapping(register, headerSignature(sheet.headers));
    if (saved && saved.length === sheet.headers.length && saved.every((target) => target === null || targets[target])) return { mapping: saved, source: 'saved' as const };
    return { mapping: autoMapping(register, sheet.headers, targets), source: 'names' as const };
  }

  /** Every row: what it becomes, or why it is refused. */
  private async plan(db: Kysely<DatabaseSchema>, call: CallContext, register: ImportRegister, targetsByKey: Targets, customerId: string | undefined, sheet: Sheet, mapping: ImportMapping): Promise<Planned> {
    const definition = registers[register];
    const targets = Object.entries(targetsByKey);
    const repository = new ImportRepository(db);
    const column = (target: string) => mapping.indexOf(target);
    const lookups = new Map<string, Map<string, ReferencedRow>>();
    for (const [key, target] of targets) {
      if (target.reference && column(key) >= 0) lookups.set(key, await repository.referenced(target.reference, customerId));
    }
    const identityColumn = column(definition.identity);
    const identities = identityColumn < 0 ? [] : sheet.rows.map((row) => row.cells[identityColumn]!).filter(Boolean);
    const existing = await this.existingByIdentity(db, definition, customerId, identities);
    const priceLists = lookups.has('priceList') ? await this.service.repository(this.service.kind('priceLists'), db).findByIds([...new Set([...lookups.get('priceList')!.values()].map((row) => row.id))]) : new Map<string, Entity>();
    const kind = this.service.kind(definition.kind);
    const schema = entitySchema(kind);
    const planned: Planned = { rows: [], creations: [], updates: [], prices: [] };
    const firstRowOf = new Map<string, number>();
    const identityTarget = definition.targets[definition.identity]!;
    // The rows are checked as one batch: nothing is written until every row is planned.
    const checkWrite = this.service.writeCheckerWithin(db, call, definition.kind);
    for (const row of sheet.rows) {
      const text = (target: string) => (column(target) < 0 ? '' : row.cells[column(target)]!);
      const errors: RefusedCell[] = [];
      const refuse = (target: string, message: string) =>
        errors.push({ column: column(target) < 0 ? null : sheet.headers[column(target)]!, field: targetsByKey[target]!.label, value: text(target), message });
      const identity = identityTarget.value === 'upper' ? text(definition.identity).toUpperCase() : text(definition.identity);
      const entry: PreviewRow = { row: row.number, action: 'refused', title: definition.title.map(text).filter(Boolean).join(' · ') || identity };
      planned.rows.push(entry);
      if (identity) {
        const first = firstRowOf.get(identity.toLowerCase());
        if (first !== undefined) refuse(definition.identity, `«${identityTarget.label}» già presente alla riga ${first} del file`);
        else firstRowOf.set(identity.toLowerCase(), row.number);
      }
      const current = identity ? existing.get(identity.toLowerCase()) : undefined;
      if (identity && current === null) refuse(definition.identity, `Più ${definition.noun.many} hanno lo stesso valore di «${identityTarget.label}»: correggere prima di importare`);
      const changes: Content = {};
      const price: { priceListId?: string; price?: number | string } = {};
      let module: string | undefined;
      for (const [key, target] of targets) {
        const cell = text(key) || (definition.fallbacks?.[key] ? text(definition.fallbacks[key]) : '');
        if (!cell) continue;
        const value = this.convert(target, cell, lookups.get(key), (message) => refuse(key, message));
        if (value === undefined) continue;
        if (target.reference?.kind === 'equipmentFamilies') module = lookups.get(key)!.get(normaliseHeader(cell))?.module;
        if (target.path === 'priceList.id') price.priceListId = value as string;
        else if (target.path === 'priceList.price') price.price = value as number | string;
        else set(changes, target.path, value);
      }
      if (module && definition.kind === 'equipments') set(changes, 'attributes.module', module);
      const body: Content = current
        ? deepMerge(current as unknown as Record<string, unknown>, changes) as Content
        : deepMerge(definition.base as Record<string, unknown>, changes) as Content;
      if (!current && definition.customerPath && customerId) set(body, definition.customerPath, customerId);
      const parsed = schema.safeParse({ attributes: body.attributes ?? {}, metadata: current ? {} : body.metadata ?? {}, relationships: body.relationships ?? {} });
      const refuseAt = (path: string, message: string) => {
        // A rule on a whole object (an extinguisher's characteristics on a machine) names the column that filled it.
        const target = targets.find(([, t]) => path === t.path || path.startsWith(`${t.path}.`) || t.path.startsWith(`${path}.`));
        if (target) refuse(target[0], message);
        else errors.push({ column: null, field: path, value: '', message });
      };
      if (!parsed.success) for (const issue of parsed.error.issues) refuseAt(issue.path.map(String).join('.'), issue.message);
      this.checkPrice(price, refuse);
      if (errors.length > 0) {
        entry.errors = errors;
        continue;
      }
      const priceChanges = price.priceListId !== undefined && typeof price.price === 'number'
        && !same((priceLists.get(price.priceListId)?.attributes.items as { productId: string; price: number }[] | undefined)?.find((item) => item.productId === current?.id)?.price, price.price);
      // Pushed once the row is known to be written: a new product's price names the creation by its index.
      const pushPrice = () => {
        if (priceChanges) planned.prices.push({ row: row.number, priceListId: price.priceListId!, price: price.price as number, ...(current ? { productId: current.id } : { creation: planned.creations.length }) });
      };
      /** The write pipeline's own checks (the kind's hooks: an agent its deadlines need, a fiscal code already used). */
      const pipelineRefuses = async (body: unknown): Promise<boolean> => {
        try {
          await checkWrite(body, current ?? undefined);
          return false;
        } catch (error) {
          if (!(error instanceof Problem) || error.status >= 500) throw error;
          for (const item of error.errors?.length ? error.errors : [{ pointer: '', message: error.message }]) refuseAt(item.pointer.replace(/^\//, '').replaceAll('/', '.'), item.message);
          entry.errors = errors;
          return true;
        }
      };
      if (!current) {
        const creation = { attributes: body.attributes ?? {}, metadata: body.metadata ?? {}, relationships: body.relationships ?? {} };
        if (await pipelineRefuses(creation)) continue;
        pushPrice();
        entry.action = 'create';
        planned.creations.push({ row: row.number, body: creation });
        continue;
      }
      entry.id = current.id;
      const before: Record<string, unknown> = {};
      const patch: Content = {};
      for (const [, target] of targets) {
        if (target.path.startsWith('priceList.')) continue;
        const next = get(body, target.path);
        const previous = get(current, target.path);
        if (next === undefined || same(next, previous)) continue;
        before[target.path] = previous ?? null;
        set(patch, target.path, next);
      }
      if (module && definition.kind === 'equipments' && !same(module, current.attributes.module)) {
        before['attributes.module'] = current.attributes.module ?? null;
        set(patch, 'attributes.module', module);
      }
      if (Object.keys(before).length === 0) {
        pushPrice();
        entry.action = priceChanges ? 'update' : 'unchanged';
        continue;
      }
      if (await pipelineRefuses(patch)) continue;
      pushPrice();
      entry.action = 'update';
      planned.updates.push({ row: row.number, current, patch, before });
    }
    return planned;
  }

  /** A cell's text as the value its target takes; undefined (and the cell refused) when it names nothing known. */
  private convert(target: ImportTargetDefinition, cell: string, lookup: Map<string, ReferencedRow> | undefined, refuse: (message: string) => void): unknown {
    const named = (name: string) => {
      const found = lookup?.get(normaliseHeader(name));
      if (!found) refuse(target.reference!.notFound.replace('{value}', name));
      return found?.id;
    };
    switch (target.value) {
      case 'upper': return cell.toUpperCase();
      case 'date': return importDate(cell);
      case 'number': return importNumber(cell);
      case 'boolean': {
        const value = importBoolean(cell);
        if (typeof value === 'string') refuse('Indicare Sì o No');
        return typeof value === 'boolean' ? value : undefined;
      }
      case 'choice': {
        const words = target.multiple ? importList(cell) : [cell];
        const values = words.map((word) => importChoice(word, target.choices ?? {}));
        const unknown = words.filter((_, index) => values[index] === undefined);
        if (unknown.length > 0) {
          refuse(`Valore non ammesso: «${unknown.join(', ')}» (ammessi: ${[...new Set(Object.keys(target.choices ?? {}))].join(', ')})`);
          return undefined;
        }
        return target.multiple ? values : values[0];
      }
      case 'reference': return named(cell);
      case 'references': {
        const ids = importList(cell).map(named);
        return ids.every(Boolean) ? [...new Set(ids)] : undefined;
      }
      default: return cell;
    }
  }

  /** A price goes in a price list: both or neither, and the price as the price list's own rule says. */
  private checkPrice(price: { priceListId?: string; price?: number | string }, refuse: (target: string, message: string) => void): void {
    if (price.price !== undefined && price.priceListId === undefined) refuse('priceList', 'Indicare il listino in cui va il prezzo');
    if (price.priceListId !== undefined && price.price === undefined) refuse('price', 'Indicare il prezzo nel listino');
    if (price.priceListId !== undefined && price.price !== undefined) {
      const item = priceListItem.safeParse({ productId: randomUUID(), price: price.price });
      if (!item.success) refuse('price', item.error.issues[0]!.message);
    }
  }

  /** The live records matching the identities (within the customer); null when two share one. */
  private async existingByIdentity(db: Kysely<DatabaseSchema>, definition: RegisterDefinition, customerId: string | undefined, values: readonly string[]): Promise<Map<string, Entity | null>> {
    const kind = this.service.kind(definition.kind);
    const path = definition.targets[definition.identity]!.path;
    const scope = definition.customerPath && customerId ? { customerPath: definition.customerPath, customerId } : undefined;
    const ids = await new ImportRepository(db).idsByIdentity(kind, path, values, scope, definition.unmatchedWhenSet);
    const rows = await this.service.repository(kind, db).findByIds(ids);
    const byIdentity = new Map<string, Entity | null>();
    for (const entity of rows.values()) {
      if (entity.metadata.isDeleted) continue;
      const key = String(get(entity, path) ?? '').toLowerCase();
      byIdentity.set(key, byIdentity.has(key) ? null : entity);
    }
    return byIdentity;
  }

  async commit(call: CallContext, customerId: string | undefined, body: unknown): Promise<{ import: Entity; preview: ImportPreview }> {
    const request = this.parse(body, customerId);
    const { definition } = request;
    this.authorize(call, definition);
    const bytes = Buffer.from(request.content, 'base64');
    const sheet = await readSheet(request.fileName, bytes);
    return this.service.transaction(call, async (trx) => {
      const customer = customerId ? await this.customer(trx, call, customerId) : undefined;
      const targets = targetsOf(request.register, customer);
      const { mapping, source } = await this.mappingFor(trx, request.register, targets, sheet, request.mapping);
      const planned = await this.plan(trx, call, request.register, targets, customerId, sheet, mapping);
      const preview = this.summary(request, targets, sheet, mapping, source, planned);
      if (planned.creations.length === 0 && planned.updates.length === 0 && planned.prices.length === 0) {
        throw new Problem('VALIDATION_FAILED', { message: `Nessun record da importare: tutte le righe sono state scartate o sono già aggiornate` });
      }
      const rowError = (rows: readonly { row: number }[]) => (index: number, error: unknown) => {
        const row = rows[index]?.row;
        if (error instanceof Problem) {
          return new Problem('VALIDATION_FAILED', {
            status: error.status,
            code: error.code,
            message: `Riga ${row}: ${error.message}`,
            errors: (error.errors ?? []).map((e: FieldError) => ({ ...e, pointer: `/rows/${row}${e.pointer}` })),
          });
        }
        return error;
      };
      const created = await this.service.createManyWithin(trx, call, definition.kind, planned.creations.map((c) => c.body), rowError(planned.creations));
      const updated = await this.service.updateManyWithin(
        trx, call, definition.kind,
        planned.updates.map((u) => ({ id: u.current.id, patch: u.patch, version: String(u.current.metadata.lastUpdatedDateTime) })),
        rowError(planned.updates),
      );
      const priceRows = await this.writePrices(trx, call, planned.prices, created);
      // The hooks (deadline engine) may write the rows again: the versions undo compares are the ones stored now.
      const stored = await this.service.repository(this.service.kind(definition.kind), trx).findByIds([...created, ...updated].map((e) => e.id));
      const versionOf = (id: string) => String(stored.get(id)?.metadata.lastUpdatedDateTime);
      const id = randomUUID();
      const record = await this.service.createWithin(trx, call, 'imports', {
        attributes: {
          register: request.register,
          fileName: request.fileName,
          headers: sheet.headers,
          signature: headerSignature(sheet.headers),
          mapping,
          rowsCount: sheet.rows.length,
          createdCount: created.length,
          updatedCount: preview.updateCount,
          refusedCount: preview.refusedCount,
          state: 'committed',
          committedDateTime: new Date().toISOString(),
        },
        relationships: { customerId: customer?.id ?? null },
      }, { id });
      // The original file: in the customer's files, or the catalogue import's own.
      const media = await storeGeneratedFile({ service: this.service, storage: this.deps.storage }, trx, call, {
        owner: customer ? { type: 'customers', id: customer.id } : { type: 'imports', id },
        name: request.fileName,
        mimeType: request.fileName.toLowerCase().endsWith('.xlsx') ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv',
        bytes,
        meta: { madeBy: 'import' },
      });
      const withFile = await this.service.updateWithin(trx, call, 'imports', id, { attributes: { mediaId: media.id } }, String(record.metadata.lastUpdatedDateTime));
      await new ImportRepository(trx).recordRows(id, [
        ...created.map((e) => ({ type: definition.kind, id: e.id, action: 'create' as const, version: versionOf(e.id) })),
        ...planned.updates.map((u) => ({ type: definition.kind, id: u.current.id, action: 'update' as const, version: versionOf(u.current.id), before: u.before })),
        ...priceRows,
      ]);
      return { import: withFile, preview };
    });
  }

  /** Each price list named by the sheet gets its prices (a product's row replaced or added), in one write per list. */
  private async writePrices(trx: Kysely<DatabaseSchema>, call: CallContext, prices: readonly PlannedPrice[], created: readonly Entity[]): Promise<WrittenRow[]> {
    const byList = Map.groupBy(prices, (price) => price.priceListId);
    const written: WrittenRow[] = [];
    for (const [priceListId, entries] of byList) {
      const list = (await this.service.repository(this.service.kind('priceLists'), trx).lockByIds([priceListId])).get(priceListId)!;
      const before = (list.attributes.items ?? []) as { productId: string; price: number }[];
      const items = [...before];
      for (const entry of entries) {
        const productId = entry.productId ?? created[entry.creation!]!.id;
        const at = items.findIndex((item) => item.productId === productId);
        if (at >= 0) items[at] = { ...items[at]!, price: entry.price };
        else items.push({ productId, price: entry.price });
      }
      const updated = await this.service.updateWithin(trx, call, 'priceLists', priceListId, { attributes: { items } }, String(list.metadata.lastUpdatedDateTime));
      written.push({ type: 'priceLists', id: priceListId, action: 'update', version: String(updated.metadata.lastUpdatedDateTime), before: { 'attributes.items': before } });
    }
    return written;
  }

  /** The import, read as any record (its read rule), answering 404 the same for none and for one not readable. */
  private async readable(trx: Kysely<DatabaseSchema>, call: CallContext, importId: string, forUpdate = false): Promise<Entity> {
    const kind = this.service.kind('imports');
    const record = z.uuid().safeParse(importId).success ? await this.service.repository(kind, trx).findById(importId, { forUpdate }) : undefined;
    if (!record || record.metadata.isDeleted || !call.access.can('read', kind, record)) throw new Problem('NOT_FOUND', { message: 'Importazione non trovata' });
    return record;
  }

  /** What the import wrote now: each record, its action, whether it changed or went since (`GET /api/imports/{id}/rows`). */
  async rows(call: CallContext, importId: string): Promise<ImportedRow[]> {
    const db = this.deps.db;
    await this.readable(db, call, importId);
    const written = await new ImportRepository(db).rowsOf(importId);
    const current = await this.currentOf(db, written, false);
    return written.map((w) => {
      const kind = this.service.kind(w.type);
      const now = current.get(w.id);
      return {
        type: w.type,
        id: w.id,
        title: now && call.access.can('read', kind, now) ? kind.title(now) : 'non visibile',
        action: w.action,
        changedSince: changeOf(w, now),
        ...(now ? { lastUpdatedDateTime: String(now.metadata.lastUpdatedDateTime) } : {}),
      };
    });
  }

  /** The records written, as they are now (locked, for undo). */
  private async currentOf(db: Kysely<DatabaseSchema>, written: readonly WrittenRow[], lock: boolean): Promise<Map<string, Entity>> {
    const current = new Map<string, Entity>();
    for (const [type, rows] of Map.groupBy(written, (w) => w.type)) {
      const repository = this.service.repository(this.service.kind(type), db);
      const ids = rows.map((w) => w.id);
      for (const [id, entity] of await (lock ? repository.lockByIds(ids) : repository.findByIds(ids))) current.set(id, entity);
    }
    return current;
  }

  async undo(call: CallContext, importId: string): Promise<Entity> {
    const kind = this.service.kind('imports');
    return this.service.transaction(call, async (trx) => {
      const record = await this.readable(trx, call, importId, true);
      call.access.authorize('update', kind, record);
      const written = await new ImportRepository(trx).rowsOf(record.id);
      for (const type of new Set(written.filter((w) => w.action === 'create').map((w) => w.type))) call.access.authorize('delete', this.service.kind(type));
      if (record.attributes.state !== 'committed') {
        throw new Problem('TRANSITION_NOT_ALLOWED', { message: 'L’importazione è già stata annullata' });
      }
      const current = await this.currentOf(trx, written, true);
      const changed = written.filter((w) => changeOf(w, current.get(w.id)) !== 'no');
      if (changed.length > 0) {
        throw new Problem('VERSION_CONFLICT', {
          code: 'IMPORT_CHANGED_SINCE',
          message: `Impossibile annullare l’importazione: ${changed.length === 1 ? 'un record importato è stato modificato' : `${changed.length} record importati sono stati modificati`} dopo l’importazione`,
          errors: changed.map((w) => {
            const now = current.get(w.id);
            const name = now ? this.service.kind(w.type).title(now) : w.id;
            const deleted = changeOf(w, now) === 'deleted';
            return {
              pointer: `/${w.type}/${w.id}`,
              code: deleted ? 'deletedSince' : 'changedSince',
              message: deleted ? `${name}: eliminato dopo l’importazione` : `${name}: modificato il ${String(now?.metadata.lastUpdatedDateTime)}`,
            };
          }),
        });
      }
      const keep = (error: unknown) => error;
      const versionNow = (id: string) => String(current.get(id)!.metadata.lastUpdatedDateTime);
      // Updates first (a price list gives back its rows), then the created records go: nothing still names them.
      for (const [type, rows] of Map.groupBy(written.filter((w) => w.action === 'update'), (w) => w.type)) {
        await this.service.updateManyWithin(trx, call, type, rows.map((w) => {
          const patch: Content = {};
          for (const [path, value] of Object.entries(w.before ?? {})) set(patch, path, value);
          return { id: w.id, patch, version: versionNow(w.id) };
        }), keep, current);
      }
      for (const [type, rows] of Map.groupBy(written.filter((w) => w.action === 'create'), (w) => w.type)) {
        await this.service.removeManyWithin(trx, call, type, rows.map((w) => ({ id: w.id, version: versionNow(w.id) })), keep, current);
      }
      return this.service.updateWithin(trx, call, 'imports', record.id, { attributes: { state: 'undone', undoneDateTime: new Date().toISOString() } }, String(record.metadata.lastUpdatedDateTime));
    });
  }
}

/** Whether a written record is still as the import left it. */
function changeOf(written: WrittenRow, now: Entity | undefined): ImportedRow['changedSince'] {
  if (!now || now.metadata.isDeleted) return 'deleted';
  return new Date(String(now.metadata.lastUpdatedDateTime)).getTime() === new Date(written.version).getTime() ? 'no' : 'changed';
}
