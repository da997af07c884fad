/**
 * Equipment change requests (issue 25): the stored Manutentore role gets, once, the rules the seed now gives it:
 * - it proposes corrections of the data that drives legal deadlines and reads its own requests;
 * - it no longer writes that data on the equipment itself (production and installation dates, serial
 *   number, the agent among the characteristics): the office approves the request, which writes it.
 * Administrators (`manage all`) decide. Unless an administrator already gave the role a rule on
 * change requests. Written here as the rules were at this migration.
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseSchema } from '../database.ts';
import { addRoleRulesOnce } from './role-rules.ts';

const USER_ID = '$' + '{user.id}';
export const MANUTENTORE_CHANGE_REQUEST_RULES = [
  { action: 'create', subject: 'equipment change request', conditions: { 'relationships.equipmentId': { $exists: true } } },
  { action: 'read', subject: 'equipment change request', conditions: { 'relationships.requestedById': USER_ID } },
  {
    action: 'update',
    subject: 'equipment',
    fields: ['attributes.productionDate', 'attributes.installationDate', 'attributes.serialNumber', 'attributes.characteristics.agent'],
    inverted: true,
    reason: 'Dati che determinano le scadenze di legge: si correggono con una richiesta di modifica',
  },
];

export const equipmentChangeRequestsMigration: Migration = {
  async up(db: Kysely<DatabaseSchema>) {
    await addRoleRulesOnce(db, 'Manutentore', 'equipment change request', MANUTENTORE_CHANGE_REQUEST_RULES);
  },
  async down() {
    // The rules may have been edited since: nothing is taken back.
  },
};
