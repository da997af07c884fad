/**
 * The OpenAPI 3.1 description of the API (`GET /api/openapi.json`), generated from what the API
 * itself runs on: the kind registry and its zod schemas, the state machines and declared custom
 * actions, the list query language (common and kind fields, named filters) and the problem
 * catalogue. Nothing here restates a kind by hand, so a new kind, field or action appears in the
 * document (and in a generated client) without touching this file.
 */
import { AGGREGATE_ROW_LIMIT, DEFAULT_GROUP_LIMIT, MAX_GROUP_FIELDS, MAX_GROUP_LIMIT } from '../../domain/aggregate.ts';
import { z } from 'zod';
import type { KindDefinition, ListField } from '../../domain/kind.ts';
import { actionNames } from '../../domain/machine.ts';
import { COMMON_METADATA_KEYS } from '../../domain/entity.ts';
import { commonFields } from '../db/entity-sql.ts';
import { problemCatalogue } from '../http/problems.ts';
import { orderWizardRequest } from '../../domain/entities/orders.ts';
import { quotationLinesBody } from '../../domain/entities/quotation-products.ts';
import { additionalField } from '../../domain/entities/customer.ts';
import { EXACT_TOTAL_LIMIT, IDEMPOTENCY_KEY_HEADER } from '../../domain/records.ts';
import { componentSchema, mergePatchSchema, type JsonSchema, type SchemaSink } from './json-schema.ts';
import { documentDeclarations } from '../../domain/documents/placeholders.ts';
import { modules } from '../../domain/enums.ts';
import { calendarFeedPaths } from '../calendar/openapi.ts';
import { mailOutboxPaths } from '../mail/openapi.ts';
import { refuseQuotationRequest, signQuotationRequest } from '../../domain/rules/quotation-signature.ts';
import { inviteUserRequest } from '../../domain/rules/customer-users.ts';
import { registerLinkRequest } from '../documents/register-share.ts';
import { registerImportPaths } from '../import/openapi.ts';

export interface OpenApiOptions {
  kinds: readonly KindDefinition[];
  /** Named list filters per API type (`filter[excludeId]`, `have[priceList]`…), with the text that explains each. */
  namedFilters: Record<string, readonly string[]>;
  /** Largest `page[size]` (MAX_PAGE_SIZE). */
  maxPageSize: number;
  auth: {
    /** The OpenID issuer (embedded `PUBLIC_URL/oidc` or external). */
    issuer: string;
    /** The embedded provider: its authorization and token endpoints are known without discovery. */
    embedded: boolean;
    /** Scopes the workspace asks for (`openid offline_access api.sync`). */
    scope: string;
    /** The scope every access token must carry. */
    apiScope: string;
  };
}

type Operation = JsonSchema;
type Parameter = JsonSchema;

const JSON_TYPE = 'application/json';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The list's export by content negotiation (issue 27, src/server/export/list-export.ts). */
const EXPORT_DESCRIPTION = 'Esportazione: con `Accept: text/csv` (CSV separato da `;`, virgola decimale, UTF-8 con BOM) o `Accept: ' + XLSX_TYPE + '` (celle tipizzate, intestazione bloccata) risponde le righe della stessa interrogazione come file (a pagine, in streaming), nelle colonne di `cols` (id delle colonne della griglia separati da virgole; predefinite quelle del tipo); oltre `EXPORT_MAX_ROWS` righe risponde 422 `EXPORT_TOO_LARGE`.';
const EXACT_LIMIT_TEXT = EXACT_TOTAL_LIMIT.toLocaleString('it-IT');
const PROBLEM_TYPE = 'application/problem+json';
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: JsonSchema) => ({ [JSON_TYPE]: { schema } });
const problem = (status: number) => ({ $ref: `#/components/responses/Problem${status}` });
const problems = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [String(status), problem(status)]));

/** `customers` → `Customer`, `equipmentFamilies` → `EquipmentFamily`, `media` → `Media`: the component name of a kind. */
export function componentName(type: string): string {
  const singular = type.endsWith('ies') ? `${type.slice(0, -3)}y` : type.endsWith('s') ? type.slice(0, -1) : type;
  return singular.charAt(0).toUpperCase() + singular.slice(1);
}

const FIELD_TYPE_TEXT: Record<ListField['type'], string> = {
  text: 'testo',
  number: 'numero',
  boolean: '`true` o `false`',
  date: 'data `YYYY-MM-DD` o data e ora ISO',
  uuid: 'id (UUID)',
  textArray: 'testo (l’elenco contiene uno dei valori)',
  uuidArray: 'id (l’elenco contiene uno degli id)',
};

function queryParameter(name: string, description: string, schema: JsonSchema = { type: 'string' }): Parameter {
  return { name, in: 'query', required: false, description, schema };
}

/** The list query language of one kind (SPEC §7), as `parseListQuery` accepts it. */
function listParameters(kind: KindDefinition, options: OpenApiOptions): Parameter[] {
  const fields: Record<string, ListField> = { ...commonFields, ...kind.fields };
  const sortable = Object.keys(fields).filter((name) => fields[name]!.sortable);
  const sortItem = `-?(${sortable.join('|')})`;
  const parameters: Parameter[] = [
    queryParameter('page[number]', 'Pagina, da 1.', { type: 'integer', minimum: 1, default: 1 }),
    queryParameter(
      'page[after]',
      'Continuazione per chiave: il cursore `meta.page.next` della pagina precedente, con lo stesso `sort`; la pagina inizia dopo quella riga (nessun salto di righe, veloce anche in profondità). Sostituisce `page[number]` per la posizione.',
      { type: 'string', pattern: '^[A-Za-z0-9_-]+$' },
    ),
    queryParameter(`page[size]`, `Elementi per pagina, da 1 (oltre ${options.maxPageSize} vale ${options.maxPageSize}).`, { type: 'integer', minimum: 1, default: 10 }),
    queryParameter('sort', `Campi di ordinamento separati da virgola, \`-\` per decrescente; a parità, per id. Predefinito \`-lastUpdatedDateTime\`.`, {
      type: 'string',
      pattern: `^${sortItem}(,${sortItem})*$`,
    }),
    queryParameter('filter[fullText]', 'Ricerca testuale in italiano: ogni parola come prefisso.'),
    queryParameter('ids', 'Solo questi id, separati da virgola (al massimo 500).'),
    queryParameter('filter[isDeleted]', 'Elementi eliminati (`true`) o no (`false`, predefinito).', { type: 'string', enum: ['true', 'false'] }),
    queryParameter('filter[isArchived]', 'Archiviati (`true`), attivi (`false`, predefinito) o tutti (`all`).', { type: 'string', enum: ['true', 'false', 'all'] }),
  ];
  for (const [name, field] of Object.entries(fields)) {
    const type = FIELD_TYPE_TEXT[field.type];
    parameters.push(queryParameter(`filter[${name}]`, `\`${field.path}\` uguale a uno dei valori separati da virgola: ${type}.`));
    parameters.push(queryParameter(`has[${name}]`, `\`${field.path}\` ha un valore (\`true\`) o no (\`false\`).`, { type: 'string', enum: ['true', 'false'] }));
    if (field.range) {
      parameters.push(queryParameter(`from[${name}]`, `\`${field.path}\` da questo valore (incluso): ${type}.`));
      parameters.push(queryParameter(`to[${name}]`, `\`${field.path}\` fino a questo valore (incluso; una data comprende tutto il giorno): ${type}.`));
    }
  }
  for (const name of options.namedFilters[kind.type] ?? []) {
    if (!parameters.some((p) => p.name === name)) parameters.push(queryParameter(name, `Filtro dedicato di ${kind.label.plural.toLowerCase()} (SPEC §7).`));
  }
  return parameters;
}

/** The entity as answers carry it: the stored shape plus the common metadata and what the server derives. */
function entityResponseSchema(kind: KindDefinition, sink: SchemaSink): JsonSchema {
  const name = componentName(kind.type);
  const section = (schema: z.ZodObject, suffix: string) => componentSchema(`${name}${suffix}`, schema, 'output', sink);
  const metadata = section(kind.metadata, 'Metadata');
  const metadataProperties = { ...(metadata.properties as Record<string, JsonSchema> | undefined) };
  const required = new Set([...((metadata.required as string[] | undefined) ?? []), ...COMMON_METADATA_KEYS]);
  return {
    type: 'object',
    description:
      `${kind.label.singular} come la restituisce l’API. I campi che le regole di lettura nascondono a chi chiama ` +
      'mancano dalla risposta; `metadata` contiene anche i valori calcolati dal server.',
    properties: {
      id: { type: 'string', format: 'uuid' },
      attributes: section(kind.attributes, 'Attributes'),
      metadata: {
        allOf: [ref('CommonMetadata')],
        type: 'object',
        properties: metadataProperties,
        required: [...required],
      },
      relationships: section(kind.relationships, 'Relationships'),
    },
    required: ['id', 'attributes', 'metadata', 'relationships'],
  };
}

function createSchema(kind: KindDefinition, sink: SchemaSink): JsonSchema {
  const name = componentName(kind.type);
  const schema = z.strictObject({ attributes: kind.attributes, metadata: kind.metadata.optional(), relationships: kind.relationships.optional() });
  return {
    ...componentSchema(`${name}Create`, schema, 'input', sink),
    description: kind.machine
      ? `Nuovo elemento. Lo stato (\`${kind.machine.statePath}\`) parte da «${kind.machine.initial}» o da uno stato d’ingresso; poi cambia solo con le azioni.`
      : 'Nuovo elemento.',
  };
}

function patchSchema(kind: KindDefinition, sink: SchemaSink): JsonSchema {
  const name = componentName(kind.type);
  const schema = z.strictObject({ attributes: kind.attributes, metadata: kind.metadata, relationships: kind.relationships });
  const patch = mergePatchSchema(componentSchema(`${name}Patch`, schema, 'input', sink));
  const properties = patch.properties as Record<string, JsonSchema>;
  // The version may travel in the body instead of If-Match.
  const metadata = properties.metadata!.anyOf ? ((properties.metadata!.anyOf as JsonSchema[])[0] as JsonSchema) : properties.metadata!;
  metadata.properties = { ...(metadata.properties as object), lastUpdatedDateTime: { type: 'string', description: 'La versione su cui si basa la modifica, in alternativa a `If-Match`.' } };
  return { ...patch, description: 'JSON Merge Patch (RFC 7396): solo i campi da cambiare; `null` toglie un campo facoltativo; gli elenchi si sostituiscono interi.' };
}

/** Every action of a kind with the schema of its body: transitions, archive/restore, undelete and the declared custom actions. */
function kindActions(kind: KindDefinition, sink: SchemaSink): { name: string; label: string; ability: string; creates: boolean; createdType?: string; body: JsonSchema }[] {
  const versionOnly: JsonSchema = {
    type: 'object',
    properties: { lastUpdatedDateTime: { type: 'string', description: 'La versione, in alternativa a `If-Match`.' } },
  };
  const machine = kind.machine;
  const actions = machine
    ? actionNames(machine).map((name) => {
        const transitions = machine.transitions.filter((t) => t.action === name);
        const first = transitions[0]!;
        const moves = transitions.map((t) => `${t.from.join(', ')} → ${t.to}`).join('; ');
        const message = transitions.find((t) => t.message)?.message;
        // When the user made it (a device sends it later from its offline queue); never in the future.
        const performed = { performedDateTime: { type: 'string', format: 'date-time', description: 'Quando l’utente ha eseguito l’azione (facoltativo; un dispositivo offline la invia più tardi). Mai nel futuro (CLOCK_IN_FUTURE).' } };
        const body: JsonSchema = {
          ...versionOnly,
          properties: { ...(versionOnly.properties as object), ...performed, ...(message ? { message: { type: 'string', maxLength: message.maxLength, description: `${message.label} (facoltativo).` } } : {}) },
        };
        return { name, label: `${first.label} (${moves})`, ability: [...new Set(transitions.map((t) => t.ability))].join(' o '), creates: false, body };
      })
    : [];
  if (kind.archivable) {
    actions.push({ name: 'archive', label: 'Archivia', ability: 'update', creates: false, body: versionOnly });
    actions.push({ name: 'restore', label: 'Ripristina dall’archivio', ability: 'update', creates: false, body: versionOnly });
  }
  actions.push({ name: 'undelete', label: 'Annulla eliminazione (con la versione eliminata)', ability: 'delete', creates: false, body: versionOnly });
  for (const [name, declared] of Object.entries(kind.actions ?? {})) {
    let body = versionOnly;
    if (declared.body) {
      const schema = componentSchema(`${componentName(kind.type)}${name.charAt(0).toUpperCase()}${name.slice(1)}Body`, declared.body, 'input', sink);
      body = { ...schema, properties: { ...versionOnly.properties as object, ...(schema.properties as object) } };
    }
    const states = declared.states ? ` Negli stati: ${declared.states.join(', ')}.` : '';
    actions.push({ name, label: `${declared.label}.${states}`, ability: declared.ability, creates: declared.creates ?? false, ...(declared.createdType ? { createdType: declared.createdType } : {}), body });
  }
  return actions;
}

function kindPaths(kind: KindDefinition, options: OpenApiOptions, sink: SchemaSink): Record<string, JsonSchema> {
  const name = componentName(kind.type);
  const tag = kind.type;
  const { singular, plural } = kind.label;
  const idParameter: Parameter = { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };
  const ifMatch: Parameter = { $ref: '#/components/parameters/IfMatch' };
  const idempotencyKey: Parameter = { $ref: '#/components/parameters/IdempotencyKey' };
  const withEtag = (description: string, schema: JsonSchema, extraHeaders: Record<string, unknown> = {}) => ({
    description,
    headers: { ETag: { $ref: '#/components/headers/ETag' }, ...extraHeaders },
    content: json(schema),
  });
  const single = { type: 'object', properties: { data: ref(name) }, required: ['data'] };
  const mergePatchBody = { required: true, content: { 'application/merge-patch+json': { schema: ref(`${name}Patch`) }, [JSON_TYPE]: { schema: ref(`${name}Patch`) } } };
  const op = (operationId: string, summary: string, operation: Operation): Operation => ({ operationId, summary, tags: [tag], ...operation });

  const paths: Record<string, JsonSchema> = {
    [`/api/${kind.type}`]: {
      get: op(`list${name}`, `Elenco: ${plural}`, {
        description: `Richiede \`read\` su \`${kind.subject}\`; chi chiama vede solo le righe che le sue regole permettono. ${EXPORT_DESCRIPTION}`,
        parameters: listParameters(kind, options),
        responses: {
          200: {
            description: 'Una pagina (con `Accept: text/csv` o il tipo `.xlsx`: l’elenco intero come file, vedi sopra).',
            // The file answers are described in words only: listed as media types, typed clients (openapi-fetch) would read every page as a string.
            content: json({ type: 'object', properties: { data: { type: 'array', items: ref(name) }, meta: ref('ListMeta') }, required: ['data', 'meta'] }),
          },
          ...problems(400, 401, 403, 422, 503),
        },
      }),
      post: op(`create${name}`, `Crea: ${singular}`, {
        description: `Richiede \`create\` su \`${kind.subject}\`. Ogni id in una relazione deve esistere.`,
        parameters: [idempotencyKey],
        requestBody: { required: true, content: json(ref(`${name}Create`)) },
        responses: {
          201: withEtag('Creato.', single, { Location: { description: 'Indirizzo del nuovo elemento.', schema: { type: 'string' } } }),
          ...problems(400, 401, 403, 409, 413, 415, 422, 503),
        },
      }),
    },
    [`/api/${kind.type}/aggregate`]: {
      get: op(`aggregate${name}`, `Conteggi per gruppo: ${plural}`, {
        description:
          `Richiede \`read\` su \`${kind.subject}\`; conta (e somma) solo le righe che l’elenco mostrerebbe a chi chiama, con gli stessi parametri dell’elenco. ` +
          `\`group\`: fino a ${MAX_GROUP_FIELDS} campi dell’elenco separati da virgola; un campo data con il periodo (\`campo:day\`, \`:week\` dal lunedì, \`:month\`, ora di Roma; la chiave è il primo giorno); un campo elenco di id conta una volta per elemento. ` +
          `\`sum\`: campi numerici da sommare. \`sort\`: \`count\` o \`-count\` (predefinito: per chiave). \`limit\`: gruppi, da 1 a ${MAX_GROUP_LIMIT} (predefinito ${DEFAULT_GROUP_LIMIT}). ` +
          `Oltre ${AGGREGATE_ROW_LIMIT} righe i conteggi sono delle prime righe lette e \`meta.totalIsEstimate\` è vero. Un campo sconosciuto o non leggibile: 400 \`INVALID_QUERY\` o 403.`,
        parameters: [
          ...listParameters(kind, options).filter((p) => !String(p.name).startsWith('page[') && p.name !== 'sort'),
          queryParameter('group', 'Campi di raggruppamento (`module`, `deadlineDate:week`).'),
          queryParameter('sum', 'Campi numerici da sommare per gruppo.'),
          queryParameter('sort', 'Ordine dei gruppi: `count`, `-count`; predefinito per chiave.', { type: 'string', enum: ['count', '-count'] }),
          queryParameter('limit', 'Gruppi al massimo.', { type: 'integer', minimum: 1, maximum: MAX_GROUP_LIMIT, default: DEFAULT_GROUP_LIMIT }),
        ],
        responses: {
          200: { description: 'I gruppi.', content: json(ref('AggregateResult')) },
          ...problems(400, 401, 403, 503),
        },
      }),
    },
    [`/api/${kind.type}/{id}`]: {
      parameters: [idParameter],
      get: op(`get${name}`, `Dettaglio: ${singular}`, {
        description: 'Anche eliminato (`metadata.isDeleted: true`). `ETag` è la versione da mandare in `If-Match`.',
        responses: { 200: withEtag('L’elemento.', single), ...problems(401, 403, 404, 503) },
      }),
      put: op(`createWithId${name}`, `Crea con un id scelto: ${singular}`, {
        description:
          `Come la creazione (\`create\` su \`${kind.subject}\`, stesse regole e cronologia), con l’id scelto dal client (un UUID: un elemento creato offline). ` +
          'Solo con `If-None-Match: *` (altrimenti 428): se l’id esiste già, anche eliminato, 412 `RECORD_EXISTS`.',
        parameters: [{ name: 'If-None-Match', in: 'header', required: true, description: 'Sempre `*`: crea solo se l’id non esiste.', schema: { type: 'string', enum: ['*'] } }, idempotencyKey],
        requestBody: { required: true, content: json(ref(`${name}Create`)) },
        responses: {
          201: withEtag('Creato.', single, { Location: { description: 'Indirizzo del nuovo elemento.', schema: { type: 'string' } } }),
          ...problems(400, 401, 403, 409, 412, 413, 415, 422, 428, 503),
        },
      }),
      patch: op(`update${name}`, `Modifica: ${singular}`, {
        description: 'JSON Merge Patch con la versione (`If-Match` o `metadata.lastUpdatedDateTime`). Lo stato cambia solo con le azioni.',
        parameters: [ifMatch, idempotencyKey],
        requestBody: mergePatchBody,
        responses: { 200: withEtag('Modificato.', single), ...problems(400, 401, 403, 404, 409, 413, 415, 422, 428, 503) },
      }),
      delete: op(`delete${name}`, `Elimina: ${singular}`, {
        description: 'Eliminazione logica con la versione; le righe che gli appartengono vanno con lui. `undelete` la annulla.',
        parameters: [ifMatch, idempotencyKey],
        responses: { 200: withEtag('Eliminato (chi e quando sono registrati).', single), ...problems(401, 403, 404, 409, 428, 503) },
      }),
    },
    [`/api/${kind.type}/{id}/history`]: {
      parameters: [idParameter],
      get: op(`history${name}`, `Cronologia: ${singular}`, {
        description: 'Le ultime 200 modifiche, dalla più recente, senza i campi che chi chiama non può leggere.',
        responses: {
          200: { description: 'La cronologia.', content: json({ type: 'object', properties: { data: { type: 'array', items: ref('HistoryEntry') } }, required: ['data'] }) },
          ...problems(401, 403, 404, 503),
        },
      }),
    },
    [`/api/${kind.type}/{id}/actions`]: {
      parameters: [idParameter],
      get: op(`actions${name}`, `Azioni possibili: ${singular}`, {
        description: 'Le azioni dallo stato attuale, con `refusal` quando una condizione le impedisce ora e `allowed` per i permessi di chi chiama.',
        responses: {
          200: { description: 'Le azioni.', content: json({ type: 'object', properties: { data: { type: 'array', items: ref('AvailableAction') } }, required: ['data'] }) },
          ...problems(401, 403, 404, 503),
        },
      }),
    },
  };
  for (const action of kindActions(kind, sink)) {
    // What the action answers: a record of this kind, or of the kind it creates (a quotation's order).
    const actionResult = { type: 'object', properties: { data: ref(action.createdType ? componentName(action.createdType) : name), meta: ref('ActionMeta') }, required: ['data', 'meta'] };
    const operationName = `${action.name.charAt(0).toUpperCase()}${action.name.slice(1).replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`;
    paths[`/api/${kind.type}/{id}/actions/${action.name}`] = {
      parameters: [idParameter],
      post: op(`${kind.type}${operationName}`, `${action.label.split(/[.(]/)[0]!.trim()}: ${singular}`, {
        description: `${action.label} Richiede \`${action.ability}\` su \`${kind.subject}\`.`,
        parameters: [ifMatch, idempotencyKey],
        requestBody: { required: false, content: json(action.body) },
        responses: {
          [action.creates ? 201 : 200]: withEtag(action.creates ? 'Creato un nuovo elemento (`Location`).' : 'Fatto.', actionResult),
          ...problems(400, 401, 403, 404, 409, 413, 415, 422, 428, 503),
        },
      }),
    };
  }
  return paths;
}

/** Catalogue codes by HTTP status: each status is one reusable response that names its codes. */
function problemResponses(): Record<string, JsonSchema> {
  const byStatus = new Map<number, string[]>();
  for (const [code, entry] of Object.entries(problemCatalogue)) byStatus.set(entry.status, [...(byStatus.get(entry.status) ?? []), code]);
  const headers: Record<number, JsonSchema> = {
    401: { 'WWW-Authenticate': { description: '`Bearer realm="api"`', schema: { type: 'string' } } },
    503: { 'Retry-After': { description: 'Secondi dopo cui riprovare (con `DATABASE_UNAVAILABLE`).', schema: { type: 'integer' } } },
  };
  return Object.fromEntries(
    [...byStatus].map(([status, codes]) => [
      `Problem${status}`,
      {
        description: `Errore (problem+json). Codici: ${codes.map((c) => `\`${c}\``).join(', ')}${status === 409 ? ' e i codici delle condizioni delle transizioni (es. `APPROVAL_REQUIRED`)' : ''}.`,
        ...(headers[status] ? { headers: headers[status] } : {}),
        content: { [PROBLEM_TYPE]: { schema: ref('Problem') } },
      },
    ]),
  );
}

function sharedSchemas(): Record<string, JsonSchema> {
  const nullableText = { type: ['string', 'null'] };
  return {
    Problem: {
      type: 'object',
      description: 'RFC 9457, con `code` stabile e `message` in italiano.',
      properties: {
        type: { type: 'string' },
        title: { type: 'string' },
        status: { type: 'integer' },
        code: { type: 'string', examples: Object.keys(problemCatalogue) },
        message: { type: 'string' },
        detail: { type: 'string' },
        errors: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              pointer: { type: 'string', description: 'JSON pointer nel corpo (`/attributes/registry/vatNumber`) o parametro (`?filter[x]`).' },
              code: { type: 'string' },
              message: { type: 'string' },
            },
            required: ['pointer', 'code', 'message'],
          },
        },
        currentVersion: { type: 'string', description: 'Con `VERSION_CONFLICT`: la versione attuale.' },
      },
      required: ['type', 'title', 'status', 'code', 'message'],
    },
    AggregateResult: {
      type: 'object',
      properties: {
        data: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              key: { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean', 'null'] }, description: 'Campo di raggruppamento → valore (una data: il primo giorno del periodo, AAAA-MM-GG).' },
              count: { type: 'integer', minimum: 0 },
              sum: { type: 'object', additionalProperties: { type: 'number' } },
            },
            required: ['key', 'count'],
          },
        },
        meta: {
          type: 'object',
          properties: {
            total: { type: 'integer', minimum: 0, description: 'Righe contate.' },
            totalIsEstimate: { type: 'boolean', description: `Presente e vero oltre ${AGGREGATE_ROW_LIMIT} righe: i conteggi sono delle prime righe lette.` },
            groups: { type: 'integer', minimum: 0, description: 'Gruppi trovati, prima di `limit`.' },
            labels: { type: 'object', additionalProperties: { type: 'object', additionalProperties: { type: 'string' } }, description: 'Per i campi che nominano elementi (clienti, tecnici): id → nome, se chi chiama può leggerli.' },
          },
          required: ['total', 'groups'],
        },
      },
      required: ['data', 'meta'],
    },
    ListMeta: {
      type: 'object',
      properties: {
        total: { type: 'integer', minimum: 0, description: `Righe sotto le stesse condizioni: esatto fino a ${EXACT_LIMIT_TEXT}; oltre, una stima del database (sempre più di ${EXACT_LIMIT_TEXT}).` },
        totalIsEstimate: { type: 'boolean', description: `Presente e vero quando il totale è una stima (elenchi con più di ${EXACT_LIMIT_TEXT} righe): il conteggio esatto di milioni di righe costerebbe più della pagina.` },
        page: {
          type: 'object',
          properties: {
            number: { type: 'integer' },
            size: { type: 'integer' },
            next: { type: 'string', description: 'Cursore opaco per `page[after]`: la pagina successiva, alla stessa velocità a qualunque profondità. Assente sull\'ultima pagina.' },
          },
          required: ['number', 'size'],
        },
      },
      required: ['total', 'page'],
    },
    CommonMetadata: {
      type: 'object',
      properties: {
        createdDateTime: { type: 'string' },
        lastUpdatedDateTime: { type: 'string', description: 'La versione (`ETag`, `If-Match`).' },
        deletedDateTime: nullableText,
        createdBy: nullableText,
        lastUpdatedBy: nullableText,
        deletedBy: nullableText,
        isDeleted: { type: 'boolean' },
        isArchived: { type: 'boolean' },
      },
      required: [...COMMON_METADATA_KEYS],
    },
    ActionMeta: {
      type: 'object',
      properties: {
        createdType: { type: 'string', description: 'Il tipo dell’elemento creato, quando non è quello dell’azione (l’ordine creato da un preventivo).' },
        effects: {
          type: 'array',
          description: 'Altri elementi cambiati dall’azione (es. le attività chiuse con l’incarico).',
          items: { type: 'object', properties: { type: { type: 'string' }, id: { type: 'string' }, to: { type: 'string' } }, required: ['type', 'id', 'to'] },
        },
      },
      required: ['effects'],
    },
    AvailableAction: {
      type: 'object',
      properties: {
        action: { type: 'string' },
        label: { type: 'string' },
        ability: { type: 'string' },
        to: nullableText,
        creates: { type: 'boolean' },
        allowed: { type: 'boolean' },
        refusal: { anyOf: [{ type: 'object', properties: { code: { type: 'string' }, message: { type: 'string' } }, required: ['code', 'message'] }, { type: 'null' }] },
      },
      required: ['action', 'label', 'ability', 'allowed', 'refusal'],
    },
    HistoryEntry: {
      type: 'object',
      properties: {
        version: { type: 'string' },
        at: { type: 'string' },
        by: nullableText,
        byName: nullableText,
        impersonator: nullableText,
        action: { type: 'string' },
        changes: {
          type: 'array',
          items: { type: 'object', properties: { pointer: { type: 'string' }, from: {}, to: {} }, required: ['pointer'] },
        },
      },
      required: ['version', 'at', 'by', 'action', 'changes'],
    },
    Identity: {
      type: 'object',
      properties: {
        id: { type: 'string' },
        email: { type: 'string' },
        displayName: { type: 'string' },
        userType: { type: 'string', enum: ['external', 'siv', 'customer'] },
        customerId: nullableText,
        allowedModules: { type: 'array', items: { type: 'string' } },
        allowedCustomerIds: { type: 'array', items: { type: 'string' } },
        officeLocationIds: { type: 'array', items: { type: 'string' } },
        isMainteiner: { type: 'boolean' },
        isSalesman: { type: 'boolean' },
        roles: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } }, required: ['id', 'name'] } },
        permissions: {
          type: 'array',
          description: 'Regole CASL (`action`, `subject`, `fields`, `conditions`, `inverted`, `reason`).',
          items: { type: 'object', properties: { action: {}, subject: {}, fields: {}, conditions: { type: 'object' }, inverted: { type: 'boolean' }, reason: { type: 'string' } }, required: ['action', 'subject'] },
        },
        isImpersonating: { type: 'boolean' },
        originalData: ref('Identity'),
      },
      required: ['id', 'email', 'displayName', 'userType', 'allowedModules', 'roles', 'permissions'],
    },
  };
}

function securitySchemes(auth: OpenApiOptions['auth']): Record<string, JsonSchema> {
  const scopes = Object.fromEntries(auth.scope.split(/\s+/).filter(Boolean).map((scope) => [scope, scope === 'openid' ? 'Accesso OpenID' : scope === 'offline_access' ? 'Rinnovo (refresh token)' : 'Uso dell’API']));
  return {
    bearer: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description: `Token di accesso JWT (\`typ: at+jwt\`) dell’emittente \`${auth.issuer}\`, con lo scope \`${auth.apiScope}\`.`,
    },
    ...(auth.embedded
      ? {
          oauth2: {
            type: 'oauth2',
            description: 'Codice di autorizzazione con PKCE (`code_challenge_method=S256`, obbligatorio), client pubblico.',
            flows: { authorizationCode: { authorizationUrl: `${auth.issuer}/auth`, tokenUrl: `${auth.issuer}/token`, refreshUrl: `${auth.issuer}/token`, scopes } },
          },
        }
      : {}),
    openIdConnect: {
      type: 'openIdConnect',
      description: 'Codice di autorizzazione con PKCE (S256), dal documento di discovery dell’emittente.',
      openIdConnectUrl: `${auth.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
    },
  };
}

/** `POST /api/orders/wizard`: the SPEC §2 order wizard in one transaction, once per idempotency key. */
function orderWizardPath(sink: SchemaSink): JsonSchema {
  const body = componentSchema('OrdersWizardBody', orderWizardRequest, 'input', sink);
  const answer = { type: 'object', properties: { data: ref(componentName('orders')), included: { type: 'array', items: ref(componentName('assignments')) } }, required: ['data', 'included'] };
  return {
    post: {
      operationId: 'ordersWizard',
      summary: 'Procedura guidata: ordine e incarico provvisorio',
      description:
        'Crea in una sola transazione l’ordine (righe con i prezzi dei listini e dell’offerta commerciale, come i preventivi, o del preventivo accettato indicato in `quotationId`; ' +
        'i servizi scelti diventano righe) e l’incarico provvisorio con un’attività per ogni attività delle righe; il codice dell’incarico è il successivo della serie `INT-AAAA-NNNNN` (un codice inviato è ignorato). ' +
        `Con la stessa \`${IDEMPOTENCY_KEY_HEADER}\` una nuova richiesta uguale risponde il primo risultato (\`Idempotent-Replayed: true\`), mai un secondo ordine; ` +
        'con un corpo diverso è rifiutata (422 `IDEMPOTENCY_KEY_REUSED`). Le chiavi valgono per utente e scadono dopo 14 giorni (`IDEMPOTENCY_KEY_TTL_DAYS`). Richiede `create` su `order`: l’incarico e le sue attività sono creati con l’autorità dell’ordine, senza richiedere `create` su `assignment`.',
      tags: ['orders'],
      parameters: [{ name: IDEMPOTENCY_KEY_HEADER, in: 'header', required: true, description: 'Da 8 a 200 caratteri (un UUID), una per procedura.', schema: { type: 'string', minLength: 8, maxLength: 200 } }],
      requestBody: { required: true, content: json(body) },
      responses: {
        201: { description: 'Creato (o il primo risultato della stessa richiesta).', headers: { Location: { schema: { type: 'string' } } }, content: json(answer) },
        ...problems(400, 401, 403, 409, 413, 415, 422, 428, 503),
      },
    },
  };
}

/** Issue 26 §9: a customer's administrator invites its colleagues (src/server/users/invitations.ts). */
function invitationPaths(sink: SchemaSink): Record<string, JsonSchema> {
  const who = 'Richiede `invite` sugli utenti: l’amministratore del cliente (`isCustomerAdmin`), per gli utenti del proprio cliente.';
  return {
    '/api/users/invitations': {
      post: {
        operationId: 'usersInvite', summary: 'Invita un collega nel portale del cliente', tags: ['users'],
        description: 'Crea l’utente (del cliente del chiamante, con i suoi ruoli, senza password) con le sedi (sede principale = id del cliente, o sedi operative del cliente) e i moduli scelti (tra quelli del cliente e del chiamante), '
          + 'e gli invia per e-mail un collegamento monouso per scegliere la password, valido `INVITATION_TTL_HOURS` ore. 422 `SITE_NOT_OF_CUSTOMER` / `MODULE_NOT_OF_CUSTOMER`, 403 `CUSTOMER_ADMIN_SCOPE`. ' + who,
        requestBody: { required: true, content: json(componentSchema('InviteUserRequest', inviteUserRequest, 'input', sink)) },
        responses: {
          201: {
            description: 'L’utente creato; in `meta` la scadenza del collegamento e se l’e-mail è partita.',
            content: json({ type: 'object', properties: { data: ref(componentName('users')), meta: { type: 'object', properties: { invitationExpiresDateTime: { type: 'string', format: 'date-time' }, mailSent: { type: 'boolean' } }, required: ['invitationExpiresDateTime', 'mailSent'] } }, required: ['data', 'meta'] }),
          },
          ...problems(400, 401, 403, 409, 413, 415, 422, 503),
        },
      },
    },
    '/api/users/{id}/invitation': {
      post: {
        operationId: 'usersResendInvitation', summary: 'Invia di nuovo l’invito', tags: ['users'],
        description: 'Un nuovo collegamento per un utente che non ha ancora scelto la password (i precedenti non valgono più); 409 `USER_ALREADY_ACTIVE` se l’ha già scelta, 502 `MAIL_NOT_SENT` se l’e-mail non parte. ' + who,
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
        responses: {
          202: { description: 'Invito inviato.', content: json({ type: 'object', properties: { data: { type: 'object', properties: { invitationExpiresDateTime: { type: 'string', format: 'date-time' } }, required: ['invitationExpiresDateTime'] } }, required: ['data'] }) },
          ...problems(401, 403, 404, 409, 502, 503),
        },
      },
    },
  };
}

/** `PUT /api/quotations/{id}/lines`: the quotation's header and whole ordered set of lines, in one versioned write. */
/** Issue 26 §3: a quotation signed (or refused) online by its customer's user (src/server/signature/quotation-signature.ts). */
function quotationSignaturePaths(sink: SchemaSink): Record<string, JsonSchema> {
  const id = { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };
  const who = 'Richiede `sign` sul preventivo (l’utente del suo cliente, sui preventivi emessi; il personale mai), dopo la lettura.';
  const answer = { type: 'object', properties: { data: ref(componentName('quotations')) }, required: ['data'] };
  return {
    '/api/quotations/{id}/signature/code': {
      post: {
        operationId: 'quotationsSignatureCode', summary: 'Codice monouso per firmare il preventivo', tags: ['quotations'],
        description: `Invia all’e-mail del firmatario un codice di 6 cifre, valido 10 minuti e una volta (ne resta valido solo l’ultimo; al massimo 5 all’ora, poi 429). Ne è conservata solo l’impronta. ${who}`,
        parameters: [id],
        responses: {
          202: { description: 'Codice inviato.', content: json({ type: 'object', properties: { data: { type: 'object', properties: { sentTo: { type: 'string' }, expiresDateTime: { type: 'string', format: 'date-time' }, codeLength: { type: 'integer' } }, required: ['sentTo', 'expiresDateTime', 'codeLength'] } }, required: ['data'] }) },
          ...problems(401, 403, 404, 409, 429, 502, 503),
        },
      },
    },
    '/api/quotations/{id}/signature': {
      post: {
        operationId: 'quotationsSign', summary: 'Firma e accetta il preventivo', tags: ['quotations'],
        description: 'Con il codice ricevuto, la firma disegnata (PNG) e le voci opzionali scelte, in una transazione: il preventivo presentato è stampato e ne è calcolata l’impronta SHA-256; le voci opzionali scelte entrano nei totali; '
          + 'il preventivo firmato, con l’ultima pagina che sigilla la traccia di audit (firmatario, data, indirizzo IP, browser, impronta, invio del codice) e la firma, è allegato come `signedQuotation`; il preventivo è accettato e ne è creato l’ordine. '
          + `Un codice errato è contato (422 \`SIGNATURE_CODE_INVALID\` con \`attemptsLeft\`), dopo 5 o scaduto 422 \`SIGNATURE_CODE_EXPIRED\`. \`If-Match\` facoltativo: la versione presentata. \`Idempotency-Key\` ripete la stessa risposta. ${who}`,
        parameters: [id, { name: 'If-Match', in: 'header', required: false, schema: { type: 'string' } }],
        requestBody: { required: true, content: json(componentSchema('SignQuotationRequest', signQuotationRequest, 'input', sink)) },
        responses: {
          200: {
            description: 'Il preventivo accettato; in `meta` l’ordine creato, il documento firmato, l’impronta SHA-256 del preventivo presentato (`documentSha256`) e quella del file firmato (`signedDocumentSha256`).',
            content: json({ ...answer, properties: { ...answer.properties, meta: { type: 'object', properties: { orderId: { type: 'string', format: 'uuid' }, orderNumber: { type: 'string' }, signedDocumentId: { type: 'string', format: 'uuid' }, documentSha256: { type: 'string' }, signedDocumentSha256: { type: 'string' } } } } }),
          },
          ...problems(400, 401, 403, 404, 409, 413, 415, 422, 503),
        },
      },
    },
    '/api/quotations/{id}/signature/refusal': {
      post: {
        operationId: 'quotationsRefuse', summary: 'Rifiuta il preventivo', tags: ['quotations'],
        description: `Il preventivo non è accettato; il motivo (obbligatorio) resta nel preventivo (\`metadata.refusalReason\`) per l’ufficio. ${who}`,
        parameters: [id],
        requestBody: { required: true, content: json(componentSchema('RefuseQuotationRequest', refuseQuotationRequest, 'input', sink)) },
        responses: { 200: { description: 'Il preventivo non accettato.', content: json(answer) }, ...problems(400, 401, 403, 404, 409, 422, 503) },
      },
    },
  };
}

/** Issue 26 §2: the inspector's share links of a customer's register of checks (src/server/documents/register-share.ts). */
function registerLinkPaths(sink: SchemaSink): Record<string, JsonSchema> {
  const id = { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };
  const link = {
    type: 'object',
    properties: {
      id: { type: 'string', format: 'uuid' }, label: { type: ['string', 'null'] }, createdBy: { type: 'string', format: 'uuid' },
      createdDateTime: { type: 'string', format: 'date-time' }, expiresDateTime: { type: 'string', format: 'date-time' }, revokedDateTime: { type: ['string', 'null'], format: 'date-time' },
      accesses: { type: 'integer' }, lastAccessDateTime: { type: ['string', 'null'], format: 'date-time' }, active: { type: 'boolean' },
      url: { type: 'string', description: 'Solo nella risposta alla creazione: l’indirizzo `/registro/{token}` (del token è conservata solo l’impronta).' },
    },
  };
  const who = 'Per chi legge il cliente e ciò che il registro stampa (attrezzature e controlli), con la sua regola di lettura.';
  const rows = (description: string) => ({ type: 'array', description, items: { type: 'object', additionalProperties: true } });
  return {
    '/api/customers/{id}/register': {
      get: {
        operationId: 'customersRegister', summary: 'Registro dei controlli, in tempo reale', tags: ['documents'],
        description: `Le righe che il PDF del registro (D.M. 1 settembre 2021) stampa, lette come le legge chi chiede, solo dell’antincendio (attrezzature, impianti e interventi del modulo \`fire\`): i controlli per attrezzatura, le anomalie con come sono state risolte, gli interventi eseguiti con il tecnico e la sua qualifica in quel giorno. Con \`site\` quelle di una sede (il cliente stesso, cioè la sede principale, o una sua sede; un'altra: 404); il PDF della sede è \`GET /api/customers/{id}/document?site=\`. ${who}`,
        parameters: [id, { name: 'site', in: 'query', required: false, schema: { type: 'string', format: 'uuid' } }],
        responses: {
          200: {
            description: 'Le righe del registro.',
            content: json({
              type: 'object',
              properties: {
                data: {
                  type: 'object',
                  properties: {
                    registro: { type: 'object', properties: { riferimentoNormativo: { type: 'string' }, sede: { type: 'string', description: 'Il nome della sede; assente per tutto il cliente.' } } },
                    controlli: rows('Per attrezzatura (codice, tipo, matricola, posizione), ogni controllo con data, esito, note, tecnico e qualifica; «Nessun controllo registrato» se non ne ha.'),
                    anomalie: rows('Rilevata il, rischio, descrizione, stato, risolta il, da chi e come (le prove del cliente accettate dall’ufficio).'),
                    interventi: rows('Codice, data, descrizione, esito, tecnico responsabile e qualifica.'),
                  },
                },
              },
              required: ['data'],
            }),
          },
          ...problems(401, 403, 404, 503),
        },
      },
    },
    '/api/customers/{id}/register-links': {
      get: {
        operationId: 'customersRegisterLinks', summary: 'Collegamenti al registro per gli ispettori', tags: ['documents'],
        description: `I collegamenti a tempo al registro dei controlli del cliente, dal più recente, con le aperture. ${who}`,
        parameters: [id],
        responses: { 200: { description: 'I collegamenti.', content: json({ type: 'object', properties: { data: { type: 'array', items: link } }, required: ['data'] }) }, ...problems(401, 403, 404, 503) },
      },
      post: {
        operationId: 'customersRegisterLinkCreate', summary: 'Nuovo collegamento per un ispettore', tags: ['documents'],
        description: `Un indirizzo senza account (\`/registro/{token}\`, con il registro stampato al momento in \`/registro/{token}/registro.pdf\`), valido \`days\` giorni (1–90, 14 se omesso); ogni apertura è registrata. ${who}`,
        parameters: [id],
        requestBody: { required: false, content: json(componentSchema('RegisterLinkRequest', registerLinkRequest, 'input', sink)) },
        responses: { 201: { description: 'Il collegamento, con il suo indirizzo (mostrato solo ora).', content: json({ type: 'object', properties: { data: link }, required: ['data'] }) }, ...problems(401, 403, 404, 422, 503) },
      },
    },
    '/api/customers/{id}/downloads': {
      get: {
        operationId: 'customersDownloads', summary: 'Registro dei download', tags: ['documents'],
        description: 'Chi ha scaricato quale file del cliente (`GET /api/media/{id}/download`) o stampato quale documento dei suoi record (`GET /api/{type}/{id}/document`), dal più recente (ultime 200 voci). Per chi legge il cliente, con la sua regola di lettura.',
        parameters: [id],
        responses: {
          200: {
            description: 'Le voci.',
            content: json({ type: 'object', properties: { data: { type: 'array', items: { type: 'object', properties: { id: { type: 'string', format: 'uuid' }, userName: { type: 'string' }, what: { type: 'string', enum: ['file', 'document'] }, recordType: { type: 'string' }, recordId: { type: 'string', format: 'uuid' }, title: { type: 'string' }, dateTime: { type: 'string', format: 'date-time' } } } }, meta: { type: 'object', properties: { limit: { type: 'integer' } } } }, required: ['data'] }),
          },
          ...problems(401, 403, 404, 503),
        },
      },
    },
    '/api/customers/{id}/register-links/{linkId}': {
      delete: {
        operationId: 'customersRegisterLinkRevoke', summary: 'Revoca un collegamento', tags: ['documents'],
        description: `Da subito l’indirizzo risponde «Collegamento non valido». ${who}`,
        parameters: [id, { name: 'linkId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
        responses: { 200: { description: 'Il collegamento revocato.', content: json({ type: 'object', properties: { data: link }, required: ['data'] }) }, ...problems(401, 403, 404, 503) },
      },
    },
  };
}

function quotationLinesPath(sink: SchemaSink): JsonSchema {
  const body = componentSchema('QuotationsLinesBody', quotationLinesBody, 'input', sink);
  const answer = { type: 'object', properties: { data: ref(componentName('quotations')), included: { type: 'array', items: ref(componentName('quotationProducts')) } }, required: ['data', 'included'] };
  return {
    put: {
      operationId: 'quotationsLines',
      summary: 'Righe del preventivo (e intestazione) in una sola scrittura',
      description:
        'L’insieme completo e ordinato delle righe, salvato in una transazione con la modifica dell’intestazione (JSON Merge Patch). ' +
        'Una riga con `id` è unita alla riga salvata; una riga senza `id` è creata e prezzata come `POST /api/quotationProducts`; la posizione è l’ordine nell’elenco; ' +
        'le righe salvate non elencate sono eliminate. Sezioni, note e righe opzionali non entrano nei totali. L’errore di una riga è indicato a `/lines/{i}/…`. ' +
        'Richiede `update` sul preventivo; la versione in `If-Match` (409 `VERSION_CONFLICT` se superata).',
      tags: ['quotations'],
      parameters: [
        { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
        { name: 'If-Match', in: 'header', required: true, description: 'La versione del preventivo (`"<lastUpdatedDateTime>"`).', schema: { type: 'string' } },
      ],
      requestBody: { required: true, content: json(body) },
      responses: {
        200: { description: 'Il preventivo con le sue righe.', headers: { ETag: { schema: { type: 'string' } } }, content: json(answer) },
        ...problems(400, 401, 403, 404, 409, 413, 415, 422, 428, 503),
      },
    },
  };
}

/** `GET /api/employees/{id}/compliance`, `GET /api/customers/{id}/compliance` (the safety-role compliance rule) and `GET /api/employees/{id}/training`, computed on read. */
function compliancePaths(): Record<string, JsonSchema> {
  const row = {
    type: 'object',
    properties: {
      roleId: { type: 'string', format: 'uuid' }, roleCode: { type: 'string' }, roleName: { type: 'string' }, requirementIndex: { type: 'integer' },
      courseIds: { type: 'array', items: { type: 'string', format: 'uuid' } }, norm: { type: 'string' },
      status: { enum: ['valid', 'expiring', 'expired', 'missing'] }, validUntil: { type: ['string', 'null'], format: 'date' },
      courseId: { type: ['string', 'null'], format: 'uuid' }, editionId: { type: ['string', 'null'], format: 'uuid' }, nextCourseId: { type: 'string', format: 'uuid' },
    },
    required: ['roleId', 'courseIds', 'norm', 'status', 'validUntil', 'nextCourseId'],
  };
  const count = { type: 'integer', minimum: 0 };
  const employee = {
    type: 'object',
    properties: {
      employeeId: { type: 'string', format: 'uuid' }, employeeName: { type: 'string' }, safetyRoleIds: { type: 'array', items: { type: 'string', format: 'uuid' } },
      rows: { type: 'array', items: row },
      summary: { type: 'object', properties: { required: count, valid: count, expiring: count, expired: count, missing: count }, required: ['required', 'valid', 'expiring', 'expired', 'missing'] },
    },
    required: ['employeeId', 'rows', 'summary'],
  };
  const meta = { type: 'object', properties: { today: { type: 'string', format: 'date' }, courses: { type: 'object', additionalProperties: { type: 'object', properties: { code: { type: 'string' }, title: { type: 'string' } } } } } };
  const trainingRow = {
    type: 'object',
    properties: {
      courseId: { type: 'string', format: 'uuid' }, editionId: { type: 'string', format: 'uuid' }, editionCode: { type: 'string' }, editionState: { type: 'string' },
      completedOn: { type: 'string', format: 'date' }, outcome: { enum: ['passed', 'failed', null] }, certificateMediaId: { type: ['string', 'null'], format: 'uuid' },
      refresher: { type: ['object', 'null'], properties: { dueDate: { type: 'string', format: 'date' }, refresherCourseId: { type: 'string', format: 'uuid' }, status: { enum: ['valid', 'expiring', 'expired'] } } },
      superseded: { type: 'boolean' },
    },
    required: ['courseId', 'editionId', 'completedOn', 'outcome', 'certificateMediaId', 'refresher', 'superseded'],
  };
  const idParameter = [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }];
  const description = 'Per ogni ruolo per la sicurezza, la formazione che richiede (con la norma): valida fino a una data, in scadenza (entro la finestra delle scadenze), scaduta o mancante.';
  return {
    '/api/employees/{id}/compliance': {
      get: {
        operationId: 'employeesCompliance', summary: 'Formazione richiesta dai ruoli del dipendente', description, tags: ['employees'], parameters: idParameter,
        responses: { 200: { description: 'La conformità di oggi.', content: json({ type: 'object', properties: { data: employee, meta }, required: ['data', 'meta'] }) }, ...problems(400, 401, 403, 404, 503) },
      },
    },
    '/api/customers/{id}/compliance': {
      get: {
        operationId: 'customersCompliance', summary: 'Formazione richiesta ai dipendenti del cliente', description: `${description} Solo i dipendenti con almeno un ruolo.`, tags: ['customers'], parameters: idParameter,
        responses: { 200: { description: 'La conformità di oggi, per dipendente.', content: json({ type: 'object', properties: { data: { type: 'array', items: employee }, meta }, required: ['data', 'meta'] }) }, ...problems(400, 401, 403, 404, 503) },
      },
    },
    '/api/employees/{id}/training': {
      get: {
        operationId: 'employeesTraining', summary: 'Corsi frequentati dal dipendente',
        description: 'I corsi frequentati, dal più recente: esito, attestato, prossimo aggiornamento e il suo stato oggi. Solo la partecipazione del dipendente, per chi può leggere il dipendente.',
        tags: ['employees'], parameters: idParameter,
        responses: { 200: { description: 'Il libretto formativo di oggi.', content: json({ type: 'object', properties: { data: { type: 'array', items: trainingRow }, meta }, required: ['data', 'meta'] }) }, ...problems(400, 401, 403, 404, 503) },
      },
    },
  };
}

/** `GET /api/customers/{id}/nextEditions?courseId=…` (issue 26 §6): where a customer may ask an enrolment, as the portal shows it. */
function nextEditionsPath(): JsonSchema {
  const edition = {
    type: 'object',
    properties: {
      id: { type: 'string', format: 'uuid' }, startDate: { type: 'string', format: 'date' }, endDate: { type: 'string', format: 'date' },
      siteName: { type: 'string' }, city: { type: 'string' }, seatsLeft: { type: 'integer', minimum: 1 },
    },
    required: ['id', 'startDate', 'endDate', 'siteName', 'city', 'seatsLeft'],
  };
  const meta = { type: 'object', properties: { today: { type: 'string', format: 'date' }, limit: { type: 'integer' } }, required: ['today', 'limit'] };
  return {
    get: {
      operationId: 'customersCourseNextEditions', summary: 'Prossime edizioni di un corso aperte al cliente', tags: ['customers'],
      description: 'Le edizioni pianificate del corso da oggi, del cliente o aperte a più clienti, con almeno un posto libero, dalla più vicina (al massimo 10): solo i giorni, la sede (nome e città) e i posti liberi, non i partecipanti. Per chi legge il cliente e può chiedere per lui un’iscrizione (`create` sulle richieste di iscrizione di quel cliente), nel modulo formazione (edu).',
      parameters: [
        { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
        { name: 'courseId', in: 'query', required: true, description: 'Il corso.', schema: { type: 'string', format: 'uuid' } },
      ],
      responses: { 200: { description: 'Le prossime edizioni.', content: json({ type: 'object', properties: { data: { type: 'array', items: edition }, meta }, required: ['data', 'meta'] }) }, ...problems(401, 403, 404, 422, 503) },
    },
  };
}

/** `GET /api/customers/{id}/additional-fields`: the customer's additional field definitions, for who reads it or one of its equipments. */
function additionalFieldsPath(sink: SchemaSink): JsonSchema {
  const definition = componentSchema('AdditionalFieldDefinition', additionalField, 'output', sink);
  return {
    get: {
      operationId: 'customersAdditionalFields', summary: 'Campi aggiuntivi del cliente per le attrezzature', tags: ['customers'],
      description: 'Le definizioni dei campi aggiuntivi del cliente (`metadata.additionalPEFields`: etichetta, tipo, scelte, famiglia, ordine nel rapporto), e nient’altro del cliente. Per chi legge il cliente o almeno una sua attrezzatura (un tecnico esterno che legge le attrezzature ma non i clienti); per gli altri 404, come per un cliente che non esiste.',
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
      responses: { 200: { description: 'Le definizioni, nell’ordine in cui sono salvate.', content: json({ type: 'object', properties: { data: { type: 'array', items: definition } }, required: ['data'] }) }, ...problems(401, 404, 503) },
    },
  };
}

/** `GET /api/customers/{id}/price`: the pricing rule quotation and order lines use, for one customer and product today. */
function customerPricePath(): JsonSchema {
  const money = { type: 'number' };
  const answer = {
    type: 'object',
    properties: {
      data: {
        type: 'object',
        properties: {
          customerId: { type: 'string', format: 'uuid' }, productId: { type: 'string', format: 'uuid' }, today: { type: 'string', format: 'date' },
          description: { type: 'string' }, unitOfMeasure: { type: 'string' },
          priceListId: { type: ['string', 'null'], format: 'uuid' }, priceListSource: { enum: ['customer', 'zone', 'general', null] },
          listPrice: money, unitPrice: money, offerPercent: money, costPrice: money, supplierId: { type: 'string', format: 'uuid' },
        },
        required: ['customerId', 'productId', 'today', 'description', 'priceListId', 'priceListSource', 'offerPercent'],
      },
    },
    required: ['data'],
  };
  return {
    get: {
      operationId: 'customersPrice',
      summary: 'Prezzo di un prodotto per il cliente, oggi',
      description:
        'Il listino che si applica al cliente (il suo, altrimenti quello della sua zona commerciale, altrimenti il generale, se in vigore oggi), ' +
        'il prezzo di listino del prodotto (o quello di catalogo) e il prezzo unitario con l’offerta commerciale valida oggi: la stessa regola delle righe dei preventivi e degli ordini. ' +
        'Richiede la lettura del cliente, del prodotto e dei listini.',
      tags: ['customers'],
      parameters: [
        { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
        { name: 'productId', in: 'query', required: true, schema: { type: 'string', format: 'uuid' } },
      ],
      responses: { 200: { description: 'Il prezzo di oggi.', content: json(answer) }, ...problems(400, 401, 403, 404, 503) },
    },
  };
}

/** DESIGN §4 "Media": upload link, the signed addresses of the bytes, and the download redirect. */
function mediaPaths(): Record<string, JsonSchema> {
  const id = { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };
  const token = { name: 'token', in: 'query', required: true, description: 'Il collegamento firmato (scade; legato al file, alla dimensione e al tipo).', schema: { type: 'string' } };
  const media = ref(componentName('media'));
  const link = { type: 'object', properties: { url: { type: 'string' }, method: { const: 'PUT' }, headers: { type: 'object', additionalProperties: { type: 'string' } }, expiresAt: { type: 'string', format: 'date-time' } }, required: ['url', 'method', 'headers', 'expiresAt'] };
  return {
    '/api/media/uploads': {
      post: {
        operationId: 'mediaUpload',
        summary: 'Nuovo file: scheda e collegamento per il caricamento',
        description:
          'Crea la scheda del file e risponde il collegamento firmato a cui inviare i byte (PUT), valido per il tempo indicato, per quella scheda, dimensione e tipo. ' +
          'Con `owner` il file appartiene a quell’elemento (serve il permesso di modificarlo); un tipo non consentito è rifiutato (415 `FILE_TYPE_NOT_ALLOWED`, con i tipi consentiti), un file troppo grande pure (413 `FILE_TOO_LARGE`).',
        tags: ['media'],
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            properties: {
              id: { type: ['string', 'null'], format: 'uuid', description: 'Identificativo scelto dal client (foto offline): ripetuta per lo stesso file, la richiesta risponde la stessa scheda con un nuovo collegamento (200).' },
              name: { type: 'string', maxLength: 255 },
              mimeType: { type: 'string', maxLength: 200 },
              bytesCount: { type: 'integer', minimum: 0 },
              parentId: { type: ['string', 'null'], format: 'uuid' },
              customerId: { type: ['string', 'null'], format: 'uuid' },
              owner: { type: ['object', 'null'], properties: { type: { type: 'string' }, id: { type: 'string', format: 'uuid' } }, required: ['type', 'id'] },
            },
            required: ['name', 'mimeType', 'bytesCount'],
          }),
        },
        responses: {
          201: { description: 'Scheda creata; i byte vanno inviati a `upload.url`.', content: json({ type: 'object', properties: { data: media, upload: link }, required: ['data', 'upload'] }) },
          200: { description: 'Con `id` di una scheda che attende ancora i byte: la stessa scheda e un nuovo collegamento (i precedenti non valgono più).', content: json({ type: 'object', properties: { data: media, upload: link }, required: ['data', 'upload'] }) },
          ...problems(400, 401, 403, 404, 412, 413, 415, 422, 503),
        },
      },
    },
    '/api/media/{id}/download': {
      get: {
        operationId: 'mediaDownload',
        summary: 'Scarica un file',
        description: 'Per chi può leggere l’elemento a cui il file appartiene: 302 verso un indirizzo firmato che scade. Con `Accept: application/json` risponde l’indirizzo.',
        tags: ['media'],
        parameters: [id],
        responses: {
          200: { description: 'L’indirizzo firmato.', content: json({ type: 'object', properties: { data: { type: 'object', properties: { url: { type: 'string' }, expiresAt: { type: 'string', format: 'date-time' } }, required: ['url', 'expiresAt'] } }, required: ['data'] }) },
          302: { description: 'Verso l’indirizzo firmato.', headers: { Location: { schema: { type: 'string' } } } },
          ...problems(401, 403, 404, 409, 503),
        },
      },
    },
    '/api/media/{id}/content': {
      put: {
        operationId: 'mediaContentPut',
        summary: 'Invia i byte di un file (collegamento firmato)',
        description: 'Il corpo è il file, del tipo e della dimensione dichiarati; si registrano dimensione e SHA-256. Un collegamento modificato, scaduto, già usato o di un altro file: 403.',
        tags: ['media'],
        security: [],
        parameters: [id, token],
        requestBody: { required: true, content: { 'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } } },
        responses: { 200: { description: 'File caricato.', content: json({ type: 'object', properties: { data: media }, required: ['data'] }) }, ...problems(400, 403, 413, 415, 502, 503) },
      },
      get: {
        operationId: 'mediaContentGet',
        summary: 'I byte di un file (collegamento firmato)',
        description: 'Con il tipo verificato al caricamento, `X-Content-Type-Options: nosniff`, e `Content-Disposition: attachment` per tutto ciò che non è un’immagine.',
        tags: ['media'],
        security: [],
        parameters: [id, token],
        responses: { 200: { description: 'Il file.', content: { '*/*': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } } }, ...problems(403, 404, 409, 503) },
      },
    },
  };
}

/** Issue 12 maintenance mode: `GET` for anyone signed in, `PUT` for administrators (src/server/admin/maintenance.ts). */
function maintenancePath(): JsonSchema {
  const state = {
    type: 'object',
    properties: {
      enabled: { type: 'boolean' },
      message: { type: 'string', maxLength: 500, description: 'Testo mostrato nella pagina di manutenzione.' },
      since: { type: 'string', format: 'date-time', description: 'Da quando è attiva (solo se attiva).' },
    },
    required: ['enabled'],
  };
  const answer = json({ type: 'object', properties: { data: state }, required: ['data'] });
  return {
    get: {
      operationId: 'getMaintenance',
      summary: 'Stato della modalità manutenzione',
      description: 'Per chiunque abbia eseguito l’accesso, anche mentre la manutenzione è attiva (il client ne ricava quando tornare al lavoro). Non memorizzabile nella cache.',
      tags: ['maintenance'],
      responses: { 200: { description: 'Lo stato attuale.', content: answer }, ...problems(401, 403, 503) },
    },
    put: {
      operationId: 'setMaintenance',
      summary: 'Attiva o disattiva la modalità manutenzione',
      description:
        'Solo per gli amministratori (valutati sull’identità reale, anche mentre agiscono per un altro utente): 403 `FORBIDDEN` per gli altri. ' +
        'Attiva, ogni richiesta degli altri utenti risponde 503 `MAINTENANCE` (con `message` se indicato) tranne questa e `GET /api/identity/authorization`; ' +
        'gli amministratori continuano a lavorare. Ogni processo la legge di nuovo al più dopo qualche secondo.',
      tags: ['maintenance'],
      requestBody: {
        required: true,
        content: json({ type: 'object', properties: { enabled: { type: 'boolean' }, message: { type: 'string', maxLength: 500 } }, required: ['enabled'], additionalProperties: false }),
      },
      responses: { 200: { description: 'Il nuovo stato.', content: answer }, ...problems(400, 401, 403, 415, 422, 503) },
    },
  };
}

/** SPEC §9 limits (src/server/limits/routes.ts): `GET` for anyone signed in. */
function limitsPath(): JsonSchema {
  const overLimit = {
    type: 'object',
    properties: {
      module: { type: ['string', 'null'], enum: [...modules, null], description: 'Il modulo; null per le intestazioni valide per tutti i moduli.' },
      count: { type: 'integer', minimum: 0 },
      limit: { type: 'integer', minimum: 1 },
    },
    required: ['module', 'count', 'limit'],
  };
  const limits = {
    type: 'object',
    properties: {
      activitiesPerIntervention: { type: 'integer', minimum: 1, description: 'MAX_ACTIVITIES_PER_INTERVENTION: oltre, una nuova attività è rifiutata (409 `ACTIVITIES_LIMIT_REACHED`).' },
      reportHeadingsPerModule: { type: 'integer', minimum: 1, description: 'REPORT_HEADINGS_WARNING_PER_MODULE: da questo numero di intestazioni dei documenti di un modulo compare un avviso.' },
      reportHeadingsOverLimit: { type: 'array', items: overLimit, description: 'I moduli le cui intestazioni dei documenti hanno raggiunto il limite (vuoto per chi non può leggere le intestazioni).' },
    },
    required: ['activitiesPerIntervention', 'reportHeadingsPerModule', 'reportHeadingsOverLimit'],
  };
  return {
    get: {
      operationId: 'getLimits',
      summary: 'Limiti in vigore (SPEC §9)',
      description: 'I limiti della configurazione del server e gli avvisi sulle intestazioni dei documenti. Non memorizzabile nella cache.',
      tags: ['limits'],
      responses: { 200: { description: 'I limiti.', content: json({ type: 'object', properties: { data: limits }, required: ['data'] }) }, ...problems(401, 503) },
    },
  };
}

/** Issue 22 (src/server/users/staff-names.ts): staff read the names of staff users, and nothing else of them. */
function staffNamesPath(): JsonSchema {
  const name = {
    type: 'object',
    properties: { id: { type: 'string', format: 'uuid' }, displayName: { type: 'string' }, isEnabled: { type: 'boolean', description: 'Falso per un utente disattivato.' } },
    required: ['id', 'displayName', 'isEnabled'],
  };
  return {
    get: {
      operationId: 'getStaffNames',
      summary: 'Nomi del personale',
      description: 'I nomi visualizzati degli utenti del personale (interni o esterni) tra quelli richiesti, e se sono attivi, per un utente del personale anche senza permesso di lettura sugli utenti; gli altri identificativi sono omessi. Nient’altro degli utenti.',
      tags: ['users'],
      parameters: [{ name: 'ids', in: 'query', required: false, description: 'Identificativi separati da virgole (al massimo 100).', schema: { type: 'string' } }],
      responses: { 200: { description: 'I nomi.', content: json({ type: 'object', properties: { data: { type: 'array', items: name } }, required: ['data'] }) }, ...problems(401, 403, 422, 503) },
    },
  };
}

/** DESIGN §4 "Documents": a record's PDF from its document type's template, and the template editor's preview. */
function documentPaths(kinds: readonly { type: string }[]): Record<string, JsonSchema> {
  const pdf = { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } } };
  const disposition = { 'Content-Disposition': { description: '`inline; filename="PRV-2026-00042.pdf"`', schema: { type: 'string' } } };
  const paths: Record<string, JsonSchema> = {};
  for (const declaration of Object.values(documentDeclarations)) {
    if (!kinds.some((kind) => kind.type === declaration.recordType)) continue;
    paths[`/api/${declaration.recordType}/{id}/document`] = {
      get: {
        operationId: `${declaration.recordType}Document`,
        summary: `${declaration.label} in PDF`,
        description: 'Il PDF dell’elemento dal modello predefinito del tipo di documento (o da `templateId`), con l’intestazione dei documenti. Serve il permesso di leggere l’elemento.',
        tags: [declaration.recordType],
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
          { name: 'templateId', in: 'query', required: false, description: 'Un modello di documento del tipo, invece del predefinito (404 `TEMPLATE_NOT_FOUND` se non esiste).', schema: { type: 'string', format: 'uuid' } },
          { name: 'site', in: 'query', required: false, description: 'Solo per il registro dei controlli di un cliente: quello di una sua sede (il cliente stesso o una sua sede; un’altra: 404). Per gli altri documenti: 400.', schema: { type: 'string', format: 'uuid' } },
        ],
        responses: { 200: { description: 'Il documento.', headers: disposition, content: pdf }, ...problems(401, 403, 404, 422, 503) },
      },
    };
  }
  if (kinds.some((kind) => kind.type === 'templateDocs')) {
    paths['/api/templateDocs/preview'] = {
      post: {
        operationId: 'templateDocsPreview',
        summary: 'Anteprima PDF di un modello non salvato',
        description: 'Il PDF del testo del modello sull’elemento indicato (serve il permesso di leggerlo); segnaposto sconosciuti: 422 `TEMPLATE_INVALID`.',
        tags: ['templateDocs'],
        requestBody: {
          required: true,
          content: json({ type: 'object', properties: { type: { enum: Object.keys(documentDeclarations) }, body: { type: 'string', maxLength: 200000 }, recordId: { type: 'string', format: 'uuid' } }, required: ['type', 'body', 'recordId'], additionalProperties: false }),
        },
        responses: { 200: { description: 'Il documento.', headers: disposition, content: pdf }, ...problems(400, 401, 403, 404, 422, 503) },
      },
    };
  }
  return paths;
}

export function buildOpenApiDocument(options: OpenApiOptions): JsonSchema {
  const sink: SchemaSink = { schemas: sharedSchemas() };
  const paths: Record<string, JsonSchema> = {};
  const kindSchemas: Record<string, JsonSchema> = {};
  for (const kind of options.kinds) {
    const name = componentName(kind.type);
    if (kindSchemas[name]) throw new Error(`Due tipi con lo stesso nome di componente: ${name}`);
    kindSchemas[name] = entityResponseSchema(kind, sink);
    kindSchemas[`${name}Create`] = createSchema(kind, sink);
    kindSchemas[`${name}Patch`] = patchSchema(kind, sink);
    Object.assign(paths, kindPaths(kind, options, sink));
  }
  if (options.kinds.some((kind) => kind.type === 'orders')) paths['/api/orders/wizard'] = orderWizardPath(sink);
  if (options.kinds.some((kind) => kind.type === 'media')) Object.assign(paths, mediaPaths());
  if (options.kinds.some((kind) => kind.type === 'customers')) paths['/api/customers/{id}/price'] = customerPricePath();
  if (options.kinds.some((kind) => kind.type === 'customers')) paths['/api/customers/{id}/additional-fields'] = additionalFieldsPath(sink);
  if (options.kinds.some((kind) => kind.type === 'employees')) Object.assign(paths, compliancePaths());
  if (options.kinds.some((kind) => kind.type === 'enrolmentRequests')) paths['/api/customers/{id}/nextEditions'] = nextEditionsPath();
  if (options.kinds.some((kind) => kind.type === 'quotations')) paths['/api/quotations/{id}/lines'] = quotationLinesPath(sink);
  if (options.kinds.some((kind) => kind.type === 'quotations')) Object.assign(paths, quotationSignaturePaths(sink));
  if (options.kinds.some((kind) => kind.type === 'customers')) Object.assign(paths, registerLinkPaths(sink));
  Object.assign(paths, documentPaths(options.kinds));
  paths['/api/maintenance'] = maintenancePath();
  paths['/api/limits'] = limitsPath();
  if (options.kinds.some((kind) => kind.type === 'users')) paths['/api/users/names'] = staffNamesPath();
  if (options.kinds.some((kind) => kind.type === 'users')) Object.assign(paths, invitationPaths(sink));
  if (options.kinds.some((kind) => kind.type === 'imports')) Object.assign(paths, registerImportPaths({ json, problems }));
  if (options.kinds.some((kind) => kind.type === 'userSettings')) Object.assign(paths, calendarFeedPaths({ json, problems }));
  const mailKind = options.kinds.find((kind) => kind.type === 'mailMessages');
  if (mailKind) Object.assign(paths, mailOutboxPaths({ json, problems, ref, listParameters: listParameters(mailKind, options) }));
  const publicOperation = { security: [] };
  const apiScope = [options.auth.apiScope];
  return {
    openapi: '3.1.1',
    info: {
      title: 'Area di lavoro – API',
      version: '1',
      description:
        'API del back-office: ogni tipo di elemento con elenco (linguaggio di ricerca SPEC §7), dettaglio, creazione, ' +
        'modifica (JSON Merge Patch con `If-Match`), eliminazione, azioni, cronologia; identità, eventi, stato. ' +
        'Errori in `application/problem+json` con `code` e `message` in italiano. Con `X-Impersonation: {"userId":"…"}` un amministratore agisce per un altro utente.',
    },
    tags: options.kinds.map((kind) => ({ name: kind.type, description: kind.label.plural })),
    security: [{ bearer: [] }, ...(options.auth.embedded ? [{ oauth2: apiScope }] : []), { openIdConnect: apiScope }],
    paths: {
      ...paths,
      '/api/identity/authorization': {
        get: {
          operationId: 'getIdentity',
          summary: 'Identità e permessi di chi chiama',
          tags: ['identity'],
          responses: {
            200: { description: 'Un elenco il cui primo elemento è l’identità (anche quella impersonata).', content: json({ type: 'array', items: ref('Identity'), minItems: 1 }) },
            ...problems(401, 403, 503),
          },
        },
      },
      '/api/events/ticket': {
        post: {
          operationId: 'createEventTicket',
          summary: 'Biglietto per il flusso degli eventi',
          description: 'Valido 60 s e una volta sola, per un `EventSource` (che non manda intestazioni); porta con sé l’impersonificazione.',
          tags: ['events'],
          responses: {
            200: { description: 'Il biglietto.', content: json({ type: 'object', properties: { ticket: { type: 'string' }, expiresAt: { type: 'string', format: 'date-time' }, serverTime: { type: 'string', format: 'date-time', description: 'L’ora del server, per il parametro `since` del flusso.' } }, required: ['ticket', 'expiresAt', 'serverTime'] }) },
            ...problems(401, 403, 503),
          },
        },
      },
      '/api/events': {
        get: {
          operationId: 'streamEvents',
          summary: 'Modifiche in diretta (Server-Sent Events)',
          description:
            '`event: change` con `{ type, id, version, action, by }` per ogni scrittura che chi ascolta può leggere; `event: resync` quando qualcosa può essere andato perso; `event: profile` (senza dati) quando cambiano l’utente di chi ascolta, uno dei suoi ruoli o delle sue zone: i suoi permessi vanno riletti; `: ping` ogni 20 s. Con `Authorization: Bearer` o `?ticket=`. Con `?since=` (un istante sull’orologio del server, vedi `serverTime` del biglietto) il flusso ripete prima le modifiche da quell’istante, o manda `event: resync` se non le conosce tutte (ne tiene 10 minuti).',
          tags: ['events'],
          security: [{ bearer: [] }, {}],
          parameters: [
            queryParameter('ticket', 'Biglietto di `POST /api/events/ticket`, al posto dell’intestazione.'),
            queryParameter('since', 'Istante ISO 8601 da cui ripetere le modifiche (orologio del server).'),
          ],
          responses: {
            200: { description: 'Il flusso.', content: { 'text/event-stream': { schema: { type: 'string' } } } },
            ...problems(400, 401, 403),
          },
        },
      },
      '/api/health': {
        get: {
          operationId: 'health',
          summary: 'Prontezza (database raggiungibile)',
          tags: ['health'],
          ...publicOperation,
          responses: {
            200: { description: 'Pronto.', content: json(ref('Health')) },
            503: { description: 'Database non raggiungibile.', content: json(ref('Health')) },
          },
        },
      },
      '/api/health/live': {
        get: {
          operationId: 'liveness',
          summary: 'Vitalità del processo',
          tags: ['health'],
          ...publicOperation,
          responses: { 200: { description: 'Il processo risponde.', content: json({ type: 'object', properties: { status: { const: 'ok' } }, required: ['status'] }) } },
        },
      },
      '/api/openapi.json': {
        get: {
          operationId: 'openApiDocument',
          summary: 'Questo documento',
          tags: ['health'],
          ...publicOperation,
          responses: { 200: { description: 'OpenAPI 3.1.', content: json({ type: 'object' }) } },
        },
      },
    },
    components: {
      schemas: {
        ...sink.schemas,
        Health: {
          type: 'object',
          properties: { status: { type: 'string', enum: ['ok', 'unavailable'] }, engine: { type: 'string', enum: ['pglite', 'postgres'] }, database: { type: 'string', enum: ['up', 'down'] } },
          required: ['status', 'engine', 'database'],
        },
        ...kindSchemas,
      },
      responses: problemResponses(),
      parameters: {
        IfMatch: {
          name: 'If-Match',
          in: 'header',
          required: false,
          description: 'La versione su cui si basa la scrittura (`ETag` della lettura). Senza, e senza `metadata.lastUpdatedDateTime` nel corpo: 428.',
          schema: { type: 'string' },
        },
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'Rende sicuro ripetere la scrittura (da 8 a 200 caratteri, un UUID): la stessa chiave con la stessa richiesta ripete la prima risposta riuscita ' +
            '(`Idempotent-Replayed: true`) senza scrivere di nuovo; con una richiesta diversa 422 `IDEMPOTENCY_KEY_REUSED`; mentre la prima è in corso 409 ' +
            '`IDEMPOTENCY_KEY_IN_USE`. Un rifiuto non resta legato alla chiave. Le chiavi sono di ciascun utente e valgono 14 giorni (`IDEMPOTENCY_KEY_TTL_DAYS`).',
          schema: { type: 'string', minLength: 8, maxLength: 200 },
        },
      },
      headers: { ETag: { description: 'La versione: `"<lastUpdatedDateTime>"`.', schema: { type: 'string' } } },
      securitySchemes: securitySchemes(options.auth),
    },
  };
}
