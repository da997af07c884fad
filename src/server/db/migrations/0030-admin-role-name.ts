/**
 * The administrators' role is named in Italian, as the other roles are (issue 23): a role named «Admin»
 * (SPEC §6's name, the one the seed gave it) becomes «Amministratore», the name `isAdmin` now reads
 * (domain/rules/identity.ts), so its users stay administrators. Its search words follow its name
 * (`searchText` over the roles' fullText, name and description). Written as the names were at this
 * migration.
 */
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseSchema } from '../database.ts';

const FROM = 'Admin';
const TO = 'Amministratore';

/** The search text of a role, as `searchText` builds it from its name and description. */
const SEARCH = sql.raw(`to_tsvector('italian', regexp_replace(left(concat_ws(' ', attributes->>'name', attributes->>'description'), 20000), '[][(){}"''.,;:!?/\\\\|@#$%^&*+=<>~\`_ -]+', ' ', 'g'))`);

export const adminRoleNameMigration: Migration = {
  async up(db: Kysely<DatabaseSchema>) {
    await sql`UPDATE roles SET attributes = jsonb_set(attributes, '{name}', to_jsonb(${TO}::text)) WHERE attributes ->> 'name' = ${FROM}`.execute(db);
    await sql`UPDATE roles SET search = ${SEARCH} WHERE attributes ->> 'name' = ${TO}`.execute(db);
  },
  async down(db: Kysely<DatabaseSchema>) {
    await sql`UPDATE roles SET attributes = jsonb_set(attributes, '{name}', to_jsonb(${FROM}::text)) WHERE attributes ->> 'name' = ${TO}`.execute(db);
    await sql`UPDATE roles SET search = ${SEARCH} WHERE attributes ->> 'name' = ${FROM}`.execute(db);
  },
};
