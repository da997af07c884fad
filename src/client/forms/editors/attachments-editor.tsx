/**
 * Any field that refers to media rows is edited as files, whatever the kind (driven by the schema,
 * not by kind names): a media reference is one file (a customer's logo), a list of them a list of
 * files (customer attachments, equipment pictures), and a list of items with a `mediaId` a list of
 * files with their other fields under each (a quotation's attachments and their kind).
 */
import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { useContext } from 'react';
import type { Entity } from '../../../domain/entity.ts';
import type { FieldSpec } from '../schema-fields.ts';
import { emptyValue } from '../schema-fields.ts';
import { Attachments, type AttachmentsShape } from '../../files/attachments.tsx';
import { TabIdContext, tabDocumentsAtom } from '../../workspace/tab-context.ts';
import { useFormRecord } from './form-record.ts';

const MEDIA = 'media';
const MEDIA_ID = 'mediaId';
const NAME = 'name';

/** How a field keeps files, or undefined when it does not refer to media. */
export function attachmentsShapeOf(spec: FieldSpec): AttachmentsShape | undefined {
  if (spec.kind === 'reference' && spec.target === MEDIA) return 'one';
  if (spec.kind === 'referenceList' && spec.target === MEDIA) return 'ids';
  if (spec.kind === 'objectList' && spec.children?.some((child) => child.name === MEDIA_ID && child.target === MEDIA)) return 'items';
  return undefined;
}

/** The item fields shown under each file: all but the file itself and its name. */
export const itemExtraFields = (spec: FieldSpec): FieldSpec[] => (spec.children ?? []).filter((child) => child.name !== MEDIA_ID && child.name !== NAME);

/** The attachments editor of a field whose record is known (type, id, customer). */
export function AttachmentsEditorFor(props: {
  type: string | undefined;
  id: string | undefined;
  customerId: string | null;
  spec: FieldSpec;
  label: string;
  value: unknown;
  onChange(value: unknown): void;
  readOnly: boolean;
  renderItem?(index: number): ReactNode;
}) {
  const { spec } = props;
  const newItem = (media: Entity) => ({
    ...Object.fromEntries(itemExtraFields(spec).map((child) => [child.name, emptyValue(child)]).filter(([, v]) => v !== undefined)),
    [MEDIA_ID]: media.id,
    [NAME]: String(media.attributes.name ?? ''),
  });
  return (
    <Attachments
      type={props.type}
      id={props.id}
      field={spec.path}
      label={props.label}
      shape={attachmentsShapeOf(spec)}
      value={props.value}
      onChange={props.onChange}
      readOnly={props.readOnly}
      customerId={props.customerId}
      newItem={newItem}
      renderItem={props.renderItem}
    />
  );
}

export function AttachmentsEditor(props: {
  spec: FieldSpec;
  label: string;
  value: unknown;
  onChange(value: unknown): void;
  readOnly: boolean;
  /** `items`: the other fields of item `index`. */
  renderItem?(index: number): ReactNode;
}) {
  const { spec } = props;
  const tabId = useContext(TabIdContext);
  const documents = useAtomValue(tabDocumentsAtom);
  const record = useFormRecord();
  const doc = tabId !== undefined ? documents[tabId] : undefined;
  // Files of a stored record belong to it; a record not stored yet has only its customer.
  const stored = doc && !doc.record?.creating ? doc : undefined;
  const customerId = record?.relationships && typeof (record.relationships as Record<string, unknown>).customerId === 'string' ? String((record.relationships as Record<string, unknown>).customerId) : null;
  return (
    <AttachmentsEditorFor
      type={stored?.type}
      id={stored?.id}
      customerId={customerId}
      spec={spec}
      label={props.label}
      value={props.value}
      onChange={props.onChange}
      readOnly={props.readOnly}
      renderItem={props.renderItem}
    />
  );
}
