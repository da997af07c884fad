/**
 * Rectifications (issue 26 §4): the stored roles get, once, the rules the seed now gives them:
 * - «Cliente» sends proofs for its own customer's anomalies and reads them; it changes only the note
 *   and the files of one still waiting (attaching a file asks `update` on the rectification);
 * - «Manutentore» (staff who update anomalies) reads and decides them; administrators have `manage all`.
 * Unless an administrator already gave the role a rule of that action on that subject. Written here
 * as the rules were at this migration.
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseSchema } from '../database.ts';
import { addRoleRulesOnce } from './role-rules.ts';

const USER_CUSTOMER_ID = '$' + '{user.customerId}';
export const CLIENTE_RECTIFICATION_RULES = [
  { action: ['read', 'create'], subject: 'rectification', conditions: { 'relationships.customerId': USER_CUSTOMER_ID } },
  {
    action: 'update',
    subject: 'rectification',
    fields: ['attributes.note', 'attributes.evidenceMediaIds'],
    conditions: { 'relationships.customerId': USER_CUSTOMER_ID, 'attributes.state': 'submitted' },
  },
] as const;
export const MANUTENTORE_RECTIFICATION_RULE = { action: ['read', 'decide'], subject: 'rectification' } as const;

export const rectificationsMigration: Migration = {
  async up(db: Kysely<DatabaseSchema>) {
    await addRoleRulesOnce(db, 'Cliente', 'rectification', CLIENTE_RECTIFICATION_RULES);
    await addRoleRulesOnce(db, 'Manutentore', 'rectification', [MANUTENTORE_RECTIFICATION_RULE]);
  },
  async down() {
    // The rules may have been edited since: nothing is taken back.
  },
};
