/** The entity JSON of the API (DESIGN §4): `{ id, attributes, metadata, relationships }`. */

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

export interface Entity {
  id: string;
  attributes: Record<string, unknown>;
  metadata: Record<string, unknown> & CommonMetadata;
  relationships: Record<string, unknown>;
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
