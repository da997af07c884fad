/**
 * What each document prints, read for one record: the record itself through the service (the
 * caller's read ability decides, 403/404 as for `GET /api/{type}/{id}`), then the rows that make
 * up that document (a quotation's lines, a customer's equipments and checks…) and the company's
 * report heading and template, which belong to the document rather than to the caller's lists.
 */
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/database.ts';
import type { CallContext, EntityService } from '../resources/service.ts';
import type { Entity } from '../../domain/entity.ts';
import { Problem } from '../http/problems.ts';
import { tableName } from '../db/entity-sql.ts';
import { findKind } from '../../domain/kinds.ts';
import { registryDisplayName, reportAdditionalValues } from '../../domain/entities/customer.ts';
import { quotationProductTotals } from '../../domain/entities/quotation-products.ts';
import { documentDeclarations, documentNorms, interventionReportRecipients, printedActivityStates, printedAssignmentStates, printedRisks, printedUnits, type DocumentDeclaration, type TemplateDocType } from '../../domain/documents/placeholders.ts';

export interface ReportHeading {
  companyName: string;
  addressLines: string[];
  vatNumber?: string;
  phoneNumber?: string;
  email?: string;
  footer?: string;
  logoMediaId?: string | null;
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
const attrs = (entity: Entity | undefined): Row => (entity?.attributes ?? {}) as Row;
const str = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

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
      sconto: l.discountPercent,
      totale: quotationProductTotals(l).netTotal,
      note: l.notes,
    };
  });
}

/** Reads through `db`: the app's database, or a write transaction (an action issuing certificates), never both at once. */
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

  private children(type: string, via: string, parentId: string): Promise<Entity[]> {
    return this.service.repository(this.service.kind(type), this.db).listByRelationship(via, parentId);
  }

  /** Live rows of `type` whose relationship `via` is one of `parentIds` (one query for many parents). */
  private async childrenOfMany(type: string, via: string, parentIds: readonly string[]): Promise<Entity[]> {
    if (parentIds.length === 0) return [];
    const kind = findKind(type)!;
    const result = await sql<{ id: string }>`SELECT id FROM ${sql.raw(tableName(kind))}
      WHERE NOT is_deleted AND relationships->>${via} = ANY(${[...parentIds]}::text[])`.execute(this.db);
    return [...(await this.byIds(type, result.rows.map((row) => row.id))).values()];
  }

  /** Live rows of `type` whose attribute `key` equals `value`, newest first. */
  private async whereAttribute(type: string, key: string, value: string, limit = 500): Promise<Entity[]> {
    const kind = findKind(type)!;
    const result = await sql<{ id: string }>`SELECT id FROM ${sql.raw(tableName(kind))}
      WHERE NOT is_deleted AND attributes->>${key} = ${value} ORDER BY last_updated_date_time DESC LIMIT ${limit}`.execute(this.db);
    const rows = await this.byIds(type, result.rows.map((row) => row.id));
    return result.rows.map((row) => rows.get(row.id)).filter((entity): entity is Entity => entity !== undefined);
  }

  /** Live files of a record (media rows it owns), newest first. */
  async filesOf(ownerType: string, ownerId: string): Promise<Entity[]> {
    const kind = findKind('media')!;
    const result = await sql<{ id: string }>`SELECT id FROM ${sql.raw(tableName(kind))}
      WHERE NOT is_deleted AND relationships @> ${JSON.stringify({ ownerType, ownerId })}::jsonb ORDER BY last_updated_date_time DESC LIMIT 500`.execute(this.db);
    const rows = await this.byIds('media', result.rows.map((row) => row.id));
    return result.rows.map((row) => rows.get(row.id)).filter((entity): entity is Entity => entity !== undefined);
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
  async load(recordType: string, id: string, call: CallContext): Promise<DocumentSource> {
    const declaration = Object.values(documentDeclarations).find((d) => d.recordType === recordType);
    if (!declaration) throw new Problem('ROUTE_NOT_FOUND', { message: `Nessun documento per il tipo ${recordType}` });
    const record = await this.service.get(recordType, id, call);
    const module = (declaration.headingFromRecordModule ? str(attrs(record).module) : undefined) ?? declaration.headingModule;
    const heading = await this.heading(module);
    const common = {
      documento: { data: this.service.today() },
      intestazione: heading ? { ragioneSociale: heading.companyName, partitaIva: heading.vatNumber, telefono: heading.phoneNumber, email: heading.email } : {},
    };
    const loaded = await this.loaders[declaration.type](record);
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

  private readonly loaders: Record<TemplateDocType, (record: Entity) => Promise<{ fileName: string; data: Row }>> = {
    quotation: async (quotation) => {
      const a = attrs(quotation);
      const r = quotation.relationships as Row;
      const [customer, paymentTerm, salesman, lines] = await Promise.all([
        this.byId('customers', r.customerId),
        this.byId('paymentTerms', r.paymentTermId),
        this.byId('users', r.commercialUserId ?? r.authorId),
        this.children('quotationProducts', 'quotationId', quotation.id),
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

    courseCertificate: async (plan) => {
      const a = attrs(plan);
      const items = (Array.isArray(a.items) ? a.items : []) as { courseId: string; employeeIds: string[]; plannedDate?: string }[];
      const [customer, courses, employees] = await Promise.all([
        this.byId('customers', plan.relationships.customerId),
        this.byIds('courses', items.map((item) => item.courseId)),
        this.byIds('employees', items.flatMap((item) => item.employeeIds)),
      ]);
      const certificates = items.flatMap((item) => {
        const course = attrs(courses.get(item.courseId));
        return item.employeeIds.map((employeeId) => {
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

    interventionReport: async (assignment) => {
      const a = attrs(assignment);
      const [customer, activities] = await Promise.all([
        this.byId('customers', assignment.relationships.customerId),
        this.children('assignmentActivities', 'assignmentId', assignment.id),
      ]);
      const activityIds = activities.map((x) => x.id);
      const [kinds, equipments, installations, checks, anomalies] = await Promise.all([
        this.byIds('activities', activities.map((x) => x.relationships.activityId)),
        this.byIds('equipments', activities.map((x) => x.relationships.equipmentId)),
        this.byIds('installations', activities.map((x) => x.relationships.installationId)),
        this.childrenOfMany('checks', 'assignmentActivityId', activityIds),
        this.childrenOfMany('anomalies', 'assignmentActivityId', activityIds),
      ]);
      const controls = await this.byIds('controls', checks.map((check) => check.relationships.controlId));
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
              stato: printedActivityStates[String(x.state)] ?? x.state,
              data: x.executedDateTime ?? x.scheduledDate,
              esito: x.outcomeNotes,
            };
          }),
        },
      };
    },

    controlRegister: async (customer) => {
      const equipments = (await this.children('equipments', 'customerId', customer.id)).sort((x, y) => String(attrs(x).equipmentId).localeCompare(String(attrs(y).equipmentId)));
      const checks = await this.childrenOfMany('checks', 'equipmentId', equipments.map((equipment) => equipment.id));
      const checksByEquipment = equipments.map((equipment) => checks.filter((check) => check.relationships.equipmentId === equipment.id));
      const controls = await this.byIds('controls', checksByEquipment.flat().map((check) => check.relationships.controlId));
      const families = await this.byIds('equipmentFamilies', equipments.map((e) => e.relationships.equipmentFamilyId));
      // The customer's additional fields marked for reports, in their column order (SPEC §3).
      const definitions = (customer.metadata.additionalPEFields as Parameters<typeof reportAdditionalValues>[0] | undefined) ?? [];
      const rows = equipments.flatMap((equipment, index) => {
        const e = attrs(equipment);
        const familyId = str(equipment.relationships.equipmentFamilyId);
        const additional = reportAdditionalValues(definitions, familyId, (e.additionalData as Record<string, unknown> | undefined) ?? {});
        const base = {
          attrezzatura: e.equipmentId,
          tipo: str(attrs(families.get(String(equipment.relationships.equipmentFamilyId))).name) ?? e.type,
          matricola: e.serialNumber,
          posizione: e.customerLocationPosition ?? e.customerLocationNote,
          datiAggiuntivi: additional.map((entry) => `${entry.label}: ${entry.value}`).join(' · ') || undefined,
        };
        const checks = checksByEquipment[index]!.sort((x, y) => String(attrs(x).checkedDateTime).localeCompare(String(attrs(y).checkedDateTime)));
        if (checks.length === 0) return [{ ...base, esito: 'Nessun controllo registrato' }];
        return checks.map((check) => {
          const c = attrs(check);
          return { ...base, data: c.checkedDateTime, controllo: attrs(controls.get(String(check.relationships.controlId))).name, esito: c.passed ? 'Conforme' : 'Non conforme', note: c.notes };
        });
      });
      return {
        fileName: `Registro-controlli-${String(customer.metadata.displayName ?? customer.id).slice(0, 60)}`,
        data: { cliente: this.customer(customer), registro: { riferimentoNormativo: documentNorms.controlRegister.text }, controlli: rows },
      };
    },
  };
}
