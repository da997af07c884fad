/**
 * Health surveillance (module med, D.Lgs. 81/2008 art. 41): the stored «Cliente» role gets, once, the
 * rule the seed now gives it: it reads the visits of its own customer's employees (what the written
 * judgement gives the employer: art. 41 c. 6-bis; nothing clinical is stored). The module closes them
 * to a customer's user without med. Unless an administrator already gave the role a rule on that
 * subject. Written as the rule was at this migration.
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseSchema } from '../database.ts';
import { addRoleRulesOnce } from './role-rules.ts';

const USER_CUSTOMER_ID = '$' + '{user.customerId}';

export const CLIENTE_HEALTH_SURVEILLANCE_RULES = [
  { action: 'read', subject: 'health surveillance visit', conditions: { 'relationships.customerId': USER_CUSTOMER_ID } },
] as const;

export const healthSurveillanceMigration: Migration = {
  async up(db: Kysely<DatabaseSchema>) {
    await addRoleRulesOnce(db, 'Cliente', 'health surveillance visit', CLIENTE_HEALTH_SURVEILLANCE_RULES);
  },
  async down() {
    // The rule may have been edited since: nothing is taken back.
  },
};
