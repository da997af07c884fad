import { describe, expect, it } from 'vitest';
import { findKind } from '../../../domain/kinds.ts';
import { allFields, kindSections, type FieldSpec } from '../schema-fields.ts';
import { attachmentsShapeOf, itemExtraFields } from './attachments-editor.tsx';
import { formatBytes, mediaIdsOf } from '../../files/attachments.tsx';

const fieldsOf = (type: string): FieldSpec[] => {
  const kind = findKind(type)!;
  const sections = kindSections(kind);
  return allFields([...sections.attributes, ...sections.relationships]);
};
const shapes = (type: string) => Object.fromEntries(fieldsOf(type).filter((f) => !f.path.includes('[]')).flatMap((f) => (attachmentsShapeOf(f) ? [[f.path, attachmentsShapeOf(f)]] : [])));

describe('fields edited as files, from the schemas alone', () => {
  it('finds every place a record takes files: quotation attachments, customer logo and attachments, equipment pictures', () => {
    expect(shapes('quotations')).toEqual({ 'attributes.attachments': 'items' });
    expect(shapes('customers')).toEqual({ 'attributes.additionalInformations.logo': 'one', 'attributes.additionalInformations.attachments': 'ids' });
    expect(shapes('equipments')).toEqual({ 'attributes.medias': 'ids' });
  });

  it('shows a quotation attachment’s kind under its file', () => {
    const attachments = fieldsOf('quotations').find((f) => f.path === 'attributes.attachments')!;
    expect(itemExtraFields(attachments).map((f) => f.name)).toEqual(['kind']);
  });

  it('reads the media ids of each shape and writes sizes the Italian way', () => {
    expect(mediaIdsOf('one', 'a')).toEqual(['a']);
    expect(mediaIdsOf('one', undefined)).toEqual([]);
    expect(mediaIdsOf('ids', ['a', 'b'])).toEqual(['a', 'b']);
    expect(mediaIdsOf('items', [{ mediaId: 'a', kind: 'other' }, { name: 'x' }])).toEqual(['a']);
    expect(formatBytes(1536)).toBe('1,5 kB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3 MB');
  });
});

describe('files of a record shown outside its form', () => {
  it('finds the file fields of a kind and patches one field at a time', async () => {
    const { fileFieldsOf, patchOf } = await import('../../files/record-files.tsx');
    expect(fileFieldsOf('quotations').map((f) => f.path)).toEqual(['attributes.attachments']);
    expect(fileFieldsOf('customers').map((f) => f.path)).toEqual(['attributes.additionalInformations.logo', 'attributes.additionalInformations.attachments']);
    expect(patchOf('attributes.additionalInformations.logo', undefined)).toEqual({ attributes: { additionalInformations: { logo: null } } });
    expect(patchOf('attributes.attachments', [{ mediaId: 'm' }])).toEqual({ attributes: { attachments: [{ mediaId: 'm' }] } });
  });
});
