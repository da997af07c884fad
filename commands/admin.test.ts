import { describe, expect, it, vi } from 'vitest';
import type { AdminService, CommandContext } from './types.ts';
import { actAsCommand, actAsRowCommand, maintenanceCommand } from './admin.ts';

const adminRole = { id: 'r1', name: 'Amministratore' };

function context(overrides: Partial<CommandContext> & { roles?: { id: string; name: string }[] } = {}) {
  const admin: AdminService = { actAs: vi.fn(), maintenance: vi.fn(async () => false), setMaintenance: vi.fn(async () => undefined) };
  const ctx = {
    identity: { id: 'me', email: 'a@b.it', displayName: 'Io', userType: 'siv', allowedModules: [], allowedCustomerIds: [], officeLocationIds: [], isMainteiner: false, isSalesman: false, roles: overrides.roles ?? [adminRole], permissions: [] },
    ui: { t: (id: string) => id, confirm: vi.fn(async () => true), notify: vi.fn(), showError: vi.fn() },
    admin,
    activeDocument: { type: 'users', id: 'u2', entity: { id: 'u2', attributes: { displayName: 'Mario' }, metadata: { isEnabled: true }, relationships: {} } },
    ...overrides,
  } as unknown as CommandContext;
  return { ctx, admin };
}

describe('administration commands', () => {
  it('acts as the open user, for administrators only, never as themselves', () => {
    const { ctx, admin } = context();
    expect(actAsCommand.when!(ctx)).toBe(true);
    void actAsCommand.run(ctx);
    expect(admin.actAs).toHaveBeenCalledWith('u2');
    expect(actAsCommand.when!(context({ roles: [{ id: 'r2', name: 'Commerciale' }] }).ctx)).toBe(false);
    const self = context({ activeDocument: { type: 'users', id: 'me', entity: { id: 'me', attributes: {}, metadata: {}, relationships: {} } as never } });
    expect(actAsCommand.when!(self.ctx)).toBe(false);
    expect(actAsCommand.when!(context({ activeDocument: { type: 'customers', id: 'c1' } }).ctx)).toBe(false);
  });

  it('acts as the user on the focused row of the users grid, not on other grids, not a disabled user', () => {
    const row = (id: string, isEnabled = true, type = 'users') => ({ activeDocument: undefined, activeRow: { type, entity: { id, attributes: {}, metadata: { isEnabled }, relationships: {} } } }) as Partial<CommandContext>;
    const { ctx, admin } = context(row('u3'));
    expect(actAsRowCommand.scope).toBe('grid');
    expect(actAsRowCommand.when!(ctx)).toBe(true);
    void actAsRowCommand.run(ctx);
    expect(admin.actAs).toHaveBeenCalledWith('u3');
    expect(actAsRowCommand.when!(context(row('u3', false)).ctx)).toEqual({ disabled: 'commands.admin.userDisabled' });
    expect(actAsRowCommand.when!(context(row('me')).ctx)).toBe(false);
    expect(actAsRowCommand.when!(context(row('c1', true, 'customers')).ctx)).toBe(false);
    expect(actAsRowCommand.when!(context({ ...row('u3'), roles: [] }).ctx)).toBe(false);
    expect(actAsRowCommand.when!(context({ activeDocument: undefined }).ctx)).toBe(false);
  });

  it('switches maintenance after asking, the other way from how it is', async () => {
    const { ctx, admin } = context();
    expect(maintenanceCommand.when!(ctx)).toBe(true);
    await maintenanceCommand.run(ctx);
    expect(admin.setMaintenance).toHaveBeenCalledWith(true);
    expect(maintenanceCommand.when!(context({ roles: [] }).ctx)).toBe(false);
  });
});
