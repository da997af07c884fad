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
  /** Larger pictures are kept without a preview (sharp's default limit, 268 megapixels). */
  maxPixels: 268_402_689,
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
  mimeType: optionalText(200),
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
