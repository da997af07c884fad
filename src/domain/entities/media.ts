/**
 * Media (SPEC §3): stored files and the folders of a customer's media tree. The bytes live in the
 * media store behind signed addresses (SPEC §7); this entity is what we know about them.
 *
 * Subject `customer`: SPEC §6 has no media subject, and files belong to customers (attachments,
 * logos, equipment pictures, certificates, signed quotations), so a customer user's access to its
 * own customer carries over to its files through relationships.customerId.
 *
 * A file attached to a record (relationships.ownerType/ownerId: a check's photo, a quotation's signed
 * copy) is written through that record (`attachedTo`): who may update the record may attach files to
 * it, without any right on customers (a technician adds photos to the checks of an intervention).
 */
import { z } from 'zod';
import { defineKind, type EntityShape, type RuleIssue } from '../kind.ts';
import { mediaKinds, mediaNodeKinds } from '../enums.ts';
import { messages, nonNegativeInt, optionalText, requiredText } from '../validation.ts';

export type MediaKind = (typeof mediaKinds)[number];

/** Documents we accept: office formats, PDF, text, e-invoices (XML, signed P7M) and e-mails. */
export const documentMimeTypes: ReadonlySet<string> = new Set([
  'application/pdf',
  'text/plain',
  'text/csv',
  'application/rtf',
  'application/xml',
  'text/xml',
  'application/pkcs7-mime',
  'message/rfc822',
  'application/vnd.ms-outlook',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'application/zip',
]);

/** The media kind a MIME type belongs to, or null when such files are not allowed (SPEC §5). */
export function mediaKindOf(mimeType: string): MediaKind | null {
  const type = bareMimeType(mimeType);
  if (/^image\/[\w.+-]+$/.test(type)) return 'picture';
  if (/^video\/[\w.+-]+$/.test(type)) return 'video';
  if (/^audio\/[\w.+-]+$/.test(type)) return 'audio';
  return documentMimeTypes.has(type) ? 'document' : null;
}

/**
 * Image preview (SPEC §9): the blurhash is made from a rendition resized to 32 px on its longest
 * side, with 4×4 components; the thumbnail shown in file lists is larger, for sharp display at 2×.
 */
export const imagePreview = {
  blurhashSide: 32,
  components: 4,
  thumbnailSide: 160,
  /** Larger pictures are kept without a preview (the default of MEDIA_THUMBNAIL_MAX_MEGAPIXELS: 50 megapixels). */
  maxPixels: 50_000_000,
  /** Larger image files are kept without a preview: their bytes are not read into memory to make one. */
  maxBytes: 100 * 1024 * 1024,
} as const;

/** Short names of the document types, for the list of allowed types a refusal shows (SPEC §5, §8). */
const documentTypeNames: Record<string, string> = {
  'application/pdf': 'PDF',
  'text/plain': 'TXT',
  'text/csv': 'CSV',
  'application/rtf': 'RTF',
  'application/xml': 'XML',
  'text/xml': 'XML',
  'application/pkcs7-mime': 'P7M',
  'message/rfc822': 'EML',
  'application/vnd.ms-outlook': 'MSG',
  'application/msword': 'DOC',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
  'application/vnd.ms-excel': 'XLS',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'XLSX',
  'application/vnd.ms-powerpoint': 'PPT',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PPTX',
  'application/vnd.oasis.opendocument.text': 'ODT',
  'application/vnd.oasis.opendocument.spreadsheet': 'ODS',
  'application/vnd.oasis.opendocument.presentation': 'ODP',
  'application/zip': 'ZIP',
};
const familyNames: Record<string, string> = { image: 'immagini', video: 'video', audio: 'audio' };

/** The bare MIME type, lower case, without parameters. */
export function bareMimeType(mimeType: string): string {
  return mimeType.trim().toLowerCase().split(';')[0]?.trim() ?? '';
}

/** A bare MIME type (RFC 6838 restricted names): `type/subtype`, nothing else. */
const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/**
 * What a file's type is stored and served as: `image/png` from ` Image/PNG; charset=x`, parameters
 * dropped; null when what is left is not `type/subtype` (`image/png,text/html`), so that nothing a
 * browser could read as another type (`image/png;,text/html` renders as HTML) is ever stored or sent.
 */
export function normaliseMimeType(mimeType: string): string | null {
  const type = bareMimeType(mimeType);
  return MIME_TYPE.test(type) ? type : null;
}

export const INVALID_MIME_TYPE_MESSAGE = 'Tipo di file non valido: atteso tipo/sottotipo (es. application/pdf)';

/**
 * Raster images a browser shows in place, with `nosniff`; every other file (SVG, which can carry
 * scripts, PDF, documents) is served as a download.
 */
export const inlineImageTypes: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/bmp']);

/** Whether `mimeType` is one of `allowed` (`image/*` covers every image type). */
export function isAllowedType(allowed: readonly string[], mimeType: string): boolean {
  const type = bareMimeType(mimeType);
  if (mediaKindOf(type) === null) return false;
  return allowed.some((entry) => entry === type || (entry.endsWith('/*') && type.startsWith(entry.slice(0, -1))));
}

/** `immagini, video, PDF, DOCX, …`: the allowed types as people know them. */
export function describeAllowedTypes(allowed: readonly string[]): string {
  const names = allowed.map((entry) => (entry.endsWith('/*') ? (familyNames[entry.slice(0, -2)] ?? entry) : (documentTypeNames[entry] ?? entry)));
  return [...new Set(names)].join(', ');
}

/** The message of a refused type, with the allowed list (SPEC §5, §8). */
export function fileTypeNotAllowedMessage(allowed: readonly string[]): string {
  return `${messages.fileTypeNotAllowed}. Tipi consentiti: ${describeAllowedTypes(allowed)}`;
}

/** SPEC §5: two folders side by side never share a name (compared without case and outer spaces). */
export const FOLDER_EXISTS_MESSAGE = 'È già presente una cartella con questo nome';
export function sameFolderName(a: string, b: string): boolean {
  return a.trim().toLocaleLowerCase('it') === b.trim().toLocaleLowerCase('it');
}

/** `pdf` from `Preventivo firmato.PDF`; undefined without an extension. */
export function extensionOf(name: string): string | undefined {
  const match = /\.([A-Za-z0-9]{1,20})$/.exec(name.trim());
  return match?.[1]?.toLowerCase();
}

export const mediaAttributes = z.strictObject({
  nodeKind: z.enum(mediaNodeKinds).default('media'),
  /** Required for files; folders have none. */
  type: z.enum(mediaKinds).optional(),
  name: requiredText(255),
  /** Stored bare (`image/png`, parameters dropped); anything that is not `type/subtype` is refused. */
  mimeType: z
    .string()
    .max(200)
    .overwrite((value) => (value.trim() === '' ? '' : (normaliseMimeType(value) ?? value)))
    .refine((value) => value === '' || MIME_TYPE.test(value), { message: INVALID_MIME_TYPE_MESSAGE, params: { code: 'invalidMimeType' } })
    .optional(),
  /** Declared when the upload link is asked for, then the size the server received (a server fact: `mediaServerFacts`). */
  bytesCount: nonNegativeInt().optional(),
  /** What the upload learnt about the file: width, height, duration, blurhash (SPEC §9 preview). */
  meta: z.record(z.string().max(100), z.json()).default({}),
  extension: optionalText(20),
  storageHandle: optionalText(1000),
  storagePolicy: optionalText(50),
  storedFileName: optionalText(255),
  /** The folder this node sits in; absent at the root. */
  parentId: z.uuid().nullable().optional(),
});

export const mediaRelationships = z.strictObject({
  /** The customer whose files these are; absent for the provider's own files (report logos, templates). */
  customerId: z.uuid().nullable().optional(),
  /** The record the file is attached to, by API type and id (an equipment, a quotation, …). */
  ownerType: z.string().regex(/^[a-z][A-Za-z]{0,49}$/, messages.invalidValue).nullable().optional(),
  ownerId: z.uuid().nullable().optional(),
});

type MediaShape = EntityShape & {
  attributes: z.infer<typeof mediaAttributes>;
  relationships: z.infer<typeof mediaRelationships>;
};

/** A file needs its kind and a MIME type of that kind; an owner is named by both type and id. */
export function mediaIssues(entity: MediaShape): RuleIssue[] {
  const { attributes, relationships } = entity;
  const issues: RuleIssue[] = [];
  const required = (path: PropertyKey[]): RuleIssue => ({ path, code: 'required', message: messages.required });
  if (attributes.nodeKind === 'media') {
    if (!attributes.type) issues.push(required(['attributes', 'type']));
    if (!attributes.mimeType) issues.push(required(['attributes', 'mimeType']));
    else if (attributes.type && mediaKindOf(attributes.mimeType) !== attributes.type) {
      issues.push({ path: ['attributes', 'mimeType'], code: 'fileTypeNotAllowed', message: messages.fileTypeNotAllowed });
    }
  }
  if (relationships.ownerId && !relationships.ownerType) issues.push(required(['relationships', 'ownerType']));
  if (relationships.ownerType && !relationships.ownerId) issues.push(required(['relationships', 'ownerId']));
  return issues;
}

/**
 * Records a file may not be attached to: what every user keeps for themselves (SELF_SERVICE_RULES of
 * domain/ability.ts: saved views, user settings). Whoever may update a record may attach files to it,
 * so on these any user, a customer's included, could store files of their own without any right on
 * files; a unit test keeps this list in step with the self-service rules.
 */
export const OWNER_TYPES_WITHOUT_FILES: ReadonlySet<string> = new Set(['savedViews', 'userSettings']);
export const OWNER_NOT_ALLOWED_MESSAGE = 'Non si possono allegare file a viste salvate o impostazioni utente';

/**
 * What the server alone records about a file's bytes (SPEC §7): where they are, their size once
 * received, and everything in `meta` (SHA-256, upload state, image size, blurhash and thumbnail, what a
 * generated document or certificate was made from). A client never sets them and never changes them:
 * a wrong size cuts or hangs a download, a forged `meta.generated` would make any PDF pass for the
 * server's own document. `bytesCount` alone may be given when the row is created (the size the upload
 * link is then bound to); the server replaces it with the size it received.
 */
export const mediaServerFacts: readonly { path: readonly string[]; atCreation: boolean }[] = [
  { path: ['attributes', 'bytesCount'], atCreation: true },
  { path: ['attributes', 'storageHandle'], atCreation: false },
  { path: ['attributes', 'storagePolicy'], atCreation: false },
  { path: ['attributes', 'storedFileName'], atCreation: false },
  { path: ['attributes', 'meta'], atCreation: false },
];
export const READ_ONLY_MESSAGE = 'Campo di sola lettura';

const isPlainRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const valueAt = (value: unknown, path: readonly string[]): unknown => path.reduce<unknown>((at, key) => (isPlainRecord(at) ? at[key] : undefined), value);
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const emptyMeta = (value: unknown) => value === undefined || value === null || (isPlainRecord(value) && Object.keys(value).length === 0);

/**
 * The server facts (`mediaServerFacts`) a client's write would set or change, as `readOnly` issues:
 * on a create (`previous` undefined) any of them given (an empty `meta` is no fact); on an update any
 * that differs from the stored row, named down to the `meta` key. Once the bytes arrived, the MIME type
 * they were checked against is fixed too.
 */
export function serverFactIssues(data: Pick<EntityShape, 'attributes'>, previous: Pick<EntityShape, 'attributes'> | undefined): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const readOnly = (path: PropertyKey[]): RuleIssue => ({ path, code: 'readOnly', message: READ_ONLY_MESSAGE });
  for (const fact of mediaServerFacts) {
    const next = valueAt(data, fact.path);
    const last = previous ? valueAt(previous, fact.path) : undefined;
    const isMeta = fact.path[fact.path.length - 1] === 'meta';
    if (!previous) {
      if (fact.atCreation || (isMeta ? emptyMeta(next) : next === undefined || next === null)) continue;
    } else if (sameJson(next, last)) continue;
    if (isMeta && (isPlainRecord(next) || isPlainRecord(last))) {
      const before = isPlainRecord(last) ? last : {};
      const after = isPlainRecord(next) ? next : {};
      for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
        if (!sameJson(before[key], after[key])) issues.push(readOnly([...fact.path, key]));
      }
    } else issues.push(readOnly([...fact.path]));
  }
  const uploaded = previous && isPlainRecord(previous.attributes.meta) && Boolean(previous.attributes.meta.uploadedAt);
  const typeOf = (value: unknown) => (typeof value === 'string' ? (normaliseMimeType(value) ?? value) : value);
  if (uploaded && typeOf(data.attributes.mimeType) !== typeOf(previous.attributes.mimeType)) issues.push(readOnly(['attributes', 'mimeType']));
  return issues;
}

export const media = defineKind({
  type: 'media',
  subject: 'customer',
  label: { singular: 'File', plural: 'File' },
  attributes: mediaAttributes,
  metadata: z.strictObject({}),
  relationships: mediaRelationships,
  fields: {
    nodeKind: { path: 'attributes.nodeKind', type: 'text' },
    type: { path: 'attributes.type', type: 'text' },
    name: { path: 'attributes.name', type: 'text', sortable: true },
    bytesCount: { path: 'attributes.bytesCount', type: 'number', sortable: true, range: true },
    parentId: { path: 'attributes.parentId', type: 'uuid' },
    customerId: { path: 'relationships.customerId', type: 'uuid' },
    ownerId: { path: 'relationships.ownerId', type: 'uuid' },
    // What a file belongs to (`employees`: a course certificate; the customer's files section lists them).
    ownerType: { path: 'relationships.ownerType', type: 'text' },
  },
  fullText: ['attributes.name'],
  references: {
    'attributes.parentId': { target: 'media' },
    'relationships.customerId': { target: 'customers' },
  },
  rules: (entity) => mediaIssues(entity as MediaShape),
  attachedTo: { typePath: 'relationships.ownerType', idPath: 'relationships.ownerId' },
  title: (entity) => (entity as MediaShape).attributes.name,
});
