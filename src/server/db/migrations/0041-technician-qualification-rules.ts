/**
 * Qualified technicians (issue 25, D.M. 1 settembre 2021): the stored demo roles get, once, the rules
 * the seed now gives them on `technician qualification` — the Pianificatore manages the technicians'
 * qualifications (they decide whom an intervention may be given to), the Manutentore and the Esterno
 * read their own. Without it a database made before issue 25 refuses the planner the qualifications
 * screen, and a technician its own. A role that already has a rule on that subject (an administrator
 * wrote one) is left alone. Written as the rules were at this migration.
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseSchema } from '../database.ts';
import { addRoleRulesOnce } from './role-rules.ts';

const USER_ID = '$' + '{user.id}';
const SUBJECT = 'technician qualification';
const OWN = { action: 'read', subject: SUBJECT, conditions: { 'relationships.userId': USER_ID } };

export const QUALIFICATION_RULES_BY_ROLE: Readonly<Record<string, readonly object[]>> = {
  Pianificatore: [{ action: 'manage', subject: SUBJECT }],
  Manutentore: [OWN],
  Esterno: [OWN],
};

export const technicianQualificationRulesMigration: Migration = {
  async up(db: Kysely<DatabaseSchema>) {
    for (const [name, rules] of Object.entries(QUALIFICATION_RULES_BY_ROLE)) {
      await addRoleRulesOnce(db, name, SUBJECT, rules);
    }
  },
  async down() {
    // The rules may have been edited since: nothing is taken back.
  },
};
