/**
 * Safety roles say what training they require as data with its norm (issue 12 compliance):
 * `relationships.requiredCourseIds` becomes `attributes.requirements: [{ courseIds, norm }]`, one
 * requirement per course the role listed, citing art. 37 D.Lgs. 81/2008 (the general training
 * duty) until an administrator writes the specific norm.
 */
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseSchema } from '../database.ts';

export const GENERAL_TRAINING_NORM = 'Art. 37 D.Lgs. 81/2008';

export const safetyRoleRequirementsMigration: Migration = {
  async up(db: Kysely<DatabaseSchema>) {
    await sql`UPDATE safety_roles SET
      attributes = attributes || jsonb_build_object('requirements', coalesce(
        (SELECT jsonb_agg(jsonb_build_object('courseIds', jsonb_build_array(course.id), 'norm', ${GENERAL_TRAINING_NORM}::text) ORDER BY course.n)
           FROM jsonb_array_elements(relationships -> 'requiredCourseIds') WITH ORDINALITY AS course(id, n)),
        '[]'::jsonb)),
      relationships = relationships - 'requiredCourseIds'
      WHERE NOT (attributes ? 'requirements')`.execute(db);
    await sql`DROP INDEX IF EXISTS safety_roles_required_course_ids_idx`.execute(db);
  },
  async down(db: Kysely<DatabaseSchema>) {
    await sql`UPDATE safety_roles SET
      relationships = relationships || jsonb_build_object('requiredCourseIds', coalesce(
        (SELECT jsonb_agg(DISTINCT course.id) FROM jsonb_array_elements(attributes -> 'requirements') AS r(item), jsonb_array_elements(r.item -> 'courseIds') AS course(id)),
        '[]'::jsonb)),
      attributes = attributes - 'requirements'`.execute(db);
  },
};
