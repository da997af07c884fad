/**
 * Server hooks of document templates: a template is stored only when every placeholder is known
 * for its type and no section is nested in a section of the same name (checked when its text or
 * type changes; documents/template-rules.ts), and one template per type is the default:
 * making one the default makes the previous one an ordinary template, in the same transaction.
 */
import { sql } from 'kysely';
import { defineKindHooks } from '../resources/hooks.ts';
import { documentTemplateIssues } from '../documents/template-rules.ts';
import type { TemplateDocType } from '../../domain/documents/placeholders.ts';
import { tableName } from '../db/entity-sql.ts';
import { templateProblem } from '../documents/routes.ts';

export const templateDocsKind = defineKindHooks('templateDocs', {
  async beforeWrite(_hook, data, previous) {
    const { type, body } = data.attributes;
    if (previous && previous.attributes.body === body && previous.attributes.type === type) return;
    const issues = documentTemplateIssues(type as TemplateDocType, String(body ?? ''));
    if (issues.length > 0) throw templateProblem(issues);
  },
  async afterWrite(hook, entity) {
    if (entity.attributes.isDefault !== true || entity.metadata.isDeleted === true) return;
    const others = await sql<{ id: string }>`SELECT id FROM ${sql.raw(tableName(hook.kind))}
      WHERE NOT is_deleted AND id <> ${entity.id}::uuid AND attributes->>'type' = ${String(entity.attributes.type)}
        AND (attributes->>'isDefault')::boolean IS TRUE`.execute(hook.db);
    const repository = hook.repository('templateDocs');
    for (const { id } of others.rows) {
      const other = await repository.findById(id);
      if (other) await hook.service.replaceWithin(hook.db, hook.call, other, 'templateDocs', { attributes: { ...other.attributes, isDefault: false }, metadata: other.metadata, relationships: other.relationships });
    }
  },
});
