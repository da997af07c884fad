import { describe, expect, it } from 'vitest';
import { availability } from '../../../commands/registry.ts';
import { goKeys, navigationCommands } from '../../../commands/navigation.ts';
import { fakeContext } from '../../../commands/testing.ts';
import { roleDefinitions } from '../../server/seed/generators/roles.ts';

/** The navigation commands a demo role is offered, as a staff user or as a customer user. */
function offered(roleName: string, userType: 'siv' | 'customer'): string[] {
  const permissions = roleDefinitions.find((role) => role.name === roleName)!.permissions;
  const { ctx } = fakeContext({ permissions });
  ctx.identity = { ...ctx.identity, userType, customerId: userType === 'customer' ? 'c1' : null };
  return navigationCommands.filter((command) => availability(command, ctx) === true).map((command) => command.id);
}

const goCommands = (ids: readonly string[]) => navigationCommands.filter((command) => ids.includes(command.id) && command.keys?.length).map((command) => command.keys![0]);

describe('navigation commands of a customer user (walk 26: `g o` opened the orders grid in the portal)', () => {
  it('a customer user is offered none: every one opens a staff screen, and its portal has its own navigation', () => {
    expect(offered('Cliente', 'customer')).toEqual([]);
  });

  it('whatever its abilities: an administrator\'s rules on a customer user offer none either', () => {
    expect(offered('Amministratore', 'customer')).toEqual([]);
  });

  it('staff keep theirs, the `g` sequences included', () => {
    const admin = offered('Amministratore', 'siv');
    expect(goCommands(admin).sort()).toEqual(Object.values(goKeys).sort());
    expect(goCommands(offered('Pianificatore', 'siv'))).toEqual(expect.arrayContaining(['g o', 'g i']));
  });
});
