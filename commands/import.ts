/**
 * `record.importEquipment` (issue 27): on a customer's page, opens «Importa attrezzature» for that
 * customer (its register from a spreadsheet). Shown to whom may create equipment imports; the
 * customer page's «Attrezzature e impianti» section shows the same command as a button.
 */
import type { Command, CommandContext } from './types.ts';
import { routeUrl } from '../src/domain/routes.ts';

function customerId(ctx: CommandContext): string | undefined {
  const doc = ctx.activeDocument;
  if (doc?.type !== 'customers' || !doc.id || !doc.entity || doc.record?.creating) return undefined;
  return doc.id;
}

export const importEquipmentCommand: Command = {
  id: 'record.importEquipment',
  title: { id: 'commands.record.importEquipment' },
  group: { id: 'commands.group.record' },
  scope: 'tab',
  keywords: ['importa', 'importazione', 'excel', 'xlsx', 'csv', 'registro', 'estintori'],
  can: ['create', 'equipment import'],
  when: (ctx) => customerId(ctx) !== undefined && ctx.identity.userType !== 'customer',
  run: (ctx) => {
    const id = customerId(ctx);
    if (id) ctx.workspace.openTab(routeUrl('CustomersIdEquipmentImport', { id }));
  },
};
