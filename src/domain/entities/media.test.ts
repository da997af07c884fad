import { describe, expect, it } from 'vitest';
import { entitySchema } from '../kind.ts';
import { messages } from '../validation.ts';
import { media, mediaKindOf } from './media.ts';

const ownerId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const parse = (attributes: object, relationships: object = {}) => entitySchema(media).safeParse({ attributes, relationships });
const issues = (result: ReturnType<typeof parse>) =>
  (result.error?.issues ?? []).map((issue) => ({ path: issue.path.join('.'), message: issue.message }));

describe('media', () => {
  it('tells the kind of a file from its MIME type, refusing what is not allowed', () => {
    expect(mediaKindOf('image/jpeg')).toBe('picture');
    expect(mediaKindOf('Video/MP4')).toBe('video');
    expect(mediaKindOf('audio/mpeg')).toBe('audio');
    expect(mediaKindOf('application/pdf')).toBe('document');
    expect(mediaKindOf('text/plain; charset=utf-8')).toBe('document');
    expect(mediaKindOf('application/x-msdownload')).toBeNull();
    expect(mediaKindOf('application/octet-stream')).toBeNull();
  });

  it('SPEC §5: a file whose type is not allowed, or not of its kind, is refused', () => {
    expect(issues(parse({ name: 'setup.exe', type: 'document', mimeType: 'application/x-msdownload' }))).toEqual([
      { path: 'attributes.mimeType', message: messages.fileTypeNotAllowed },
    ]);
    expect(issues(parse({ name: 'foto.pdf', type: 'picture', mimeType: 'application/pdf' }))).toEqual([
      { path: 'attributes.mimeType', message: messages.fileTypeNotAllowed },
    ]);
    expect(issues(parse({ name: 'verbale.pdf', type: 'document', mimeType: 'application/pdf', bytesCount: 1024, meta: { pages: 2 } }))).toEqual([]);
  });

  it('needs kind and MIME type for files, not for folders', () => {
    expect(issues(parse({ name: 'senza tipo' }))).toEqual([
      { path: 'attributes.type', message: messages.required },
      { path: 'attributes.mimeType', message: messages.required },
    ]);
    expect(issues(parse({ name: 'Certificati', nodeKind: 'folder' }))).toEqual([]);
  });

  it('names the record it is attached to by both type and id', () => {
    const file = { name: 'a.jpg', type: 'picture', mimeType: 'image/jpeg' };
    expect(issues(parse(file, { ownerId }))).toEqual([{ path: 'relationships.ownerType', message: messages.required }]);
    expect(issues(parse(file, { ownerType: 'equipments' }))).toEqual([{ path: 'relationships.ownerId', message: messages.required }]);
    expect(issues(parse(file, { ownerType: 'equipments', ownerId }))).toEqual([]);
    expect(parse(file, { ownerType: 'DROP TABLE', ownerId }).success).toBe(false);
  });

  it('is strict', () => {
    expect(parse({ name: 'Cartella', nodeKind: 'folder', url: 'https://x' }).success).toBe(false);
  });
});
