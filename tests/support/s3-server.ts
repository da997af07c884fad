/**
 * A local S3-compatible server (s3rver) for tests of the S3 storage driver: started on a free
 * port with one bucket, its files in a temporary directory, nothing reached outside the machine.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../../src/server/config.ts';

export interface LocalS3 {
  config: S3Config;
  /** The S3_* variables that point the server's configuration at it. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startLocalS3(bucket = 'media-test'): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const address = (await server.run()) as unknown as { address: string; port: number };
  const endpoint = `http://127.0.0.1:${address.port}`;
  // s3rver's fixed credentials.
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    config: { endpoint, bucket, region: 'us-east-1', credentials, forcePathStyle: true, prefix: 'test/' },
    env: { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: credentials.accessKeyId, S3_SECRET_ACCESS_KEY: credentials.secretAccessKey },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
