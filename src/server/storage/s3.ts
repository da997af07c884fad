/**
 * S3-compatible driver (AWS S3, MinIO, Ceph, Scaleway, …) with @aws-sdk/client-s3. Uploads are one
 * streamed PUT of a known length; downloads may be presigned GET addresses with the type and
 * disposition checked at upload forced on the answer.
 *
 * The SDK (~35 MB resident) loads with the first file operation, not when the API process starts,
 * and never with the disk store.
 */
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../config.ts';
import { checkKey, StorageNotFound, type MediaStorage, type PresignOptions, type PutOptions, type StoredObject } from './storage.ts';

type Sdk = typeof import('@aws-sdk/client-s3') & Pick<typeof import('@aws-sdk/s3-request-presigner'), 'getSignedUrl'>;
let sdkModules: Promise<Sdk> | undefined;
const loadSdk = () =>
  (sdkModules ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-request-presigner')]).then(([s3, presigner]) => ({ ...s3, getSignedUrl: presigner.getSignedUrl })));

function notFound(sdk: Sdk, error: unknown): boolean {
  return error instanceof sdk.S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);
}

export function s3Storage(config: S3Config, given?: S3Client): MediaStorage {
  const keyOf = (key: string) => `${config.prefix}${checkKey(key)}`;
  let ready: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
  const connect = () => (ready ??= loadSdk().then((sdk) => ({ sdk, client: given ?? s3Client(sdk, config) })));
  return {
    driver: 's3',
    async put(key: string, body: Readable, options: PutOptions): Promise<StoredObject> {
      if (options.size === undefined) throw new Error('s3: la lunghezza del contenuto è necessaria');
      // The SDK does not see the body's own failure (a dropped upload): it would wait for the missing bytes.
      const abort = new AbortController();
      const failed = new Promise<never>((_resolve, reject) => {
        body.once('error', (error) => {
          abort.abort(error);
          reject(error);
        });
      });
      failed.catch(() => undefined);
      const { sdk, client } = await connect();
      const sent = client.send(new sdk.PutObjectCommand({ Bucket: config.bucket, Key: keyOf(key), Body: body, ContentLength: options.size, ContentType: options.contentType }), { abortSignal: abort.signal });
      sent.catch(() => undefined);
      await Promise.race([sent, failed]);
      return { size: options.size };
    },
    async get(key: string): Promise<Readable> {
      const { sdk, client } = await connect();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket: config.bucket, Key: keyOf(key) }));
        return answer.Body as Readable;
      } catch (error) {
        if (notFound(sdk, error)) throw new StorageNotFound(key);
        throw error;
      }
    },
    async stat(key: string): Promise<StoredObject | null> {
      const { sdk, client } = await connect();
      try {
        const answer = await client.send(new sdk.HeadObjectCommand({ Bucket: config.bucket, Key: keyOf(key) }));
        return { size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (notFound(sdk, error)) return null;
        throw error;
      }
    },
    async delete(key: string): Promise<void> {
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: config.bucket, Key: keyOf(key) }));
    },
    async presignedDownload(key: string, options: PresignOptions): Promise<string> {
      const { sdk, client } = await connect();
      const command = new sdk.GetObjectCommand({
        Bucket: config.bucket,
        Key: keyOf(key),
        ResponseContentType: options.contentType,
        ResponseContentDisposition: options.contentDisposition,
      });
      return sdk.getSignedUrl(client, command, { expiresIn: options.expiresInSeconds });
    },
  };
}

export function s3Client(sdk: Pick<Sdk, 'S3Client'>, config: S3Config): S3Client {
  return new sdk.S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    forcePathStyle: config.forcePathStyle,
    // Checksums on every PUT need the whole body first or a trailer some S3-compatible servers refuse.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}
