/**
 * The files of a stored record outside its form, for kinds whose dedicated screen replaces the
 * generic form (`screen.detail`): every field of the kind that refers to media rows (found from its
 * schema, as in the generic form) as an attachments editor that saves each change at once, through
 * the records provider with the record's version, like any other write.
 */
import { useMemo, useRef, useState, type ComponentType } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Entity } from '../../domain/entity.ts';
import { ApiProblem } from '../api/http.ts';
import { problemText } from '../api/problem-alert.ts';
import { readPath } from '../../domain/kind.ts';
import { findKind } from '../../domain/kinds.ts';
import { asSubject } from '../../domain/ability.ts';
import { useSession } from '../session/session.tsx';
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
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | undefined>();
  // What the user chose and is not saved yet, shown in place of the stored value: a controlled
  // select would otherwise snap back to the stored kind between arrow keys.
  const [unsaved, setUnsaved] = useState<ReadonlyMap<string, unknown>>(new Map());
  // Changes are saved one after the other, each on the version the previous one answered, and a
  // field changed several times while a save is in flight is saved once with its last value:
  // concurrent writes on one version would answer 409 and lose the last change.
  const queue = useRef({ tail: Promise.resolve(), waiting: new Map<string, unknown>() });
  const { ability } = useSession();
  const entity = record.data;
  if (!entity || fields.length === 0) return null;
  const kind = findKind(type);
  // Attaching a file changes the record (the API asks `update` on it for POST /api/media/uploads): who may
  // not change it sees its files without a drop zone that could only fail.
  const readOnly = entity.metadata.isDeleted === true || !kind || !ability.can('update', asSubject(kind.subject, { ...entity }));

  const settle = (path: string) => setUnsaved((map) => {
    if (queue.current.waiting.has(path)) return map;
    const next = new Map(map);
    next.delete(path);
    return next;
  });
  const save = (current: Entity, path: string, value: unknown) => {
    setError(undefined);
    setUnsaved((map) => new Map(map).set(path, value));
    const { waiting } = queue.current;
    waiting.set(path, value);
    queue.current.tail = queue.current.tail.then(async () => {
      if (!waiting.has(path)) return;
      const latest = waiting.get(path);
      waiting.delete(path);
      const base = queryClient.getQueryData<Entity>(recordKey(type, id)) ?? current;
      try {
        await records.update(type, base, patchOf(path, latest), { silent: true });
      } catch (problem) {
        setError(problem instanceof ApiProblem ? problemText(problem) : problem instanceof Error ? problem.message : String(problem));
      }
      settle(path);
    });
  };

  return (
    <section className="files-record" aria-label={fields.map((f) => fieldLabel(f.name)).join(', ')}>
      {error && <p className="files-error" role="alert">{error}</p>}
      {fields.map((spec) => {
        const value = unsaved.has(spec.path) ? unsaved.get(spec.path) : readPath(entity, spec.path);
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
            onChange={(next) => save(entity, spec.path, next)}
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
                      save(entity, spec.path, items);
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
