import { describe, expect, it } from 'vitest';
import type { Identity } from '../../domain/ability.ts';
import { availability } from '../../../commands/registry.ts';
import { createCommands } from '../../../commands/create.ts';
import { fakeContext, testIdentity } from '../../../commands/testing.ts';
import { roleDefinitions } from '../../server/seed/generators/roles.ts';

/** The «Nuovo …» commands a role is offered (by kind), with the demo modules. */
function offered(roleName: string, allowedModules: Identity['allowedModules'] = testIdentity.allowedModules): string[] {
  const permissions = roleDefinitions.find((role) => role.name === roleName)!.permissions;
  const { ctx } = fakeContext({ permissions });
  ctx.identity = { ...ctx.identity, allowedModules: [...allowedModules], ...(roleName === 'Cliente' ? { userType: 'customer' as const } : {}) };
  return createCommands.filter((command) => availability(command, ctx) === true).map((command) => command.id.replace(/^create\./, ''));
}

describe('«Nuovo …» commands', () => {
  it('one per kind with a page of its own, opening its create flow', () => {
    const byId = new Map(createCommands.map((command) => [command.id, command]));
    expect(byId.get('create.quotations')?.href).toBe('/marketing/quotations/detail/new');
    expect(byId.get('create.customers')?.href).toBe('/customers/new');
    expect(byId.get('create.orders')?.href).toBe('/marketing/orders/detail/new');
    expect(byId.get('create.assignments')?.href).toBe('/planning/assignments/new');
    // Made inside their parent (an employee in its customer, a customer's price list): no command of their own.
    expect(byId.has('create.employees')).toBe(false);
    expect(byId.has('create.priceLists')).toBe(false);
    // A line of a quotation is typed in the editor, never alone.
    expect(byId.has('create.quotationProducts')).toBe(false);
    const { ctx, opened } = fakeContext({ permissions: [{ action: 'manage', subject: 'all' }] });
    void byId.get('create.quotations')!.run(ctx);
    expect(opened).toEqual(['/marketing/quotations/detail/new']);
  });

  it('each role sees the kinds it may create, and only those', () => {
    expect(offered('Amministratore')).toEqual(createCommands.map((command) => command.id.replace(/^create\./, '')));
    expect(offered('Commerciale')).toEqual(['customers', 'reminders', 'quotations', 'orders']);
    expect(offered('Responsabile commerciale')).toEqual(['customers', 'reminders', 'quotations', 'orders']);
    expect(offered('Pianificatore')).toEqual(['technicianQualifications', 'reminders', 'assignments', 'serviceRequests']);
    expect(offered('Manutentore')).toEqual(['reminders']);
    expect(offered('Operatore')).toEqual(['reminders']);
    // The Cliente role creates service requests, from its portal's page: the office's record screen is a staff screen.
    expect(offered('Cliente')).toEqual([]);
  });

  it('a kind whose page needs a module the user lacks is not offered', () => {
    expect(offered('Amministratore')).toContain('equipments');
    expect(offered('Amministratore', ['edu'])).not.toContain('equipments');
  });
});
