// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { IntlProvider } from 'react-intl';
import type { Command } from '../../../commands/types.ts';
import { testIdentity } from '../../../commands/testing.ts';
import { buildAbility } from '../../domain/ability.ts';
import { alertsAtom } from '../alerts/alerts.ts';
import { messages } from '../i18n/index.ts';
import { sessionAtom, type Session } from '../session/session.tsx';
import { store } from '../store.ts';
import { TabIdContext } from '../workspace/tab-context.ts';
import { registerScopedCommands } from '../workspace/use-scoped-commands.ts';
import { CommandButton } from './command-button.tsx';

const session = { identity: testIdentity, ability: buildAbility([{ action: 'manage', subject: 'all' }]) } as unknown as Session;

function show(ui: React.ReactNode) {
  return render(
    <Provider store={store}>
      <IntlProvider locale="it" messages={messages}>{ui}</IntlProvider>
    </Provider>,
  );
}

afterEach(() => {
  cleanup();
  store.set(alertsAtom, []);
});

describe('CommandButton', () => {
  it('shows the label and the platform keys, runs the command with the document it is given', async () => {
    store.set(sessionAtom, session);
    const run = vi.fn();
    const command: Command = { id: 'test.save', title: 'Salva', group: 'g', keys: ['$mod+s'], run };
    const unregister = registerScopedCommands('t1', { scope: 'form', commands: [command], active: false });
    show(<CommandButton commandId="test.save" document={{ type: 'reminders', id: 'r1' }} />);
    const button = screen.getByRole('button', { name: /Salva/ });
    expect(button.querySelector('kbd')?.textContent).toBe('Ctrl+S');
    expect(button.getAttribute('aria-keyshortcuts')).toBe('Control+S');
    expect(button.getAttribute('aria-disabled')).toBeNull();
    await act(async () => fireEvent.click(button));
    expect(run).toHaveBeenCalledOnce();
    expect(run.mock.calls[0]![0].activeDocument).toEqual({ type: 'reminders', id: 'r1' });
    unregister();
  });

  it('a disabled command stays focusable and says why; a click explains instead of running', async () => {
    store.set(sessionAtom, session);
    const run = vi.fn();
    const command: Command = { id: 'test.discard', title: 'Annulla', group: 'g', keys: ['r u'], when: () => ({ disabled: 'Nessuna modifica' }), run };
    const unregister = registerScopedCommands('t2', { scope: 'form', commands: [command], active: false });
    show(<CommandButton commandId="test.discard" />);
    const button = screen.getByRole('button', { name: /Annulla/ });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.hasAttribute('disabled')).toBe(false);
    // A sequence cannot be said in aria-keyshortcuts; it is still shown.
    expect(button.getAttribute('aria-keyshortcuts')).toBeNull();
    expect(button.querySelector('kbd')?.textContent).toBe('R U');
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe('Nessuna modifica');
    await act(async () => fireEvent.click(button));
    expect(run).not.toHaveBeenCalled();
    expect(store.get(alertsAtom).map((alert) => alert.content)).toEqual(['Nessuna modifica']);
    unregister();
  });

  it('runs its own tab\'s command when another tab\'s screen registered the same id (two open interventions)', () => {
    store.set(sessionAtom, session);
    const runs: string[] = [];
    const checklist = (tab: string, closed: boolean): Command[] => [{ id: 'test.pass', title: 'Conforme', group: 'g', when: () => (closed ? { disabled: 'L’intervento è concluso' } : true), run: () => void runs.push(tab) }];
    const unregisterClosed = registerScopedCommands('closed', { scope: 'grid', commands: checklist('closed', true), active: false, tabId: 'tab-closed' });
    const unregisterRunning = registerScopedCommands('running', { scope: 'grid', commands: checklist('running', false), active: false, tabId: 'tab-running' });
    show(<TabIdContext.Provider value="tab-running"><CommandButton commandId="test.pass" /></TabIdContext.Provider>);
    const button = screen.getByRole('button', { name: /Conforme/ });
    expect(button.getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(button);
    expect(runs).toEqual(['running']);
    unregisterClosed();
    unregisterRunning();
  });

  it('renders nothing for a hidden command, an unknown id, or before sign-in', () => {
    store.set(sessionAtom, session);
    const unregister = registerScopedCommands('t3', { scope: 'form', commands: [{ id: 'test.hidden', title: 'X', group: 'g', when: () => false, run: () => undefined }], active: false });
    const { container } = show(
      <>
        <CommandButton commandId="test.hidden" />
        <CommandButton commandId="test.unknown" />
      </>,
    );
    expect(container.querySelectorAll('button')).toHaveLength(0);
    unregister();
    store.set(sessionAtom, null);
    const signedOut = show(<CommandButton commandId="palette.open" />);
    expect(signedOut.container.querySelectorAll('button')).toHaveLength(0);
  });
});
