/**
 * Versions of a re-issued document (issue 26 §5). An issued document is a stored file of its record
 * (`media` owned by the record): an intervention's report kept with `POST /api/{type}/{id}/document`
 * (`meta.generated.documentType`), a course certificate issued by its edition (`meta.courseEditionId`).
 * Issuing it again after a correction stores a new file and keeps the old one; the files of one
 * document are its versions, the newest the one in force. Any other file is a document of its own.
 */
import type { EntityJson } from '../entity.ts';

export interface DocumentVersion {
  /** The file. */
  media: EntityJson;
  /** 1 for the first issue. */
  number: number;
  /** When this version was issued (the file's creation). */
  issuedAt: string;
}

export interface VersionedDocument {
  /** What makes two files versions of one document. */
  key: string;
  /** The version in force: the newest. */
  current: DocumentVersion;
  /** Every version, newest first (the current one included). */
  versions: DocumentVersion[];
}

const metaOf = (media: EntityJson) => (media.attributes.meta ?? {}) as { generated?: { documentType?: unknown }; courseEditionId?: unknown; uploadedAt?: unknown };

/** The identity of the document a file is a version of. */
export function documentKeyOf(media: EntityJson): string {
  const meta = metaOf(media);
  const owner = `${String(media.relationships.ownerType ?? '')}:${String(media.relationships.ownerId ?? '')}`;
  if (typeof meta.generated?.documentType === 'string') return `${owner}:${meta.generated.documentType}`;
  if (typeof meta.courseEditionId === 'string') return `${owner}:courseEdition:${meta.courseEditionId}`;
  return `media:${media.id}`;
}

const issuedAtOf = (media: EntityJson) => String(media.metadata.createdDateTime ?? metaOf(media).uploadedAt ?? '');

/** Files grouped into documents with numbered versions; documents in the order of their newest version, newest first. */
export function documentVersions(files: readonly EntityJson[]): VersionedDocument[] {
  const byKey = new Map<string, EntityJson[]>();
  for (const media of files) {
    const key = documentKeyOf(media);
    byKey.set(key, [...(byKey.get(key) ?? []), media]);
  }
  const documents = [...byKey].map(([key, group]) => {
    const oldestFirst = group.toSorted((a, b) => issuedAtOf(a).localeCompare(issuedAtOf(b)) || a.id.localeCompare(b.id));
    const versions = oldestFirst.map((media, index) => ({ media, number: index + 1, issuedAt: issuedAtOf(media) })).reverse();
    return { key, current: versions[0]!, versions };
  });
  return documents.sort((a, b) => b.current.issuedAt.localeCompare(a.current.issuedAt));
}
