/**
 * The entity JSON of the API (DESIGN §4): `{ id, attributes, metadata, relationships }`. One wire
 * type for the server, the client, the commands and the tests.
 */

export interface CommonMetadata {
  createdDateTime: string;
  lastUpdatedDateTime: string;
  deletedDateTime: string | null;
  createdBy: string | null;
  lastUpdatedBy: string | null;
  deletedBy: string | null;
  isDeleted: boolean;
  isArchived: boolean;
}

/** An entity as it travels; `metadata` is loose for a record not stored yet (a new form). */
export interface EntityJson<Metadata extends Record<string, unknown> = Record<string, unknown>> {
  id: string;
  attributes: Record<string, unknown>;
  metadata: Metadata;
  relationships: Record<string, unknown>;
}

/** An entity as the API answers it: stored, with its common metadata (SPEC §3). */
export type Entity = EntityJson<Record<string, unknown> & CommonMetadata>;

/** The version a write must name (`If-Match`): the last update's timestamp. */
export function versionOf(entity: Pick<EntityJson, 'metadata'>): string {
  return String(entity.metadata.lastUpdatedDateTime ?? '');
}

/** What a write stores; the common metadata is filled by the repository. */
export interface EntityData {
  attributes: Record<string, unknown>;
  /** Writable plus derived kind metadata (never the common metadata). */
  metadata: Record<string, unknown>;
  relationships: Record<string, unknown>;
}

export const COMMON_METADATA_KEYS: readonly (keyof CommonMetadata)[] = [
  'createdDateTime', 'lastUpdatedDateTime', 'deletedDateTime', 'createdBy', 'lastUpdatedBy', 'deletedBy', 'isDeleted', 'isArchived',
];

/** Markers the server keeps beside the common metadata: a cascade's origin, the owner deleted with, who impersonated. */
const SERVER_MARKER_KEYS = new Set<string>(['cascadedBy', 'deletedWith']);

/**
 * Metadata the device adds to a record it keeps (issue 25, offline/device-records.ts): how many of its
 * changes wait (`unsent`) and the last one's sequence (`localSeq`). Its own bookkeeping: never shown, never sent.
 */
export const DEVICE_METADATA_KEYS: readonly string[] = ['unsent', 'localSeq'];

/** Metadata only the server writes (common metadata and its markers): never taken from a body, never a user's change. */
export function isServerMetadataKey(key: string): boolean {
  return COMMON_METADATA_KEYS.includes(key as never) || SERVER_MARKER_KEYS.has(key) || key.endsWith('ByImpersonator');
}
