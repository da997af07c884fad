import { describe, expect, it } from 'vitest';
import type { EntityJson } from '../entity.ts';
import { documentKeyOf, documentVersions } from './versions.ts';

const file = (id: string, createdDateTime: string, owner: [string, string], meta: Record<string, unknown> = {}): EntityJson => ({
  id,
  attributes: { nodeKind: 'media', name: `${id}.pdf`, meta },
  metadata: { createdDateTime },
  relationships: { ownerType: owner[0], ownerId: owner[1] },
});

describe('documentVersions', () => {
  it('numbers the issues of one report, the newest in force, and keeps other documents apart', () => {
    const report = { generated: { documentType: 'interventionReport' } };
    const files = [
      file('r1', '2026-11-20T09:00:00.000Z', ['assignments', 'a1'], report),
      file('r3', '2026-11-27T16:00:00.000Z', ['assignments', 'a1'], report),
      file('r2', '2026-11-22T10:00:00.000Z', ['assignments', 'a1'], report),
      file('other', '2026-11-21T10:00:00.000Z', ['assignments', 'a2'], report),
    ];
    const documents = documentVersions(files);
    expect(documents.map((d) => d.current.media.id)).toEqual(['r3', 'other']);
    expect(documents[0]!.versions.map((v) => [v.media.id, v.number])).toEqual([['r3', 3], ['r2', 2], ['r1', 1]]);
    expect(documents[1]!.versions).toHaveLength(1);
    expect(documents[1]!.current.number).toBe(1);
  });

  it('tells a certificate re-issued for the same edition from one of another edition of the same employee', () => {
    const a = file('c1', '2026-01-10T08:00:00.000Z', ['employees', 'e1'], { courseEditionId: 'ed1' });
    const b = file('c2', '2026-02-10T08:00:00.000Z', ['employees', 'e1'], { courseEditionId: 'ed1' });
    const c = file('c3', '2026-03-10T08:00:00.000Z', ['employees', 'e1'], { courseEditionId: 'ed2' });
    expect(documentKeyOf(a)).toBe(documentKeyOf(b));
    expect(documentKeyOf(a)).not.toBe(documentKeyOf(c));
    expect(documentVersions([a, b, c]).map((d) => d.versions.map((v) => v.media.id))).toEqual([['c3'], ['c2', 'c1']]);
  });

  it('keeps a file uploaded by hand a document of its own, even beside issued ones of its record', () => {
    const issued = file('r1', '2026-11-20T09:00:00.000Z', ['assignments', 'a1'], { generated: { documentType: 'interventionReport' } });
    const photo = file('p1', '2026-11-20T09:05:00.000Z', ['assignments', 'a1']);
    const photo2 = file('p2', '2026-11-20T09:06:00.000Z', ['assignments', 'a1']);
    expect(documentVersions([issued, photo, photo2]).map((d) => d.versions.length)).toEqual([1, 1, 1]);
  });

  it('orders issues of the same instant by id, so the numbering never changes between reads', () => {
    const report = { generated: { documentType: 'interventionReport' } };
    const same = '2026-11-20T09:00:00.000Z';
    const once = documentVersions([file('b', same, ['assignments', 'a1'], report), file('a', same, ['assignments', 'a1'], report)]);
    const again = documentVersions([file('a', same, ['assignments', 'a1'], report), file('b', same, ['assignments', 'a1'], report)]);
    expect(once[0]!.versions.map((v) => v.media.id)).toEqual(['b', 'a']);
    expect(again[0]!.versions.map((v) => v.media.id)).toEqual(['b', 'a']);
  });
});
