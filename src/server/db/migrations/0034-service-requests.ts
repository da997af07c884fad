/**
 * Service requests («chiamate», issue 26 §7): a customer's user opens them from the portal for its
 * own customer, reads its own, and attaches photos to one still submitted (attaching a file is
 * changing its record); the planners manage them (confirm or decline). Added to the stored «Cliente»
 * and «Pianificatore» roles as the seed now defines them, unless an administrator already gave the
 * role a rule on that subject. Written as the rules were at this migration.
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseSchema } from '../database.ts';
import { addRoleRulesOnce } from './role-rules.ts';

const USER_CUSTOMER_ID = '$' + '{user.customerId}';

export const CLIENTE_SERVICE_REQUEST_RULES = [
  { action: ['read', 'create'], subject: 'service request', conditions: { 'relationships.customerId': USER_CUSTOMER_ID } },
  { action: 'update', subject: 'service request', fields: ['attributes.photoMediaIds'], conditions: { 'relationships.customerId': USER_CUSTOMER_ID, 'attributes.status': 'submitted' } },
] as const;

export const PIANIFICATORE_SERVICE_REQUEST_RULES = [{ action: 'manage', subject: 'service request' }] as const;

export const serviceRequestsMigration: Migration = {
  async up(db: Kysely<DatabaseSchema>) {
    await addRoleRulesOnce(db, 'Cliente', 'service request', CLIENTE_SERVICE_REQUEST_RULES);
    await addRoleRulesOnce(db, 'Pianificatore', 'service request', PIANIFICATORE_SERVICE_REQUEST_RULES);
  },
  async down() {
    // The rules may have been edited since: nothing is taken back.
  },
};
