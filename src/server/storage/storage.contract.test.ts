/** One contract, both drivers: the disk under a temporary directory, and S3 against a local S3-compatible server. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diskStorage } from './disk.ts';
import { s3Storage } from './s3.ts';
import { StorageNotFound, type MediaStorage } from './storage.ts';
import { startLocalS3, type LocalS3 } from '../../../tests/support/s3-server.ts';

const drivers: { name: string; open(): Promise<{ storage: MediaStorage; close(): Promise<void> }> }[] = [
  {
    name: 'disk',
    async open() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-disk-'));
      return { storage: diskStorage(dir), close: async () => fs.rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 's3',
    async open() {
      const s3: LocalS3 = await startLocalS3();
      return { storage: s3Storage(s3.config), close: () => s3.close() };
    },
  },
];

/** A stream of `count` chunks of 64 KiB, made as it is read. */
function chunks(count: number, fill: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      this.push(sent++ < count ? Buffer.alloc(64 * 1024, fill) : null);
    },
  });
}

describe.each(drivers)('storage contract: $name', (driver) => {
  let storage: MediaStorage;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, close } = await driver.open());
  }, 30_000);
  afterAll(async () => close?.());

  it('stores a stream and gives the same bytes back, with its size', async () => {
    const body = Buffer.from('%PDF-1.7 contenuto di prova àèìòù');
    expect(await storage.put('media/a', Readable.from([body]), { contentType: 'application/pdf', size: body.length })).toEqual({ size: body.length });
    expect(await storage.stat('media/a')).toEqual({ size: body.length });
    expect(await buffer(await storage.get('media/a'))).toEqual(body);
  });

  it('streams a larger object through without changing it', async () => {
    const size = 40 * 64 * 1024;
    await storage.put('media/big', chunks(40, 7), { contentType: 'application/octet-stream', size });
    expect(await storage.stat('media/big')).toEqual({ size });
    const back = await buffer(await storage.get('media/big'));
    expect(back.length).toBe(size);
    expect(back.every((byte) => byte === 7)).toBe(true);
  });

  it('replaces an object put again under the same key', async () => {
    await storage.put('media/r', Readable.from([Buffer.from('uno')]), { contentType: 'text/plain', size: 3 });
    await storage.put('media/r', Readable.from([Buffer.from('dueee')]), { contentType: 'text/plain', size: 5 });
    expect((await buffer(await storage.get('media/r'))).toString()).toBe('dueee');
  });

  it('tells a missing object: stat null, get StorageNotFound, delete quietly', async () => {
    expect(await storage.stat('media/missing')).toBeNull();
    await expect(storage.get('media/missing')).rejects.toBeInstanceOf(StorageNotFound);
    await expect(storage.delete('media/missing')).resolves.toBeUndefined();
  });

  it('deletes', async () => {
    await storage.put('media/d', Readable.from([Buffer.from('x')]), { contentType: 'text/plain', size: 1 });
    await storage.delete('media/d');
    expect(await storage.stat('media/d')).toBeNull();
  });

  it('keeps nothing of a put whose stream fails', async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('connessione interrotta'));
      },
    });
    await expect(storage.put('media/f', failing, { contentType: 'text/plain', size: 10 })).rejects.toThrow();
    expect(await storage.stat('media/f')).toBeNull();
  });

  it('refuses keys that could leave the store', async () => {
    await expect(storage.put('../etc/passwd', Readable.from([Buffer.from('x')]), { contentType: 'text/plain', size: 1 })).rejects.toThrow(/chiave/);
    await expect(storage.get('media/../../x')).rejects.toThrow(/chiave/);
  });

  it('presigns an expiring download with the type and disposition forced (S3 only)', async () => {
    if (!storage.presignedDownload) return expect(driver.name).toBe('disk');
    await storage.put('media/p', Readable.from([Buffer.from('<html>ciao</html>')]), { contentType: 'text/html', size: 17 });
    const url = await storage.presignedDownload('media/p', { expiresInSeconds: 60, contentType: 'text/plain', contentDisposition: 'attachment; filename="p.txt"' });
    const answer = await fetch(url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/plain');
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="p.txt"');
    expect(await answer.text()).toBe('<html>ciao</html>');
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('60');
    // Checking the signature is the store's own work (the local test server does not).
  });
});
