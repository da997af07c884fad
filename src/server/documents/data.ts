/**
 * What each document prints, read for one record: the record itself through the service (the
 * caller's read ability decides, 403/404 as for `GET /api/{type}/{id}`), then the rows that make
 * up that document (a quotation's lines, a customer's equipments and checks…), each read through the
 * caller's read scope as a list would be (`access.listScope`: conditions, modules, parents) and
 * without the fields the caller may not read; a document whose substance is a kind the caller may
 * not read at all is refused (403) rather than printed empty. The company's report heading and the
 * template belong to the document rather than to the caller's lists. README "Documents" has the table.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DatabaseSchema } from '../db/database.ts';
import type { CallContext, EntityService } from '../resources/service.ts';
import type { KindDefinition } from '../../domain/kind.ts';
import type { Entity } from '../../domain/entity.ts';
import { Problem } from '../http/problems.ts';
import { tableName } from '../db/entity-sql.ts';
import { findKind } from '../../domain/kinds.ts';
import { registryDisplayName, reportAdditionalValues } from '../../domain/entities/customer.ts';
import { quotationProductTotals } from '../../domain/entities/quotation-products.ts';
import { documentDeclarations, documentNorms, interventionReportRecipients, printedActivityStates, printedAssignmentStates, printedRisks, printedUnits, type DocumentDeclaration, type TemplateDocType } from '../../domain/documents/placeholders.ts';
import { isExcused } from '../../domain/rules/intervention.ts';
import { calendarDay } from '../../domain/rules/calendar.ts';
import { italianDate } from '../../domain/entities/italian-date.ts';
import { systemTypeNames } from '../../domain/entities/technician-qualifications.ts';
import { lineTotals, type LineAmounts } from '../../domain/rules/totals.ts';
import { lineDiscountText } from '../../domain/rules/pricing.ts';
import { orderStateLabels } from '../../domain/machines/order.ts';

export interface ReportHeading {
  companyName: string;
  addressLines: string[];
  vatNumber?: string;
  phoneNumber?: string;
  email?: string;
  footer?: string;
  logoMediaId?: string | null;
}

/** Which part of a record a document prints: the register of checks of one site (issue 26 §2); none, all of it. */
export interface DocumentScope {
  /** The customer itself (its head office) or one of its office locations. */
  siteId?: string;
}

export interface DocumentSource {
  declaration: DocumentDeclaration;
  record: Entity;
  /** The file name without extension (`PRV-2026-00042`). */
  fileName: string;
  heading?: ReportHeading;
  /** Raw values by placeholder name (formatted by the template layer). */
  data: Record<string, unknown>;
}

type Row = Record<string, unknown>;
/** An activity marked «non eseguibile» (issue 22), as the intervention report prints it. */
const notExecutedLine = (activity: Record<string, unknown>): string | undefined =>
  isExcused({ notExecutable: activity.notExecutable === true, notExecutableReason: typeof activity.notExecutableReason === 'string' ? activity.notExecutableReason : null })
    ? `Non eseguibile: ${String(activity.notExecutableReason).trim()}`
    : undefined;

const attrs = (entity: Entity | undefined): Row => (entity?.attributes ?? {}) as Row;
const str = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
/** Whether a row of a customer is at a site: the head office (the customer itself: no location, or the customer) or an office location. */
const atSite = (row: Entity, via: string, customerId: string, siteId: string): boolean => {
  const location = str(row.relationships[via]) ?? customerId;
  return location === siteId;
};
/** A technician's qualifications on a day, as the register prints them (issue 25). */
const qualificationWords = (held: readonly Row[]): string => held.length === 0
  ? 'Nessuna qualifica valida registrata'
  : held.map((q) => [systemTypeNames((q.systemTypes as unknown[] | undefined) ?? []), str(q.certifyingBody), str(q.certificateNumber) ? `n. ${String(q.certificateNumber)}` : undefined, str(q.renewalDueDate) ? `scadenza ${italianDate(String(q.renewalDueDate))}` : undefined].filter(Boolean).join(' – ')).join('; ');
/** The interventions a register lists: those done (D.M. 1/9/2021 records the work carried out). */
const REGISTER_INTERVENTION_STATES = ['closed', 'closed-with-anomalies'];
/**
 * The register is of fire-protection checks (D.M. 1/9/2021): it lists the fire module's equipment, installations
 * and interventions only, whoever prints it (a crane of the equipment-maintenance module is no fire protection).
 */
const REGISTER_MODULE = 'fire';

const printedLineKinds: Record<string, string> = { product: 'Prodotto', section: 'Sezione', note: 'Nota' };

/**
 * A quotation's lines as printed: products numbered with their amounts; a section title or a note
 * prints its text only; an optional line says so (it is not in the totals).
 */
function numberedLines(lines: Parameters<typeof quotationProductTotals>[0][]): Row[] {
  let number = 0;
  return lines.map((l) => {
    const kind = (l as { kind?: string }).kind ?? 'product';
    const optional = (l as { isOptional?: boolean }).isOptional === true;
    if (kind !== 'product') return { tipo: printedLineKinds[kind] ?? kind, descrizione: l.description, note: l.notes };
    number += 1;
    return {
      numero: number,
      tipo: printedLineKinds.product,
      opzionale: optional ? 'opzionale' : '',
      descrizione: optional ? `${l.description ?? ''} (opzionale)` : l.description,
      quantita: l.quantity,
      unita: printedUnits[l.unitOfMeasure ?? 'each'] ?? l.unitOfMeasure,
      prezzoUnitario: l.unitPrice,
      // «8%», or «offerta 15%» beside a price the customer's offer lowered, as the editor and the portal write it.
      sconto: lineDiscountText(l as Parameters<typeof lineDiscountText>[0]),
      totale: quotationProductTotals(l).netTotal,
      note: l.notes,
    };
  });
}

/** The kinds a document is made of, by document: who may not read one of them gets 403, not a document without it. */
const substance: Record<TemplateDocType, readonly string[]> = {
  quotation: ['quotationProducts'],
  courseCertificate: ['employees', 'courses'],
  interventionReport: ['assignmentActivities', 'checks', 'anomalies'],
  controlRegister: ['equipments', 'checks'],
  // The lines live inside the order: whoever reads the order reads what it confirms.
  orderConfirmation: [],
};

/**
 * Reads through `db`: the app's database, or a write transaction (an action issuing certificates),
 * never both at once. Every related row is read with the caller's scope (`scoped`).
 */
export class DocumentData {
  private readonly db: Kysely<DatabaseSchema>;
  private readonly service: EntityService;

  constructor(db: Kysely<DatabaseSchema>, service: EntityService) {
    this.db = db;
    this.service = service;
  }

  private async byId(type: string, id: unknown): Promise<Entity | undefined> {
    if (typeof id !== 'string') return undefined;
    const entity = await this.service.repository(this.service.kind(type), this.db).findById(id);
    return entity && !entity.metadata.isDeleted ? entity : undefined;
  }

  private async byIds(type: string, ids: readonly unknown[]): Promise<Map<string, Entity>> {
    const valid = ids.filter((id): id is string => typeof id === 'string');
    return this.service.repository(this.service.kind(type), this.db).findByIds(valid);
  }

  /**
   * Issue 25: the qualifications of these technicians valid on `day`, by technician. They print with the
   * document for whoever may print it (as the heading does): the decree asks the report and the register
   * to say who serviced the systems and with what qualification; only that summary is printed, never the certificate.
   */
  private async qualificationsOn(userIds: readonly unknown[], day: string): Promise<Map<string, Row[]>> {
    const ids = [...new Set(userIds.filter((id): id is string => typeof id === 'string' && id !== ''))];
    const found = new Map<string, Row[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return found;
    const kind = this.service.kind('technicianQualifications');
    const rows = await sql<{ attributes: Row; relationships: Row }>`SELECT attributes, relationships FROM ${sql.raw(tableName(kind))}
      WHERE NOT is_deleted AND relationships->>'userId' = ANY(${ids}::text[]) ORDER BY attributes->>'obtainedDate', id`.execute(this.db);
    for (const row of rows.rows) {
      const a = row.attributes;
      if (String(a.obtainedDate ?? '') > day || (str(a.renewalDueDate) && String(a.renewalDueDate) < day)) continue;
      found.get(String(row.relationships.userId))?.push(a);
    }
    return found;
  }

  /**
   * Live rows of `type` matching `where` that the caller may read (the list scope of their rules:
   * conditions, modules, the parent a row is read through), without the fields they may not read.
   */
  private async scoped(call: CallContext, type: string, where: RawBuilder<unknown>, order = sql`created_date_time, id`): Promise<Entity[]> {
    const kind = this.service.kind(type);
    if (!call.access.can('read', kind)) return [];
    const scope = call.access.listScope(kind);
    const result = await sql<{ id: string }>`SELECT id FROM ${sql.raw(tableName(kind))}
      WHERE NOT is_deleted AND ${where}${scope ? sql` AND (${scope})` : sql``} ORDER BY ${order}`.execute(this.db);
    const rows = await this.byIds(type, result.rows.map((row) => row.id));
    return result.rows.map((row) => rows.get(row.id)).filter((entity): entity is Entity => entity !== undefined).map((entity) => call.access.redact(kind, entity));
  }

  /** The readable rows among `ids`, by id (a row the caller may not read is absent). */
  private async readableByIds(call: CallContext, type: string, ids: readonly unknown[]): Promise<Map<string, Entity>> {
    const valid = [...new Set(ids.filter((id): id is string => typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id)))];
    if (valid.length === 0) return new Map();
    const rows = await this.scoped(call, type, sql`id = ANY(${valid}::uuid[])`);
    return new Map(rows.map((row) => [row.id, row]));
  }

  private async readableById(call: CallContext, type: string, id: unknown): Promise<Entity | undefined> {
    return (await this.readableByIds(call, type, [id])).get(String(id));
  }

  /** Readable live rows of `type` whose relationship `via` is one of `parentIds` (one query for many parents). */
  private async readableChildren(call: CallContext, type: string, via: string, parentIds: readonly string[]): Promise<Entity[]> {
    if (parentIds.length === 0) return [];
    return this.scoped(call, type, sql`relationships->>${via} = ANY(${[...parentIds]}::text[])`);
  }

  /** The customer's readable rows of `type` (equipments, installations, interventions) of the register's module. */
  private async registerRowsOf(call: CallContext, type: 'equipments' | 'installations' | 'assignments', customer: Entity): Promise<Entity[]> {
    return this.scoped(call, type, sql`relationships->>'customerId' = ${customer.id} AND attributes->>'module' = ${REGISTER_MODULE}`);
  }

  /**
   * The site a register is asked for (issue 26 §2): the customer itself (its head office) or one of its
   * office locations the caller reads; none asked, the whole customer. Another customer's site is 404.
   */
  private async registerSite(call: CallContext, customer: Entity, siteId: string | undefined): Promise<{ id: string; name: string } | undefined> {
    if (siteId === undefined) return undefined;
    if (siteId.toLowerCase() === customer.id) return { id: customer.id, name: 'Sede principale' };
    const notASite = () => new Problem('NOT_FOUND', { message: 'Sede non trovata tra quelle del cliente' });
    // A site the caller may not read is, for it, no site of this customer (never «exists, but not yours»).
    const location = await this.service.get('customers', siteId, call).catch((error: unknown) => {
      throw error instanceof Problem ? notASite() : error;
    });
    if (location.attributes.parentId !== customer.id) throw notASite();
    const customerName = String(customer.metadata.displayName ?? '');
    return { id: location.id, name: String(location.metadata.displayName ?? '').replace(`${customerName} – `, '') };
  }

  /**
   * The register's interventions (issue 26 §2): the customer's concluded fire interventions (of a site, when
   * asked), oldest first, with the technician in charge and their qualification on the day (issue 25).
   */
  private async registerInterventions(call: CallContext, customer: Entity, siteId?: string): Promise<{ rows: Row[]; technicianIds: string[] }> {
    const interventions = (await this.registerRowsOf(call, 'assignments', customer))
      .filter((intervention) => REGISTER_INTERVENTION_STATES.includes(String(attrs(intervention).state)))
      .filter((intervention) => siteId === undefined || atSite(intervention, 'officeLocationId', customer.id, siteId));
    const dayOf = (intervention: Entity) => str(attrs(intervention).actualEndDateTime) ?? str(attrs(intervention).plannedStartDateTime);
    interventions.sort((x, y) => String(dayOf(x) ?? '').localeCompare(String(dayOf(y) ?? '')));
    const technicianOf = (intervention: Entity) => str(intervention.relationships.operatorInChargeId) ?? str(((intervention.relationships.operatorIds as unknown[] | undefined) ?? [])[0]);
    const users = await this.byIds('users', interventions.map(technicianOf));
    const byDay = new Map<string, Map<string, Row[]>>();
    const rows: Row[] = [];
    for (const intervention of interventions) {
      const a = attrs(intervention);
      const technician = technicianOf(intervention);
      const day = calendarDay(dayOf(intervention)) ?? this.service.today();
      if (technician && !byDay.has(day)) byDay.set(day, await this.qualificationsOn(interventions.map(technicianOf), day));
      rows.push({
        codice: a.code,
        data: dayOf(intervention),
        descrizione: a.title,
        esito: printedAssignmentStates[String(a.state)] ?? a.state,
        tecnico: technician ? str(attrs(users.get(technician)).displayName) : undefined,
        qualificaTecnico: technician ? qualificationWords(byDay.get(day)?.get(technician) ?? []) : undefined,
      });
    }
    return { rows, technicianIds: interventions.map(technicianOf).filter((id): id is string => id !== undefined) };
  }

  /**
   * The technicians a register names, each with every qualification recorded for them (types, body,
   * number, obtained on, renewal deadline): printed once, beside the tables that name them, so a reader
   * checks any day's qualification there rather than on every row (issue 25, D.M. 1 settembre 2021).
   */
  private async registerTechnicians(ids: readonly string[]): Promise<Row[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const users = await this.byIds('users', unique);
    const kind = this.service.kind('technicianQualifications');
    const found = await sql<{ attributes: Row; relationships: Row }>`SELECT attributes, relationships FROM ${sql.raw(tableName(kind))}
      WHERE NOT is_deleted AND relationships->>'userId' = ANY(${unique}::text[]) ORDER BY attributes->>'obtainedDate', id`.execute(this.db);
    const held = (id: string) => found.rows.filter((row) => row.relationships.userId === id).map((row) => row.attributes);
    return unique
      .map((id) => ({ id, nome: str(attrs(users.get(id)).displayName) }))
      .filter((technician) => technician.nome !== undefined)
      .sort((a, b) => String(a.nome).localeCompare(String(b.nome), 'it'))
      .map(({ id, nome }) => {
        const qualifications = held(id);
        return {
          nome,
          qualifiche: qualifications.length === 0 ? 'Nessuna qualifica registrata' : qualifications.map((q) => [
            systemTypeNames((q.systemTypes as unknown[] | undefined) ?? []), str(q.certifyingBody), str(q.certificateNumber) ? `n. ${String(q.certificateNumber)}` : undefined,
            str(q.obtainedDate) ? `dal ${italianDate(String(q.obtainedDate))}` : undefined, str(q.renewalDueDate) ? `scadenza ${italianDate(String(q.renewalDueDate))}` : undefined,
          ].filter(Boolean).join(' – ')).join('; '),
        };
      });
  }

  /**
   * The register's anomalies (issue 26 §4): those of its equipment and of the customer's fire installations,
   * oldest first, each with how it was resolved. One resolved by the customer's proof the office accepted
   * (an accepted rectification) says so, with the day accepted, the customer's note and its files (how
   * many, and the names the reader may read): it was not a technician's intervention.
   */
  private async registerAnomalies(call: CallContext, customer: Entity, equipments: readonly Entity[], siteId?: string): Promise<Row[]> {
    const installations = (await this.registerRowsOf(call, 'installations', customer))
      .filter((installation) => siteId === undefined || atSite(installation, 'customerLocationId', customer.id, siteId));
    const subjects = new Map<string, string>([
      ...equipments.map((e): [string, string] => [e.id, str(attrs(e).equipmentId) ?? '']),
      ...installations.map((i): [string, string] => [i.id, str(attrs(i).code) ?? str(attrs(i).name) ?? '']),
    ]);
    const subjectOf = (anomaly: Entity) => subjects.get(String(anomaly.relationships.equipmentId ?? anomaly.relationships.installationId ?? ''));
    const anomalies = (await this.readableChildren(call, 'anomalies', 'customerId', [customer.id]))
      .filter((anomaly) => subjectOf(anomaly) !== undefined)
      .sort((x, y) => String(attrs(x).detectedDateTime).localeCompare(String(attrs(y).detectedDateTime)));
    const resolvedIds = anomalies.filter((anomaly) => attrs(anomaly).state === 'resolved').map((anomaly) => anomaly.id);
    // The accepted proof of each anomaly (the last decided, should there be more).
    const proofs = new Map<string, Entity>();
    for (const proof of await this.readableChildren(call, 'rectifications', 'anomalyId', resolvedIds)) {
      if (attrs(proof).state !== 'accepted') continue;
      const key = String(proof.relationships.anomalyId);
      const seen = proofs.get(key);
      if (!seen || String(attrs(seen).decidedDateTime) <= String(attrs(proof).decidedDateTime)) proofs.set(key, proof);
    }
    const evidenceOf = (proof: Entity) => ((attrs(proof).evidenceMediaIds as unknown[] | undefined) ?? []).filter((id): id is string => typeof id === 'string');
    const files = await this.readableByIds(call, 'media', [...proofs.values()].flatMap(evidenceOf));
    return anomalies.map((anomaly) => {
      const a = attrs(anomaly);
      const resolved = a.state === 'resolved';
      const proof = proofs.get(anomaly.id);
      const base = {
        attrezzatura: subjectOf(anomaly),
        rilevata: a.detectedDateTime,
        rischio: printedRisks[String(a.risk)] ?? a.risk,
        descrizione: a.description,
        stato: resolved ? 'Risolta' : 'Non risolta',
        risoltaIl: resolved ? a.resolvedDateTime : undefined,
      };
      if (!resolved) return base;
      if (!proof) return { ...base, risoltaDa: 'Intervento della ditta di manutenzione', risoluzione: a.resolutionNotes };
      const evidence = evidenceOf(proof);
      const names = evidence.map((id) => str(attrs(files.get(id)).name)).filter((name): name is string => name !== undefined);
      const count = evidence.length === 1 ? '1 file' : `${evidence.length} file`;
      const decided = calendarDay(str(attrs(proof).decidedDateTime));
      return {
        ...base,
        risoltaDa: `Cliente, con prove verificate e accettate dall’ufficio${decided ? ` il ${italianDate(decided)}` : ''}`,
        risoluzione: attrs(proof).note,
        prove: names.length > 0 ? `${count}: ${names.join(', ')}` : count,
      };
    });
  }

  /** 403 naming what the caller may not read, when a kind the document is made of is one. */
  private requireSubstance(call: CallContext, declaration: DocumentDeclaration): void {
    const missing = substance[declaration.type].map((type) => this.service.kind(type)).filter((kind: KindDefinition) => !call.access.can('read', kind));
    if (missing.length === 0) return;
    throw new Problem('FORBIDDEN', {
      message: `Non puoi stampare «${declaration.label}»: servono i permessi di lettura su ${missing.map((kind) => kind.label.plural.toLowerCase()).join(', ')}`,
    });
  }

  /** Live rows of `type` whose attribute `key` equals `value`, newest first. */
  private async whereAttribute(type: string, key: string, value: string, limit = 500): Promise<Entity[]> {
    const kind = findKind(type)!;
    const result = await sql<{ id: string }>`SELECT id FROM ${sql.raw(tableName(kind))}
      WHERE NOT is_deleted AND attributes->>${key} = ${value} ORDER BY last_updated_date_time DESC LIMIT ${limit}`.execute(this.db);
    const rows = await this.byIds(type, result.rows.map((row) => row.id));
    return result.rows.map((row) => rows.get(row.id)).filter((entity): entity is Entity => entity !== undefined);
  }

  /** Live files of a record (media rows it owns) that the caller may read, newest first. */
  async filesOf(ownerType: string, ownerId: string, call: CallContext): Promise<Entity[]> {
    return this.scoped(call, 'media', sql`relationships @> ${JSON.stringify({ ownerType, ownerId })}::jsonb`, sql`last_updated_date_time DESC, id`);
  }

  /** The template to print with: the chosen one (of the document's type) or the type's default. */
  async template(type: TemplateDocType, templateId?: string): Promise<Entity> {
    if (templateId) {
      const chosen = /^[0-9a-f-]{36}$/i.test(templateId) ? await this.byId('templateDocs', templateId) : undefined;
      if (!chosen || attrs(chosen).type !== type) throw new Problem('TEMPLATE_NOT_FOUND');
      return chosen;
    }
    const candidates = await this.whereAttribute('templateDocs', 'type', type);
    const template = candidates.find((t) => attrs(t).isDefault === true) ?? candidates[0];
    if (!template) throw new Problem('TEMPLATE_NOT_FOUND', { message: `Nessun modello di documento per «${documentDeclarations[type].label}»: creane uno in Modelli di documento` });
    return template;
  }

  /** The default heading of the module, then the general default, then any. */
  async heading(module: string | undefined): Promise<ReportHeading | undefined> {
    const kind = findKind('reportHeadings')!;
    const result = await sql<{ id: string }>`SELECT id FROM ${sql.raw(tableName(kind))} WHERE NOT is_deleted
      ORDER BY (attributes->>'isDefault')::boolean IS TRUE DESC, (attributes->>'module' = ${module ?? ''}) IS TRUE DESC,
        (attributes->>'module') IS NULL DESC, last_updated_date_time DESC LIMIT 1`.execute(this.db);
    const found = await this.byId('reportHeadings', result.rows[0]?.id);
    if (!found) return undefined;
    const a = attrs(found);
    return {
      companyName: String(a.companyName ?? ''),
      addressLines: Array.isArray(a.addressLines) ? a.addressLines.map(String) : [],
      vatNumber: str(a.vatNumber),
      phoneNumber: str(a.phoneNumber),
      email: str(a.email),
      footer: str(a.footer),
      logoMediaId: (found.relationships.logoMediaId as string | null | undefined) ?? null,
    };
  }

  /** Reads the record (caller's read ability) and what its document prints. */
  async load(recordType: string, id: string, call: CallContext, scope: DocumentScope = {}): Promise<DocumentSource> {
    const declaration = Object.values(documentDeclarations).find((d) => d.recordType === recordType);
    if (!declaration) throw new Problem('ROUTE_NOT_FOUND', { message: `Nessun documento per il tipo ${recordType}` });
    return this.loadRecord(recordType, await this.service.get(recordType, id, call), call, scope);
  }

  /**
   * What the document of `record` prints, the record being already read by the caller (an action that
   * admitted it in its transaction: a signature prints the quotation as that transaction sees it).
   */
  async loadRecord(recordType: string, record: Entity, call: CallContext, scope: DocumentScope = {}): Promise<DocumentSource> {
    const declaration = Object.values(documentDeclarations).find((d) => d.recordType === recordType);
    if (!declaration) throw new Problem('ROUTE_NOT_FOUND', { message: `Nessun documento per il tipo ${recordType}` });
    this.requireSubstance(call, declaration);
    const module = (declaration.headingFromRecordModule ? str(attrs(record).module) : undefined) ?? declaration.headingModule;
    const heading = await this.heading(module);
    const common = {
      documento: { data: this.service.today() },
      intestazione: heading ? { ragioneSociale: heading.companyName, partitaIva: heading.vatNumber, telefono: heading.phoneNumber, email: heading.email } : {},
    };
    if (scope.siteId !== undefined && declaration.type !== 'controlRegister') {
      throw new Problem('BAD_REQUEST', { message: `«${declaration.label}» non si stampa per sede` });
    }
    const loaded = await this.loaders[declaration.type](record, call, scope);
    return { declaration, record, heading, fileName: loaded.fileName, data: { ...common, ...loaded.data } };
  }

  private customer(customer: Entity | undefined, fallbackName?: unknown): Row {
    const registry = (attrs(customer).registry ?? {}) as Row;
    return {
      ragioneSociale: str(customer?.metadata.displayName) ?? (customer ? registryDisplayName(registry) : str(fallbackName)),
      indirizzo: registry.address,
      cap: registry.zipCode,
      citta: registry.city,
      provincia: registry.province,
      partitaIva: registry.vatNumber,
      codiceFiscale: registry.fiscalCode,
    };
  }

  private readonly loaders: Record<TemplateDocType, (record: Entity, call: CallContext, scope: DocumentScope) => Promise<{ fileName: string; data: Row }>> = {
    quotation: async (quotation, call) => {
      const a = attrs(quotation);
      const r = quotation.relationships as Row;
      const [customer, paymentTerm, salesman, lines] = await Promise.all([
        this.readableById(call, 'customers', r.customerId),
        this.readableById(call, 'paymentTerms', r.paymentTermId),
        // The salesman the quotation names signs it: only the name is printed, whoever reads the quotation.
        this.byId('users', r.commercialUserId ?? r.authorId),
        // Lines are read through their quotation (readThrough): its readers read them, with their field rules.
        this.readableChildren(call, 'quotationProducts', 'quotationId', [quotation.id]),
      ]);
      lines.sort((x, y) => Number(attrs(x).position ?? 0) - Number(attrs(y).position ?? 0));
      const code = str(a.code) ?? 'Preventivo';
      return {
        fileName: code,
        data: {
          cliente: this.customer(customer, quotation.metadata.customerName),
          preventivo: {
            codice: code,
            titolo: a.title,
            data: a.date,
            scadenza: a.expiryDate,
            revisione: String(a.revisionNumber ?? 0),
            note: a.notes,
            pagamento: str(attrs(paymentTerm).description) ?? a.paymentMethod,
            totaleListino: quotation.metadata.totalListPrice,
            totaleSconto: quotation.metadata.totalDiscount,
            totaleNetto: quotation.metadata.totalNetPrice,
          },
          commerciale: { nome: str(attrs(salesman).displayName) },
          righe: numberedLines(lines.map((line) => attrs(line) as Parameters<typeof quotationProductTotals>[0])),
        },
      };
    },

    courseCertificate: async (plan, call) => {
      const a = attrs(plan);
      const items = (Array.isArray(a.items) ? a.items : []) as { courseId: string; employeeIds: string[]; plannedDate?: string }[];
      const [customer, courses, employees] = await Promise.all([
        this.readableById(call, 'customers', plan.relationships.customerId),
        this.readableByIds(call, 'courses', items.map((item) => item.courseId)),
        this.readableByIds(call, 'employees', items.flatMap((item) => item.employeeIds)),
      ]);
      // A certificate is printed only for a course and a participant the caller may read.
      const certificates = items.filter((item) => courses.has(item.courseId)).flatMap((item) => {
        const course = attrs(courses.get(item.courseId));
        return item.employeeIds.filter((employeeId) => employees.has(employeeId)).map((employeeId) => {
          const e = attrs(employees.get(employeeId));
          return {
            dipendente: {
              nome: e.firstName,
              cognome: e.lastName,
              codiceFiscale: e.fiscalCode,
              dataNascita: e.birthDate,
              luogoNascita: [e.birthCity, e.birthProvince ? `(${String(e.birthProvince)})` : ''].filter(Boolean).join(' '),
            },
            corso: {
              codice: course.code,
              titolo: course.title,
              ore: course.durationHours,
              data: item.plannedDate,
              validita: typeof course.validityYears === 'number' ? `${course.validityYears} anni` : '',
            },
            // The data model records no test outcome yet: the template prints what it is given.
            esito: '',
            riferimentiNormativi: documentNorms.trainingAgreement.text,
          };
        });
      });
      return {
        fileName: `Attestati-${String(a.year ?? '')}-${String(a.title ?? '')}`,
        data: { cliente: this.customer(customer), piano: { titolo: a.title, anno: String(a.year ?? '') }, attestati: certificates },
      };
    },

    interventionReport: async (assignment, call) => {
      const a = attrs(assignment);
      const [customer, activities] = await Promise.all([
        this.readableById(call, 'customers', assignment.relationships.customerId),
        this.readableChildren(call, 'assignmentActivities', 'assignmentId', [assignment.id]),
      ]);
      const activityIds = activities.map((x) => x.id);
      const [kinds, equipments, installations, checks, anomalies] = await Promise.all([
        // What was done, by name: the kind of each activity the caller reads on this intervention names it, whoever
        // prints the report (the catalogue is the office's, what was done on the customer's intervention is not);
        // only the name prints, and nothing else of the catalogue becomes readable (as an order's product names).
        this.byIds('activities', activities.map((x) => x.relationships.activityId)),
        this.readableByIds(call, 'equipments', activities.map((x) => x.relationships.equipmentId)),
        this.readableByIds(call, 'installations', activities.map((x) => x.relationships.installationId)),
        this.readableChildren(call, 'checks', 'assignmentActivityId', activityIds),
        this.readableChildren(call, 'anomalies', 'assignmentActivityId', activityIds),
      ]);
      const controls = await this.readableByIds(call, 'controls', checks.map((check) => check.relationships.controlId));
      const activityById = new Map(activities.map((activity) => [activity.id, activity]));
      // What each activity worked on, as the report names it (the equipment's code, else the installation's).
      const subjectOf = (activityId: unknown) => {
        const activity = activityById.get(String(activityId));
        const equipment = attrs(equipments.get(String(activity?.relationships.equipmentId)));
        const installation = attrs(installations.get(String(activity?.relationships.installationId)));
        return str(equipment.equipmentId) ?? str(installation.code) ?? str(installation.name) ?? '';
      };
      // The latest check of each control on each activity (a control checked again keeps its last result).
      const latest = new Map<string, Entity>();
      for (const check of checks) {
        const key = `${String(check.relationships.assignmentActivityId)}:${String(check.relationships.controlId)}`;
        const seen = latest.get(key);
        if (!seen || String(attrs(seen).checkedDateTime) <= String(attrs(check).checkedDateTime)) latest.set(key, check);
      }
      const byTime = (x: Entity, y: Entity, key: string) => String(attrs(x)[key]).localeCompare(String(attrs(y)[key]));
      // Issue 25: the operators (the one in charge first) with their qualification on the intervention's day.
      const inCharge = str(assignment.relationships.operatorInChargeId);
      const operatorIds = [...new Set([...(inCharge ? [inCharge] : []), ...((assignment.relationships.operatorIds as unknown[] | undefined) ?? []).filter((id): id is string => typeof id === 'string')])];
      const day = calendarDay(str(a.actualStartDateTime) ?? str(a.plannedStartDateTime)) ?? this.service.today();
      const [operators, held] = await Promise.all([this.byIds('users', operatorIds), this.qualificationsOn(operatorIds, day)]);
      const technicians = operatorIds.flatMap((id) => {
        const nome = str(attrs(operators.get(id)).displayName) ?? '';
        const ruolo = id === inCharge ? 'Responsabile' : 'Operatore';
        const qualifications = held.get(id) ?? [];
        if (qualifications.length === 0) return [{ nome, ruolo, qualifica: 'Nessuna qualifica valida registrata' }];
        return qualifications.map((q) => ({ nome, ruolo, qualifica: systemTypeNames((q.systemTypes as unknown[] | undefined) ?? []), ente: q.certifyingBody, certificato: q.certificateNumber, validaFino: q.renewalDueDate }));
      });
      return {
        fileName: String(a.code ?? 'Intervento'),
        data: {
          cliente: this.customer(customer),
          intervento: {
            codice: a.code,
            titolo: a.title,
            descrizione: a.description,
            inizio: a.actualStartDateTime ?? a.plannedStartDateTime,
            fine: a.actualEndDateTime ?? a.plannedEndDateTime,
            note: a.notes,
            stato: printedAssignmentStates[String(a.state)] ?? a.state,
            // Issue 11: the report goes to the customer's addresses for intervention reports, listed on it.
            destinatari: interventionReportRecipients(customer).join(', '),
          },
          tecnici: technicians,
          verifiche: [...latest.values()].sort((x, y) => byTime(x, y, 'checkedDateTime')).map((check) => {
            const c = attrs(check);
            return {
              attrezzatura: subjectOf(check.relationships.assignmentActivityId),
              controllo: attrs(controls.get(String(check.relationships.controlId))).name,
              esito: c.passed ? 'Conforme' : 'Non conforme',
              note: c.notes,
            };
          }),
          anomalie: anomalies.sort((x, y) => byTime(x, y, 'detectedDateTime')).map((anomaly) => {
            const x = attrs(anomaly);
            return {
              attrezzatura: subjectOf(anomaly.relationships.assignmentActivityId),
              rischio: printedRisks[String(x.risk)] ?? x.risk,
              descrizione: x.description,
              stato: x.state === 'resolved' ? 'Risolta' : 'Non risolta',
              data: x.detectedDateTime,
            };
          }),
          attivita: activities.map((activity) => {
            const x = attrs(activity);
            const equipment = attrs(equipments.get(String(activity.relationships.equipmentId)));
            return {
              nome: attrs(kinds.get(String(activity.relationships.activityId))).name,
              attrezzatura: equipment.equipmentId,
              matricola: equipment.serialNumber,
              // Issue 22: work that could not be done says why, never «Eseguita».
              stato: notExecutedLine(x) ?? printedActivityStates[String(x.state)] ?? x.state,
              data: x.executedDateTime ?? x.scheduledDate,
              esito: notExecutedLine(x) ?? x.outcomeNotes,
            };
          }),
        },
      };
    },

    orderConfirmation: async (order, call) => {
      const a = attrs(order);
      const r = order.relationships as Row;
      const lines = (Array.isArray(a.lines) ? a.lines : []) as Row[];
      const [customer, site, quotation, products] = await Promise.all([
        this.readableById(call, 'customers', r.customerId),
        this.readableById(call, 'customers', r.officeLocationId),
        // The quotation it comes from, when the caller reads it (a customer's user reads its accepted ones).
        this.readableById(call, 'quotations', r.quotationId),
        // A line without its own description names its product: only the name prints, whoever reads the order
        // (the catalogue is the office's, what the customer ordered is not).
        this.byIds('products', lines.filter((line) => !str(line.description)).map((line) => line.productId)),
      ]);
      const q = attrs(quotation);
      const customerName = str(customer?.metadata.displayName) ?? str(order.metadata.customerName) ?? '';
      const number = str(a.orderNumber) ?? 'Ordine';
      return {
        fileName: `Conferma-ordine-${number}`,
        data: {
          cliente: this.customer(customer, order.metadata.customerName),
          ordine: {
            numero: number,
            data: a.orderDate,
            stato: orderStateLabels[String(a.state) as keyof typeof orderStateLabels] ?? a.state,
            sede: site ? String(site.metadata.displayName ?? '').replace(`${customerName} – `, '') : undefined,
            inizioLavori: a.workStartDate,
            fineLavori: a.workEndDate,
            totaleListino: order.metadata.totalPrice,
            totaleSconto: order.metadata.totalDiscount,
            totaleScontoPercentuale: order.metadata.totalDiscountPercent,
            totaleNetto: order.metadata.totalNetPrice,
          },
          preventivo: quotation ? { codice: q.code, titolo: q.title, data: q.date } : {},
          righe: lines.map((line, index) => ({
            numero: index + 1,
            descrizione: str(line.description) ?? str(attrs(products.get(String(line.productId))).name),
            quantita: line.quantity,
            prezzoUnitario: line.unitPrice,
            sconto: lineDiscountText(line as Parameters<typeof lineDiscountText>[0]),
            // The agreed price less the line discount, as the order's own totals count it.
            totale: lineTotals(line as LineAmounts).netTotal,
          })),
        },
      };
    },

    controlRegister: async (customer, call, scope) => {
      const site = await this.registerSite(call, customer, scope.siteId);
      // Only the fire equipments the caller may read (their modules, their customers), and only their readable checks; of one site when asked.
      const equipments = (await this.registerRowsOf(call, 'equipments', customer))
        .filter((equipment) => site === undefined || atSite(equipment, 'customerLocationId', customer.id, site.id))
        .sort((x, y) => String(attrs(x).equipmentId).localeCompare(String(attrs(y).equipmentId)));
      const checks = await this.readableChildren(call, 'checks', 'equipmentId', equipments.map((equipment) => equipment.id));
      const checksByEquipment = equipments.map((equipment) => checks.filter((check) => check.relationships.equipmentId === equipment.id));
      const [controls, families] = await Promise.all([
        this.readableByIds(call, 'controls', checksByEquipment.flat().map((check) => check.relationships.controlId)),
        // The type of each equipment the caller reads is printed whoever prints it: the families are the office's catalogue,
        // which a customer's user does not read, yet its register (and the inspector's copy) must say what each equipment is.
        this.byIds('equipmentFamilies', equipments.map((e) => e.relationships.equipmentFamilyId)),
      ]);
      // Issue 25: each check's technician, the one in charge of the intervention it was recorded in (else who recorded it), and their qualification that day.
      const recorded = checksByEquipment.flat();
      const checkActivities = await this.byIds('assignmentActivities', recorded.map((check) => check.relationships.assignmentActivityId));
      const checkAssignments = await this.byIds('assignments', [...checkActivities.values()].map((activity) => activity.relationships.assignmentId));
      const technicianOf = (check: Entity): string | undefined => {
        const assignment = checkAssignments.get(String(checkActivities.get(String(check.relationships.assignmentActivityId))?.relationships.assignmentId));
        const operators = (assignment?.relationships.operatorIds as unknown[] | undefined) ?? [];
        return str(assignment?.relationships.operatorInChargeId) ?? str(operators[0]) ?? str(check.metadata.createdBy);
      };
      const technicianIds = recorded.map(technicianOf);
      const technicianUsers = await this.byIds('users', technicianIds);
      const qualificationsByDay = new Map<string, Map<string, Row[]>>();
      for (const check of recorded) {
        const day = calendarDay(str(attrs(check).checkedDateTime)) ?? this.service.today();
        if (!qualificationsByDay.has(day)) qualificationsByDay.set(day, await this.qualificationsOn(technicianIds, day));
      }
      const technicianLine = (check: Entity): { tecnico?: string; qualificaTecnico?: string } => {
        const id = technicianOf(check);
        if (!id) return {};
        const day = calendarDay(str(attrs(check).checkedDateTime)) ?? this.service.today();
        const held = qualificationsByDay.get(day)?.get(id) ?? [];
        return { tecnico: str(attrs(technicianUsers.get(id)).displayName), qualificaTecnico: qualificationWords(held) };
      };
      // The customer's additional fields marked for reports, in their column order (SPEC §3).
      const definitions = (customer.metadata.additionalPEFields as Parameters<typeof reportAdditionalValues>[0] | undefined) ?? [];
      const equipmentRows = equipments.map((equipment) => {
        const e = attrs(equipment);
        const familyId = str(equipment.relationships.equipmentFamilyId);
        const additional = reportAdditionalValues(definitions, familyId, (e.additionalData as Record<string, unknown> | undefined) ?? {});
        return {
          attrezzatura: e.equipmentId,
          tipo: str(attrs(families.get(String(equipment.relationships.equipmentFamilyId))).name) ?? e.type,
          matricola: e.serialNumber,
          posizione: e.customerLocationPosition ?? e.customerLocationNote,
          // One «label: value» a line: a cell of short lines wraps between words, never inside one, and never
          // right after the label (a no-break space), which would print as a label without its value.
          datiAggiuntivi: additional.map((entry) => `${entry.label}:\u00a0${entry.value}`).join('\n') || undefined,
        };
      });
      const rows = equipmentRows.flatMap((base, index) => {
        const checks = checksByEquipment[index]!.sort((x, y) => String(attrs(x).checkedDateTime).localeCompare(String(attrs(y).checkedDateTime)));
        if (checks.length === 0) return [{ ...base, esito: 'Nessun controllo registrato' }];
        return checks.map((check) => {
          const c = attrs(check);
          return { ...base, data: c.checkedDateTime, controllo: attrs(controls.get(String(check.relationships.controlId))).name, esito: c.passed ? 'Conforme' : 'Non conforme', note: c.notes, ...technicianLine(check) };
        });
      });
      const interventions = await this.registerInterventions(call, customer, site?.id);
      return {
        fileName: `Registro-controlli-${String(customer.metadata.displayName ?? customer.id).slice(0, 60)}${site && site.id !== customer.id ? `-${site.name.slice(0, 40)}` : ''}`,
        data: {
          cliente: this.customer(customer),
          registro: { riferimentoNormativo: documentNorms.controlRegister.text, sede: site?.name },
          attrezzature: equipmentRows,
          controlli: rows,
          anomalie: await this.registerAnomalies(call, customer, equipments, site?.id),
          interventi: interventions.rows,
          tecnici: await this.registerTechnicians([...technicianIds.filter((id): id is string => id !== undefined), ...interventions.technicianIds]),
        },
      };
    },
  };
}
