/**
 * `record.import` (issue 27): on a customer's page, opens «Importa nei registri del cliente» for that
 * customer (its equipment, sites or employees from a spreadsheet). Shown to whom may create imports;
 * the customer page's «Attrezzature e impianti» section shows the same command as a button. The
 * catalogue's import (products and price-list rows) is its own route, `/products/import`, in the palette.
 */
import type { Command, CommandContext } from './types.ts';
import { routeUrl } from '../src/domain/routes.ts';

function customerId(ctx: CommandContext): string | undefined {
  const doc = ctx.activeDocument;
  if (doc?.type !== 'customers' || !doc.id || !doc.entity || doc.record?.creating) return undefined;
  return doc.id;
}

export const importRegisterCommand: Command = {
  id: 'record.import',
  title: { id: 'commands.record.import' },
  group: { id: 'commands.group.record' },
  scope: 'tab',
  keywords: ['importa', 'importazione', 'excel', 'xlsx', 'csv', 'registro', 'estintori', 'attrezzature', 'sedi', 'dipendenti'],
  can: ['create', 'import'],
  when: (ctx) => customerId(ctx) !== undefined && ctx.identity.userType !== 'customer',
  run: (ctx) => {
    const id = customerId(ctx);
    if (id) ctx.workspace.openTab(routeUrl('CustomersIdImport', { id }));
  },
};
