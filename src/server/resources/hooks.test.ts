import { describe, expect, it } from 'vitest';
import { kindList } from '../../domain/kinds.ts';
import { actionImplementationErrors, assertActionImplementations, type KindHooks } from './hooks.ts';

// The real table (every kind's declared actions against src/server/kinds) is checked in src/server/kinds/index.test.ts.
describe('custom actions: declaration (src/domain) and implementation (the hook table) match', () => {
  it('the declared actions the record layer relies on exist (quotations duplicate, orders deliver)', () => {
    expect(kindList.find((k) => k.type === 'quotations')?.actions?.duplicate).toMatchObject({ ability: 'create', creates: true });
    expect(kindList.find((k) => k.type === 'orders')?.actions?.deliver).toMatchObject({ ability: 'update' });
  });

  it('names a declared action without implementation, an undeclared implementation and hooks of an unknown kind', () => {
    const run: NonNullable<KindHooks['actions']>[string] = async (_hook, entity) => ({ entity });
    const kinds = [
      { type: 'quotations', actions: { duplicate: { label: 'Duplica', ability: 'create' }, archiveAll: { label: 'Archivia tutto', ability: 'update' } } },
      { type: 'orders' },
    ];
    const hooks: Record<string, KindHooks> = { quotations: { actions: { duplicate: run } }, orders: { actions: { deliver: run } }, ghosts: {} };
    expect(actionImplementationErrors(kinds, hooks)).toEqual([
      'quotations: azione «archiveAll» dichiarata senza implementazione',
      'orders: azione «deliver» implementata ma non dichiarata',
      'ghosts: hook per un tipo sconosciuto',
    ]);
    expect(() => assertActionImplementations(kinds, hooks)).toThrow(/Azioni personalizzate non coerenti/);
  });
});
