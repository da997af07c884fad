/**
 * Enrolment requests (issue 26 §6): the stored «Cliente» role gets, once, the rule the seed now gives
 * it: it asks the enrolment of its own customer's employees and reads its own requests. The staff who
 * manage course editions (administrators: `manage all`) decide them. Unless an administrator already
 * gave the role a rule on that subject. Written as the rule was at this migration.
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseSchema } from '../database.ts';
import { addRoleRulesOnce } from './role-rules.ts';

const USER_CUSTOMER_ID = '$' + '{user.customerId}';

export const CLIENTE_ENROLMENT_REQUEST_RULES = [
  { action: ['read', 'create'], subject: 'enrolment request', conditions: { 'relationships.customerId': USER_CUSTOMER_ID } },
] as const;

export const enrolmentRequestsMigration: Migration = {
  async up(db: Kysely<DatabaseSchema>) {
    await addRoleRulesOnce(db, 'Cliente', 'enrolment request', CLIENTE_ENROLMENT_REQUEST_RULES);
  },
  async down() {
    // The rule may have been edited since: nothing is taken back.
  },
};
