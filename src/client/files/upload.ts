/**
 * One file's upload (DESIGN §4 "Media"): `POST /api/media/uploads` makes the media row and answers
 * a signed link, then the bytes go to that link with XMLHttpRequest, whose upload events give the
 * progress (fetch cannot report it for a request body). Cancel aborts either step.
 */
import type { Entity } from '../../domain/entity.ts';
import { api } from '../api/client.ts';
import { ApiProblem } from '../api/http.ts';

export interface UploadTarget {
  /** The record the file is attached to (its API type and id). */
  owner?: { type: string; id: string };
  customerId?: string | null;
  parentId?: string | null;
}

export interface UploadLink {
  url: string;
  method: string;
  headers: Record<string, string>;
  expiresAt: string;
}

export interface UploadHandle {
  done: Promise<Entity>;
  cancel(): void;
}

export class UploadCancelled extends Error {
  constructor() {
    super('upload cancelled');
    this.name = 'UploadCancelled';
  }
}

/** The MIME type browsers leave empty for some files (.p7m, .msg): guessed from the name for the ones we accept. */
const byExtension: Record<string, string> = {
  p7m: 'application/pkcs7-mime',
  msg: 'application/vnd.ms-outlook',
  eml: 'message/rfc822',
  csv: 'text/csv',
  xml: 'application/xml',
};

export function mimeTypeOf(file: Pick<File, 'name' | 'type'>): string {
  if (file.type) return file.type;
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  return byExtension[extension] ?? 'application/octet-stream';
}

export function startUpload(file: File, target: UploadTarget, onProgress: (loaded: number, total: number) => void): UploadHandle {
  const abort = new AbortController();
  let xhr: XMLHttpRequest | undefined;
  const done = (async () => {
    const mimeType = mimeTypeOf(file);
    const answer = await api.post<{ data: Entity; upload: UploadLink }>(
      '/media/uploads',
      { name: file.name, mimeType, bytesCount: file.size, ...(target.owner ? { owner: target.owner } : {}), ...(target.customerId ? { customerId: target.customerId } : {}), ...(target.parentId ? { parentId: target.parentId } : {}) },
      { silent: true, signal: abort.signal },
    );
    if (abort.signal.aborted) throw new UploadCancelled();
    return new Promise<Entity>((resolve, reject) => {
      const request = new XMLHttpRequest();
      xhr = request;
      request.open(answer.upload.method, answer.upload.url);
      for (const [name, value] of Object.entries(answer.upload.headers)) request.setRequestHeader(name, value);
      request.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
      request.onload = () => {
        let body: Record<string, unknown> = {};
        try {
          body = JSON.parse(request.responseText) as Record<string, unknown>;
        } catch {
          /* not JSON: the status says it */
        }
        if (request.status >= 200 && request.status < 300) resolve((body as { data: Entity }).data);
        else reject(new ApiProblem(request.status, body));
      };
      request.onerror = () => reject(new ApiProblem(0, { code: 'NETWORK_ERROR' }));
      request.onabort = () => reject(new UploadCancelled());
      request.send(file);
    });
  })().catch((error: unknown) => {
    if (abort.signal.aborted) throw new UploadCancelled();
    throw error;
  });
  return {
    done,
    cancel() {
      abort.abort();
      xhr?.abort();
    },
  };
}

/** Opens a file the caller may read: the API answers a signed address for a while (SPEC §7). */
export async function downloadMedia(id: string, name: string): Promise<void> {
  const { data } = await api.get<{ data: { url: string } }>('/media/{id}/download', { params: { id }, headers: { accept: 'application/json' } });
  const link = document.createElement('a');
  link.href = data.url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
