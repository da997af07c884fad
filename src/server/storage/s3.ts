/**
 * S3-compatible driver (AWS S3, MinIO, Ceph, Scaleway, …) with @aws-sdk/client-s3. Uploads are one
 * streamed PUT of a known length; downloads may be presigned GET addresses with the type and
 * disposition checked at upload forced on the answer.
 */
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Config } from '../config.ts';
import { checkKey, StorageNotFound, type MediaStorage, type PresignOptions, type PutOptions, type StoredObject } from './storage.ts';

function notFound(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);
}

export function s3Storage(config: S3Config, client = s3Client(config)): MediaStorage {
  const keyOf = (key: string) => `${config.prefix}${checkKey(key)}`;
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
      const sent = client.send(new PutObjectCommand({ Bucket: config.bucket, Key: keyOf(key), Body: body, ContentLength: options.size, ContentType: options.contentType }), { abortSignal: abort.signal });
      sent.catch(() => undefined);
      await Promise.race([sent, failed]);
      return { size: options.size };
    },
    async get(key: string): Promise<Readable> {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: keyOf(key) }));
        return answer.Body as Readable;
      } catch (error) {
        if (notFound(error)) throw new StorageNotFound(key);
        throw error;
      }
    },
    async stat(key: string): Promise<StoredObject | null> {
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket: config.bucket, Key: keyOf(key) }));
        return { size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async delete(key: string): Promise<void> {
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: keyOf(key) }));
    },
    async presignedDownload(key: string, options: PresignOptions): Promise<string> {
      const command = new GetObjectCommand({
        Bucket: config.bucket,
        Key: keyOf(key),
        ResponseContentType: options.contentType,
        ResponseContentDisposition: options.contentDisposition,
      });
      return getSignedUrl(client, command, { expiresIn: options.expiresInSeconds });
    },
  };
}

export function s3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    forcePathStyle: config.forcePathStyle,
    // Checksums on every PUT need the whole body first or a trailer some S3-compatible servers refuse.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}
