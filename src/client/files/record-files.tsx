/**
 * The files of a stored record outside its form, for kinds whose dedicated screen replaces the
 * generic form (`screen.detail`): every field of the kind that refers to media rows (found from its
 * schema, as in the generic form) as an attachments editor that saves each change at once, through
 * the records provider with the record's version, like any other write.
 */
import { useMemo, useState, type ComponentType } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Entity } from '../../domain/entity.ts';
import { readPath } from '../../domain/kind.ts';
import { findKind } from '../../domain/kinds.ts';
import { records, recordKey } from '../data/index.ts';
import { allFields, kindSections, type FieldSpec } from '../forms/schema-fields.ts';
import { fieldLabel } from '../forms/format.ts';
import { Field } from '../forms/field-input.tsx';
import { attachmentsShapeOf, AttachmentsEditorFor, itemExtraFields } from '../forms/editors/attachments-editor.tsx';

/** `{ attributes: { a: { b: value } } }` for the path `attributes.a.b`: a merge patch of one field. */
export function patchOf(path: string, value: unknown): Record<string, unknown> {
  let patch: unknown = value === undefined ? null : value;
  for (const key of path.split('.').reverse()) patch = { [key]: patch };
  return patch as Record<string, unknown>;
}

/** The kind's fields that keep files (top level of each section, not inside list items). */
export function fileFieldsOf(type: string): FieldSpec[] {
  const kind = findKind(type);
  if (!kind) return [];
  const sections = kindSections(kind);
  return allFields([...sections.attributes, ...sections.relationships]).filter((spec) => !spec.path.includes('[]') && attachmentsShapeOf(spec) !== undefined);
}

function RecordFiles({ type, id }: { type: string; id: string }) {
  const fields = useMemo(() => fileFieldsOf(type), [type]);
  const record = useQuery({ queryKey: recordKey(type, id), queryFn: ({ signal }) => records.get(type, id, signal) });
  const [error, setError] = useState<string | undefined>();
  const entity = record.data;
  if (!entity || fields.length === 0) return null;
  const readOnly = entity.metadata.isDeleted === true;

  const save = async (current: Entity, path: string, value: unknown) => {
    setError(undefined);
    try {
      await records.update(type, current, patchOf(path, value), { silent: true });
    } catch (problem) {
      setError(problem instanceof Error ? problem.message : String(problem));
    }
  };

  return (
    <section className="files-record" aria-label={fields.map((f) => fieldLabel(f.name)).join(', ')}>
      {error && <p className="files-error" role="alert">{error}</p>}
      {fields.map((spec) => {
        const value = readPath(entity, spec.path);
        const extra = itemExtraFields(spec);
        return (
          <AttachmentsEditorFor
            key={spec.path}
            type={type}
            id={id}
            customerId={typeof entity.relationships.customerId === 'string' ? entity.relationships.customerId : null}
            spec={spec}
            label={fieldLabel(spec.name)}
            value={value}
            readOnly={readOnly}
            onChange={(next) => void save(entity, spec.path, next)}
            renderItem={(index) => (
              <div className="form-fields">
                {extra.map((child) => (
                  <Field
                    key={child.name}
                    spec={child}
                    path={`${spec.path}.${index}.${child.name}`}
                    value={(Array.isArray(value) ? (value[index] as Record<string, unknown> | undefined) : undefined)?.[child.name]}
                    onChange={(_path, childValue) => {
                      const items = Array.isArray(value) ? [...(value as Record<string, unknown>[])] : [];
                      items[index] = { ...items[index], [child.name]: childValue };
                      void save(entity, spec.path, items);
                    }}
                    errors={new Map()}
                    access={{ canRead: () => true, canEdit: () => !readOnly }}
                    locked={readOnly}
                  />
                ))}
              </div>
            )}
          />
        );
      })}
    </section>
  );
}

/** `screen.below` of a kind whose dedicated screen has no file fields of its own. */
export function recordFilesOf(type: string): ComponentType<{ id: string }> {
  return function KindRecordFiles({ id }: { id: string }) {
    return <RecordFiles type={type} id={id} />;
  };
}
