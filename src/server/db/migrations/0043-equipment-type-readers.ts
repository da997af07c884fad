/**
 * The equipment lists and pages name each equipment's type (issue 23: «Tipo di attrezzatura», e.g.
 * «EST-POL – Estintore a polvere»), a reference table of `equipment type`. The Pianificatore and the
 * Esterno read equipment but not its type, so every row said «non visibile» to them: their stored
 * roles get, once, `read` on `equipment type`, as the seed now gives it. A role that already has a
 * rule on that subject (an administrator wrote one) is left alone. Written as the rule was at this migration.
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseSchema } from '../database.ts';
import { addRoleRulesOnce } from './role-rules.ts';

const SUBJECT = 'equipment type';
export const EQUIPMENT_TYPE_READERS: readonly string[] = ['Pianificatore', 'Esterno'];

export const equipmentTypeReadersMigration: Migration = {
  async up(db: Kysely<DatabaseSchema>) {
    for (const name of EQUIPMENT_TYPE_READERS) await addRoleRulesOnce(db, name, SUBJECT, [{ action: 'read', subject: SUBJECT }]);
  },
  async down() {
    // The rules may have been edited since: nothing is taken back.
  },
};
