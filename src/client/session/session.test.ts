import { describe, expect, it } from 'vitest';
import { createSession } from './session.tsx';
import type { Identity } from '../../domain/ability.ts';

const base: Identity = {
  id: 'u1',
  email: 'a@b.it',
  displayName: 'A',
  userType: 'siv',
  allowedModules: [],
  allowedCustomerIds: [],
  officeLocationIds: [],
  isMainteiner: false,
  isSalesman: false,
  roles: [],
  permissions: [],
};

describe('client session', () => {
  it('builds the ability from the identity rules, with the m alias', () => {
    const session = createSession({ ...base, permissions: [{ action: 'm', subject: 'customer' }] as Identity['permissions'] }, async () => {});
    expect(session.ability.can('read', 'customer')).toBe(true);
    expect(session.ability.can('delete', 'customer')).toBe(true);
    expect(session.ability.can('create', 'customer')).toBe(false);
    expect(session.ability.can('read', 'quotation')).toBe(false);
    expect(session.isImpersonating).toBe(false);
    expect(session.realIdentity).toBe(session.identity);
  });

  it('keeps the real identity while impersonating', () => {
    const admin = { ...base, id: 'admin', roles: [{ id: 'r', name: 'Amministratore' }] };
    const session = createSession({ ...base, id: 'u2', isImpersonating: true, originalData: admin }, async () => {});
    expect(session.isImpersonating).toBe(true);
    expect(session.identity.id).toBe('u2');
    expect(session.realIdentity.id).toBe('admin');
  });
});
