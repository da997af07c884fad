/** The store the configuration names: S3 when S3_BUCKET is set, else the disk under DATA_DIR/media. */
import type { MediaConfig } from '../config.ts';
import { diskStorage } from './disk.ts';
import { s3Storage } from './s3.ts';
import type { MediaStorage } from './storage.ts';

export type { MediaStorage } from './storage.ts';
export { StorageNotFound } from './storage.ts';

export function createStorage(config: MediaConfig): MediaStorage {
  return config.driver === 's3' && config.s3 ? s3Storage(config.s3) : diskStorage(config.dir);
}
