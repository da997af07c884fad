/** Disk driver: one file per key under the media directory, written to a temporary name and renamed whole. */
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { checkKey, StorageNotFound, type MediaStorage, type PutOptions, type StoredObject } from './storage.ts';

export function diskStorage(root: string): MediaStorage {
  const fileOf = (key: string) => path.join(root, ...checkKey(key).split('/'));
  return {
    driver: 'disk',
    async put(key: string, body: Readable, _options: PutOptions): Promise<StoredObject> {
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}.${randomUUID()}.part`;
      try {
        await pipeline(body, fs.createWriteStream(partial, { flags: 'wx' }));
        await fs.promises.rename(partial, file);
      } catch (error) {
        await fs.promises.rm(partial, { force: true });
        throw error;
      }
      return { size: (await fs.promises.stat(file)).size };
    },
    async get(key: string): Promise<Readable> {
      const file = fileOf(key);
      // Open first: a missing file is StorageNotFound now, not a stream error later.
      const handle = await fs.promises.open(file, 'r').catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'ENOENT' ? new StorageNotFound(key) : error;
      });
      return handle.createReadStream();
    },
    async stat(key: string): Promise<StoredObject | null> {
      try {
        const stats = await fs.promises.stat(fileOf(key));
        return stats.isFile() ? { size: stats.size } : null;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key: string): Promise<void> {
      await fs.promises.rm(fileOf(key), { force: true });
    },
  };
}
