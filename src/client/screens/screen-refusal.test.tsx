// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { testIdentity } from '../../../commands/testing.ts';
import { matchRoute } from '../../domain/routes.ts';
import { roleDefinitions } from '../../server/seed/generators/roles.ts';
import { queryClient } from '../api/query-client.ts';
import { renderSignedIn } from '../test-support/render-signed-in.tsx';
import { TabIdContext } from '../workspace/tab-context.ts';
import { Screen } from './index.tsx';

afterEach(() => {
  cleanup();
  queryClient.clear();
});

const operatore = roleDefinitions.find((role) => role.name === 'Operatore')!.permissions;

function open(url: string, allowedModules: string[]) {
  const identity = { ...testIdentity, allowedModules: allowedModules as never, permissions: operatore };
  renderSignedIn(identity, <TabIdContext.Provider value="t1"><Screen match={matchRoute(url)!} /></TabIdContext.Provider>);
}

describe('the refusal of a page the user may not open', () => {
  it('a deep link to another module\'s screen says the module is not enabled, in Italian, with a way back', async () => {
    open('/planning/calendar/edu', ['fire']);
    expect((await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).textContent).toBe('Calendario Formazione');
    const note = screen.getByRole('note').textContent ?? '';
    expect(note).toContain('Il tuo profilo non ha accesso a «Calendario Formazione»');
    expect(note).toContain('il modulo Formazione non è abilitato');
    expect(screen.getByRole('link', { name: 'Torna al Cruscotto' }).getAttribute('href')).toBe('/dashboard');
  });

  it('so do a customer\'s installations of equip and another module\'s deadlines', async () => {
    open('/customers/c1/equip/installations', ['fire']);
    expect((await screen.findByRole('note')).textContent).toContain('il modulo Attrezzature non è abilitato');
    cleanup();
    open('/planning/physicalActivities/med/c1', ['fire']);
    expect((await screen.findByRole('note')).textContent).toContain('il modulo Medicina del lavoro non è abilitato');
  });

  it('one module: «il modulo … non è abilitato»; two: «i moduli Formazione e Medicina del lavoro non sono abilitati»', async () => {
    open('/planning/calendar/med', ['fire']);
    const one = (await screen.findByRole('note')).textContent ?? '';
    expect(one).toContain('il modulo Medicina del lavoro non è abilitato per il tuo utente');
    expect(one).toContain('chiedi a un amministratore di abilitarlo.');
    cleanup();
    open('/customers/employees', ['fire']);
    const two = (await screen.findByRole('note')).textContent ?? '';
    expect(two).toContain('i moduli Formazione e Medicina del lavoro non sono abilitati per il tuo utente');
    expect(two).toContain('chiedi a un amministratore di abilitarne uno.');
    expect(two).not.toContain('il modulo');
    expect(two).not.toContain('Formazione, Medicina');
  });

  it('a customer\'s portal typed by a staff user without the portal module names the portal module', async () => {
    open('/customers/c1/portal/documents', ['fire']);
    const note = (await screen.findByRole('note')).textContent ?? '';
    expect(note).toContain('il modulo Portale non è abilitato per il tuo utente');
    expect(document.body.textContent).not.toContain('Attestati di formazione');
  });

  it('names a route with parameters by its Italian title, never its message id («nav.templateDoc»)', async () => {
    open('/templateDoc/quotation', ['fire']);
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('Modello di documento: Preventivo');
    expect(document.body.textContent).not.toContain('nav.');
    expect(screen.getByRole('note').textContent).toContain('Il tuo profilo non ha accesso a «Modello di documento: Preventivo»');
  });
});

describe('route titles', () => {
  it('every route variant has an Italian title with its parameters filled, never a message id or a placeholder', async () => {
    const { routes, routeVariants } = await import('../../domain/routes.ts');
    const { routeTitle } = await import('../../../commands/navigation.ts');
    for (const route of routes) {
      for (const params of routeVariants(route)) {
        const title = routeTitle(route, params);
        expect(title, route.name).not.toMatch(/^nav\.|[{}]/);
      }
    }
  });
});
