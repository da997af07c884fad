/**
 * The permission matrix's cells of the staff names read (issue 22, `GET /api/users/names`,
 * src/server/users/staff-names.ts), both engines: every demo caller × a staff user, a contractor and
 * a customer user × names. Staff read the names of staff (internal or external), and whether each is
 * enabled, and nothing else of them, whatever their rights on users; a customer user reads none; a customer user's name is never
 * answered. Each cell is named after what it proves, like the matrix's (permission-matrix.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findKind } from '../../src/domain/kinds.ts';
import { operatoreRecordChecksMigration, OPERATORE_CHECK_RULES } from '../../src/server/db/migrations/0018-operatore-record-checks.ts';
import { EntityRepository } from '../../src/server/resources/repository.ts';
import { roleDefinitions } from '../../src/server/seed/generators/roles.ts';
import type { Caller } from '../../src/server/auth/identity.ts';
import { Problem } from '../../src/server/http/problems.ts';
import { staffNames } from '../../src/server/users/staff-names.ts';
import { demoCallerNames, demoCallers, engines, setupService, type DemoCallerName, type ServiceSetup } from './setup.ts';

type Target = 'staff' | 'contractor' | 'customer user';
const targets: Record<Target, string> = { staff: 'a staff user', contractor: 'an external contractor', 'customer user': 'customer A’s user' };

/** Reviewed data: who reads the names (every staff caller, internal or external), and whose names are answered (staff only). */
const staffCallers: readonly DemoCallerName[] = [
  'Admin', 'Commerciale', 'Responsabile commerciale', 'Manutentore', 'Pianificatore', 'Operatore', 'Esterno', 'Admin (fire only)', 'Pianificatore (fire only)',
];
const namedTargets: readonly Target[] = ['staff', 'contractor'];

const cells = demoCallerNames.flatMap((caller) => (Object.keys(targets) as Target[]).map((target) => {
  const expected = !staffCallers.includes(caller) ? 'refused' : namedTargets.includes(target) ? 'named' : 'left out';
  return { caller, target, expected, name: `${caller} × users (${targets[target]}) × names → ${expected}` };
}));

describe.each(engines())('staff names on %s', (engine) => {
  let s: ServiceSetup;
  let callers: Record<DemoCallerName, Caller>;
  const ids = {} as Record<Target, string>;
  const names = {} as Record<Target, string>;

  beforeAll(async () => {
    s = await setupService(engine);
    const customerA = await s.create('customers', { attributes: { registry: { isPerson: false, businessName: 'Cliente A' }, allowedModules: ['fire'] } });
    const customerB = await s.create('customers', { attributes: { registry: { isPerson: false, businessName: 'Cliente B' }, allowedModules: ['fire'] } });
    callers = await demoCallers(s, { A: customerA, B: customerB });
    const user = async (target: Target, attributes: Record<string, unknown>) => {
      const created = await s.create('users', { attributes: { email: `${target.replace(/ /g, '-')}@service.test`, isMainteiner: false, isSalesman: false, ...attributes }, metadata: { isEnabled: true } });
      ids[target] = created.id;
      names[target] = String(attributes.displayName);
    };
    await user('staff', { userType: 'siv', displayName: 'Marco Tecnico', allowedModules: [] });
    await user('contractor', { userType: 'external', displayName: 'Ditta Esterna', allowedModules: ['fire'] });
    await user('customer user', { userType: 'customer', displayName: 'Referente Cliente', customerId: customerA.id, allowedModules: ['fire'] });
  });
  afterAll(() => s?.close());

  it.each(cells.map((cell) => [cell.name, cell] as const))('%s', async (_name, cell) => {
    let outcome: string;
    try {
      const answer = await staffNames(s.service, callers[cell.caller], [ids[cell.target]]);
      if (answer.length === 0) outcome = 'left out';
      else {
        // Only the id, the name and whether enabled (a board marks a disabled colleague's lane), nothing else of the user.
        expect(answer).toEqual([{ id: ids[cell.target], displayName: names[cell.target], isEnabled: true }]);
        outcome = 'named';
      }
    } catch (error) {
      if (!(error instanceof Problem) || error.code !== 'FORBIDDEN') throw error;
      outcome = 'refused';
    }
    expect(outcome).toBe(cell.expected);
  });
});

describe.each(engines())('migration 0018 on %s', (engine) => {
  let s: ServiceSetup;
  beforeAll(async () => {
    s = await setupService(engine);
  });
  afterAll(() => s?.close());

  it('gives an old Operatore role the recording of checks on its interventions once, and leaves a role that rules on it alone', async () => {
    const roles = new EntityRepository(s.db, findKind('roles')!);
    const old = [{ action: 'update', subject: 'assignment activity' }];
    const custom = [...old, { action: ['recordChecks'], subject: 'assignment' }];
    const [before, kept] = [randomUUID(), randomUUID()];
    await roles.insert([
      { id: before, by: null, data: { attributes: { name: 'Operatore', permissions: old }, metadata: {}, relationships: {} } },
      { id: kept, by: null, data: { attributes: { name: 'Operatore', permissions: custom }, metadata: {}, relationships: {} } },
    ]);
    await operatoreRecordChecksMigration.up(s.db);
    await operatoreRecordChecksMigration.up(s.db);
    expect((await roles.findById(before))!.attributes.permissions).toEqual([...old, ...OPERATORE_CHECK_RULES]);
    expect((await roles.findById(kept))!.attributes.permissions).toEqual(custom);
    // The rules are the seed's own: a database seeded now and one migrated agree.
    const seeded = roleDefinitions.find((role) => role.name === 'Operatore')!.permissions;
    for (const rule of OPERATORE_CHECK_RULES) expect(seeded).toContainEqual(rule);
  });
});
