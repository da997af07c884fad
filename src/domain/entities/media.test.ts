import { describe, expect, it } from 'vitest';
import { entitySchema } from '../kind.ts';
import { messages } from '../validation.ts';
import { SELF_SERVICE_RULES } from '../ability.ts';
import { kindList } from '../kinds.ts';
import { inlineImageTypes, media, mediaKindOf, normaliseMimeType, OWNER_TYPES_WITHOUT_FILES, serverFactIssues } from './media.ts';

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

  it('stores a MIME type bare and lower case, and refuses one that is not type/subtype', () => {
    expect(normaliseMimeType(' Image/PNG; charset=x')).toBe('image/png');
    expect(normaliseMimeType('image/png;,text/html')).toBe('image/png');
    expect(normaliseMimeType('image/png,text/html')).toBeNull();
    expect(normaliseMimeType('text/html image/png')).toBeNull();
    expect(normaliseMimeType('image/')).toBeNull();
    const file = (mimeType: string) => parse({ name: 'a.png', type: 'picture', mimeType });
    expect(file('image/png;,text/html').data?.attributes.mimeType).toBe('image/png');
    expect(file('IMAGE/PNG').data?.attributes.mimeType).toBe('image/png');
    expect(issues(file('image/png,text/html')).map((issue) => issue.path)).toContain('attributes.mimeType');
    expect(parse({ name: 'Cartella', nodeKind: 'folder' }).success).toBe(true);
    expect(inlineImageTypes.has('image/svg+xml')).toBe(false);
  });

  it('server facts: never given by a client (the declared size alone at creation), never changed by a PATCH', () => {
    const uploaded = { name: 'a.pdf', type: 'document', mimeType: 'application/pdf', bytesCount: 10, storageHandle: 'media/x', storagePolicy: 'disk', storedFileName: 'x', meta: { uploadedAt: '2026-06-15T08:00:00.000Z', sha256: 'ab' } };
    const paths = (issuesOf: ReturnType<typeof serverFactIssues>) => issuesOf.map((issue) => `${issue.path.join('.')}:${issue.code}`);
    // Creation: a declared size and an empty meta are no facts; anything else is.
    expect(serverFactIssues({ attributes: { name: 'a.pdf', bytesCount: 10, meta: {} } }, undefined)).toEqual([]);
    expect(paths(serverFactIssues({ attributes: { name: 'a.pdf', storageHandle: 'media/y', meta: { sha256: 'ff', generated: { documentType: 'quotation' } } } }, undefined))).toEqual([
      'attributes.storageHandle:readOnly', 'attributes.meta.sha256:readOnly', 'attributes.meta.generated:readOnly',
    ]);
    // Update: unchanged facts pass (a client sending the row back), changed ones are named.
    expect(serverFactIssues({ attributes: { ...uploaded, name: 'b.pdf' } }, { attributes: uploaded })).toEqual([]);
    expect(paths(serverFactIssues({ attributes: { ...uploaded, bytesCount: 99, storedFileName: 'y', meta: { uploadedAt: uploaded.meta.uploadedAt } } }, { attributes: uploaded }))).toEqual([
      'attributes.bytesCount:readOnly', 'attributes.storedFileName:readOnly', 'attributes.meta.sha256:readOnly',
    ]);
    // The type the bytes were checked against is fixed once they arrived; before that it may change.
    expect(paths(serverFactIssues({ attributes: { ...uploaded, mimeType: 'image/png' } }, { attributes: uploaded }))).toEqual(['attributes.mimeType:readOnly']);
    const pending = { ...uploaded, meta: { uploadNonce: 'n' } };
    expect(serverFactIssues({ attributes: { ...pending, mimeType: 'image/png' } }, { attributes: pending })).toEqual([]);
    // A row stored before types were normalised keeps its (normalised) type.
    expect(serverFactIssues({ attributes: { ...uploaded, mimeType: 'image/png' } }, { attributes: { ...uploaded, mimeType: 'image/png;,text/html' } })).toEqual([]);
  });

  it('no files on what every user keeps for themselves: the self-service kinds', () => {
    const subjects = new Set(SELF_SERVICE_RULES.flatMap((rule) => [rule.subject].flat()));
    const selfService = kindList.filter((kind) => subjects.has(kind.subject)).map((kind) => kind.type);
    expect(selfService.length).toBeGreaterThan(0);
    expect([...OWNER_TYPES_WITHOUT_FILES].sort()).toEqual(selfService.sort());
  });
});
