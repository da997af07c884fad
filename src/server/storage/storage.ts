/**
 * Where the bytes of media files live (SPEC §3, §7). One interface, two drivers: the local disk
 * under DATA_DIR/media (the default) and any S3-compatible store. Bytes always move as streams.
 */
import type { Readable } from 'node:stream';

export interface StoredObject {
  size: number;
}

export interface PutOptions {
  contentType: string;
  /** The exact length of the body, when known (S3 needs it for a single streamed PUT). */
  size?: number;
}

export interface PresignOptions {
  expiresInSeconds: number;
  /** What the answer's Content-Type and Content-Disposition will say (S3 response overrides). */
  contentType: string;
  contentDisposition: string;
}

export interface MediaStorage {
  readonly driver: 'disk' | 's3';
  /** Writes the stream under `key`, replacing what was there; the object appears whole or not at all. */
  put(key: string, body: Readable, options: PutOptions): Promise<StoredObject>;
  /** The object's bytes; StorageNotFound when there is none. */
  get(key: string): Promise<Readable>;
  /** The object's size, or null when there is none. */
  stat(key: string): Promise<StoredObject | null>;
  /** Removes the object; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  /** A signed, expiring address the browser may fetch the object from directly (S3); undefined when the store has none (disk). */
  presignedDownload?(key: string, options: PresignOptions): Promise<string>;
}

export class StorageNotFound extends Error {
  constructor(key: string) {
    super(`oggetto non trovato: ${key}`);
    this.name = 'StorageNotFound';
  }
}

/** Keys are ours (`media/<uuid>`); anything else is a programming error, never a path out of the store. */
export function checkKey(key: string): string {
  if (!/^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`chiave di archiviazione non valida: ${key}`);
  }
  return key;
}
