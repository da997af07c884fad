/**
 * Importing a customer's equipment register (issue 27). Preview: read the file, map its columns,
 * validate every row with the equipments kind's own schema and rules, resolve type and site by
 * code or name, match existing equipments by serial number (matricola) within the customer, and
 * answer what would be created, updated and refused; nothing is written. Commit: the same analysis
 * inside one write transaction, then the rows through the generic write pipeline (abilities, history,
 * the deadline engine's hooks), the original file in the customer's files, and the import record.
 * Undo: while every imported row is still at the version the import left, the created rows are
 * deleted and the updated ones get their previous values back.
 */
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Entity } from '../../domain/entity.ts';
import { entitySchema } from '../../domain/kind.ts';
import {
  autoMapping, headerSignature, importDate, importMapping, importTargets, normaliseHeader,
  type ImportMapping, type ImportPreview, type ImportTarget, type PreviewRow, type RefusedCell,
} from '../../domain/import/equipment-import.ts';
import type { DatabaseSchema } from '../db/database.ts';
import { Problem, type FieldError } from '../http/problems.ts';
import { storeGeneratedFile } from '../media/files.ts';
import type { CallContext, EntityService } from '../resources/service.ts';
import type { MediaStorage } from '../storage/storage.ts';
import { zodProblem } from '../resources/zod-problem.ts';
import { ImportRepository } from './import-repository.ts';
import { readSheet, type Sheet } from './sheet-reader.ts';

/** The request of preview and commit: the file (base64) and, optionally, the mapping the user chose. */
export const importRequest = z.strictObject({
  fileName: z.string().trim().min(1).max(255),
  content: z.string().min(1).max(3_000_000).regex(/^[A-Za-z0-9+/=\r\n]+$/, 'Contenuto del file non valido (atteso base64)'),
  mapping: importMapping.optional(),
});
export type ImportRequest = z.infer<typeof importRequest>;

/** Where each target is written on an equipment. */
const pathOfTarget: Record<ImportTarget, string> = {
  equipmentId: 'attributes.equipmentId',
  serialNumber: 'attributes.serialNumber',
  productionDate: 'attributes.productionDate',
  installationDate: 'attributes.installationDate',
  agent: 'attributes.characteristics.agenteEstinguente',
  family: 'relationships.equipmentFamilyId',
  site: 'relationships.customerLocationId',
  position: 'attributes.customerLocationPosition',
  customCode: 'attributes.customCode',
  note: 'attributes.note',
};

interface Planned {
  rows: PreviewRow[];
  creations: { row: number; body: { attributes: Record<string, unknown>; relationships: Record<string, unknown> } }[];
  updates: { row: number; current: Entity; patch: Record<string, Record<string, unknown>>; before: Record<string, unknown> }[];
}

const get = (data: Record<string, unknown>, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), data);

function set(data: Record<string, Record<string, unknown>>, path: string, value: unknown): void {
  const [root, ...rest] = path.split('.');
  let node: Record<string, unknown> = (data[root!] ??= {});
  for (const key of rest.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
  node[rest.at(-1)!] = value;
}

export class EquipmentImportService {
  private readonly deps: { service: EntityService; storage: MediaStorage; db: Kysely<DatabaseSchema> };

  constructor(deps: { service: EntityService; storage: MediaStorage; db: Kysely<DatabaseSchema> }) {
    this.deps = deps;
  }

  private get service() {
    return this.deps.service;
  }

  /** Ability first: who imports creates and updates equipments and import records. */
  private authorize(call: CallContext): void {
    call.access.authorize('create', this.service.kind('equipmentImports'));
    call.access.authorize('create', this.service.kind('equipments'));
    call.access.authorize('update', this.service.kind('equipments'));
  }

  private parse(body: unknown): ImportRequest {
    const parsed = importRequest.safeParse(body);
    if (!parsed.success) throw zodProblem(parsed.error);
    return parsed.data;
  }

  private async customer(db: Kysely<DatabaseSchema>, call: CallContext, customerId: string): Promise<Entity> {
    const customer = z.uuid().safeParse(customerId).success ? await this.service.repository(this.service.kind('customers'), db).findById(customerId) : undefined;
    if (!customer || customer.metadata.isDeleted) throw new Problem('NOT_FOUND', { message: 'Cliente non trovato' });
    call.access.authorize('update', this.service.kind('customers'), customer);
    return customer;
  }

  async preview(call: CallContext, customerId: string, body: unknown): Promise<ImportPreview> {
    this.authorize(call);
    const request = this.parse(body);
    await this.customer(this.deps.db, call, customerId);
    const sheet = await readSheet(request.fileName, Buffer.from(request.content, 'base64'));
    const { mapping, source } = await this.mappingFor(this.deps.db, sheet, request.mapping);
    const planned = await this.plan(this.deps.db, customerId, sheet, mapping);
    return this.summary(request.fileName, sheet, mapping, source, planned);
  }

  private summary(fileName: string, sheet: Sheet, mapping: ImportMapping, source: ImportPreview['mappingSource'], planned: Planned): ImportPreview {
    const count = (action: PreviewRow['action']) => planned.rows.filter((row) => row.action === action).length;
    return {
      fileName,
      headers: sheet.headers,
      mapping,
      mappingSource: source,
      targets: (Object.keys(importTargets) as ImportTarget[]).map((key) => ({ key, label: importTargets[key].label })),
      rowsCount: sheet.rows.length,
      createCount: count('create'),
      updateCount: count('update'),
      unchangedCount: count('unchanged'),
      refusedCount: count('refused'),
      rows: planned.rows,
    };
  }

  /** The request's mapping, else the one saved by the last import of the same layout, else the one found by names. */
  private async mappingFor(db: Kysely<DatabaseSchema>, sheet: Sheet, requested: ImportMapping | undefined) {
    if (requested) {
      if (requested.length !== sheet.headers.length) {
        throw new Problem('VALIDATION_FAILED', { errors: [{ pointer: '/mapping', code: 'invalidValue', message: `La corrispondenza deve avere ${sheet.headers.length} colonne` }] });
      }
      const seen = new Set<string>();
      for (const [index, target] of requested.entries()) {
        if (target && seen.has(target)) {
          throw new Problem('VALIDATION_FAILED', { errors: [{ pointer: `/mapping/${index}`, code: 'duplicate', message: `«${importTargets[target].label}» è assegnato a più colonne` }] });
        }
        if (target) seen.add(target);
      }
      return { mapping: requested, source: 'request' as const };
    }
    const saved = await new ImportRepository(db).savedMapping(headerSignature(sheet.headers));
    if (saved && saved.length === sheet.headers.length) return { mapping: saved, source: 'saved' as const };
    return { mapping: autoMapping(sheet.headers), source: 'names' as const };
  }

  /** Every row: what it becomes, or why it is refused. */
  private async plan(db: Kysely<DatabaseSchema>, customerId: string, sheet: Sheet, mapping: ImportMapping): Promise<Planned> {
    const repository = new ImportRepository(db);
    const column = (target: ImportTarget) => mapping.indexOf(target);
    const serialColumn = column('serialNumber');
    const families = await repository.families();
    const sites = await repository.sites(customerId);
    const serials = serialColumn < 0 ? [] : sheet.rows.map((row) => row.cells[serialColumn]!).filter(Boolean);
    const existing = await this.existingBySerial(db, customerId, serials);
    const kind = this.service.kind('equipments');
    const schema = entitySchema(kind);
    const planned: Planned = { rows: [], creations: [], updates: [] };
    const firstRowOfSerial = new Map<string, number>();
    for (const row of sheet.rows) {
      const value = (target: ImportTarget) => (column(target) < 0 ? '' : row.cells[column(target)]!);
      const errors: RefusedCell[] = [];
      const refuse = (target: ImportTarget, message: string) =>
        errors.push({ column: column(target) < 0 ? null : sheet.headers[column(target)]!, field: importTargets[target].label, value: value(target), message });
      const serial = value('serialNumber');
      const equipmentId = value('equipmentId') || serial;
      const entry: PreviewRow = { row: row.number, action: 'refused', equipmentId, serialNumber: serial };
      planned.rows.push(entry);
      if (serial) {
        const key = serial.toLowerCase();
        const first = firstRowOfSerial.get(key);
        if (first !== undefined) refuse('serialNumber', `Matricola ripetuta nel file (già alla riga ${first})`);
        else firstRowOfSerial.set(key, row.number);
      }
      const family = value('family') ? families.get(normaliseHeader(value('family'))) : undefined;
      if (value('family') && !family) refuse('family', `Tipo di attrezzatura non trovato: «${value('family')}» (indicare codice o nome)`);
      const site = value('site') ? sites.get(normaliseHeader(value('site'))) : undefined;
      if (value('site') && !site) refuse('site', `Sede del cliente non trovata: «${value('site')}»`);
      const current = serial ? existing.get(serial.toLowerCase()) : undefined;
      if (serial && current === null) refuse('serialNumber', 'Più attrezzature del cliente hanno questa matricola: correggerle prima di importare');
      const changes: Record<string, Record<string, unknown>> = {};
      for (const target of Object.keys(pathOfTarget) as ImportTarget[]) {
        let text = value(target);
        if (target === 'equipmentId') text = equipmentId;
        if (!text) continue;
        const converted: unknown = target === 'family' ? family?.id : target === 'site' ? site?.id
          : target === 'productionDate' || target === 'installationDate' ? importDate(text) : text;
        if (converted !== undefined) set(changes, pathOfTarget[target], converted);
      }
      const module = family?.module ?? (current ? (current.attributes.module as string) : 'fire');
      const body = current
        ? mergeContent(current, changes)
        : { attributes: { module, ...changes.attributes }, relationships: { ...changes.relationships, customerId } };
      const parsed = schema.safeParse({ attributes: body.attributes, metadata: {}, relationships: body.relationships });
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const path = issue.path.map(String).join('.');
          // A rule on a whole object (an extinguisher's characteristics on a machine) names the column that filled it.
          const target = (Object.keys(pathOfTarget) as ImportTarget[]).find((key) => path === pathOfTarget[key] || path.startsWith(`${pathOfTarget[key]}.`) || pathOfTarget[key].startsWith(`${path}.`));
          if (target) refuse(target, issue.message);
          else errors.push({ column: null, field: path, value: '', message: issue.message });
        }
      }
      if (errors.length > 0) {
        entry.errors = errors;
        continue;
      }
      if (!current) {
        entry.action = 'create';
        planned.creations.push({ row: row.number, body });
        continue;
      }
      entry.id = current.id;
      const before: Record<string, unknown> = {};
      const patch: Record<string, Record<string, unknown>> = {};
      for (const target of Object.keys(pathOfTarget) as ImportTarget[]) {
        const path = pathOfTarget[target];
        const next = get(body as unknown as Record<string, unknown>, path);
        const previous = get(current as unknown as Record<string, unknown>, path);
        if (next === undefined || JSON.stringify(next) === JSON.stringify(previous)) continue;
        before[path] = previous ?? null;
        set(patch, path, next);
      }
      if (Object.keys(before).length === 0) {
        entry.action = 'unchanged';
        continue;
      }
      entry.action = 'update';
      planned.updates.push({ row: row.number, current, patch, before });
    }
    return planned;
  }

  /** The customer's live equipments by serial (lower case); null when two share one. */
  private async existingBySerial(db: Kysely<DatabaseSchema>, customerId: string, serials: readonly string[]): Promise<Map<string, Entity | null>> {
    const ids = await new ImportRepository(db).equipmentIdsBySerial(customerId, serials);
    const rows = await this.service.repository(this.service.kind('equipments'), db).findByIds(ids);
    const bySerial = new Map<string, Entity | null>();
    for (const entity of rows.values()) {
      if (entity.metadata.isDeleted) continue;
      const key = String(entity.attributes.serialNumber ?? '').toLowerCase();
      bySerial.set(key, bySerial.has(key) ? null : entity);
    }
    return bySerial;
  }

  async commit(call: CallContext, customerId: string, body: unknown): Promise<{ import: Entity; preview: ImportPreview }> {
    this.authorize(call);
    const request = this.parse(body);
    const bytes = Buffer.from(request.content, 'base64');
    const sheet = await readSheet(request.fileName, bytes);
    return this.service.transaction(call, async (trx) => {
      const customer = await this.customer(trx, call, customerId);
      const { mapping, source } = await this.mappingFor(trx, sheet, request.mapping);
      const planned = await this.plan(trx, customerId, sheet, mapping);
      const preview = this.summary(request.fileName, sheet, mapping, source, planned);
      if (planned.creations.length === 0 && planned.updates.length === 0) {
        throw new Problem('VALIDATION_FAILED', { message: 'Nessuna attrezzatura da importare: tutte le righe sono state scartate o sono già aggiornate' });
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
      const equipments = this.service.kind('equipments');
      const created = await this.service.createManyWithin(trx, call, 'equipments', planned.creations.map((c) => c.body), rowError(planned.creations));
      const updated = await this.service.updateManyWithin(
        trx, call, 'equipments',
        planned.updates.map((u) => ({ id: u.current.id, patch: u.patch, version: String(u.current.metadata.lastUpdatedDateTime) })),
        rowError(planned.updates),
      );
      // The hooks (deadline engine) may write the rows again: the versions undo compares are the ones stored now.
      const stored = await this.service.repository(equipments, trx).findByIds([...created, ...updated].map((e) => e.id));
      const versionOf = (id: string) => String(stored.get(id)?.metadata.lastUpdatedDateTime);
      const media = await storeGeneratedFile({ service: this.service, storage: this.deps.storage }, trx, call, {
        owner: { type: 'customers', id: customer.id },
        name: request.fileName,
        mimeType: request.fileName.toLowerCase().endsWith('.xlsx') ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv',
        bytes,
        meta: { madeBy: 'equipmentImport' },
      });
      const record = await this.service.createWithin(trx, call, 'equipmentImports', {
        attributes: {
          fileName: request.fileName,
          mediaId: media.id,
          headers: sheet.headers,
          signature: headerSignature(sheet.headers),
          mapping,
          rowsCount: sheet.rows.length,
          createdCount: created.length,
          updatedCount: updated.length,
          refusedCount: preview.refusedCount,
          state: 'committed',
          committedDateTime: new Date().toISOString(),
        },
        relationships: { customerId: customer.id },
      });
      await new ImportRepository(trx).recordRows(record.id, [
        ...created.map((e) => ({ equipmentId: e.id, action: 'create' as const, version: versionOf(e.id) })),
        ...planned.updates.map((u) => ({ equipmentId: u.current.id, action: 'update' as const, version: versionOf(u.current.id), before: u.before })),
      ]);
      return { import: record, preview };
    });
  }

  async undo(call: CallContext, importId: string): Promise<Entity> {
    const kind = this.service.kind('equipmentImports');
    const equipments = this.service.kind('equipments');
    return this.service.transaction(call, async (trx) => {
      const record = z.uuid().safeParse(importId).success ? await this.service.repository(kind, trx).findById(importId, { forUpdate: true }) : undefined;
      if (!record || record.metadata.isDeleted) throw new Problem('NOT_FOUND', { message: 'Importazione non trovata' });
      call.access.authorize('update', kind, record);
      call.access.authorize('delete', equipments);
      if (record.attributes.state !== 'committed') {
        throw new Problem('TRANSITION_NOT_ALLOWED', { message: 'L’importazione è già stata annullata' });
      }
      const written = await new ImportRepository(trx).rowsOf(record.id);
      const current = await this.service.repository(equipments, trx).lockByIds(written.map((w) => w.equipmentId));
      const changed = written.filter((w) => {
        const now = current.get(w.equipmentId);
        return !now || now.metadata.isDeleted || new Date(String(now.metadata.lastUpdatedDateTime)).getTime() !== new Date(w.version).getTime();
      });
      if (changed.length > 0) {
        throw new Problem('VERSION_CONFLICT', {
          code: 'IMPORT_CHANGED_SINCE',
          message: `Impossibile annullare l’importazione: ${changed.length === 1 ? 'un’attrezzatura importata è stata modificata' : `${changed.length} attrezzature importate sono state modificate`} dopo l’importazione`,
          errors: changed.map((w) => {
            const now = current.get(w.equipmentId);
            const name = String(now?.attributes.equipmentId ?? w.equipmentId);
            return {
              pointer: `/equipments/${w.equipmentId}`,
              code: now?.metadata.isDeleted ? 'deletedSince' : 'changedSince',
              message: now?.metadata.isDeleted ? `${name}: eliminata dopo l’importazione` : `${name}: modificata il ${String(now?.metadata.lastUpdatedDateTime)}`,
            };
          }),
        });
      }
      const keep = (error: unknown) => error;
      const versionNow = (id: string) => String(current.get(id)!.metadata.lastUpdatedDateTime);
      const created = written.filter((w) => w.action === 'create');
      await this.service.removeManyWithin(trx, call, 'equipments', created.map((w) => ({ id: w.equipmentId, version: versionNow(w.equipmentId) })), keep, current);
      await this.service.updateManyWithin(
        trx, call, 'equipments',
        written.filter((w) => w.action === 'update').map((w) => {
          const patch: Record<string, Record<string, unknown>> = {};
          for (const [path, value] of Object.entries(w.before ?? {})) set(patch, path, value);
          return { id: w.equipmentId, patch, version: versionNow(w.equipmentId) };
        }),
        keep,
        current,
      );
      return this.service.updateWithin(trx, call, 'equipmentImports', record.id, { attributes: { state: 'undone', undoneDateTime: new Date().toISOString() } }, String(record.metadata.lastUpdatedDateTime));
    });
  }
}

/** An existing equipment with the sheet's values over it (characteristics merged key by key). */
function mergeContent(current: Entity, changes: Record<string, Record<string, unknown>>) {
  const attributes = { ...current.attributes, ...changes.attributes } as Record<string, unknown>;
  if (changes.attributes?.characteristics) {
    attributes.characteristics = { ...(current.attributes.characteristics as object | undefined), ...(changes.attributes.characteristics as object) };
  }
  return { attributes, relationships: { ...current.relationships, ...changes.relationships } as Record<string, unknown> };
}
