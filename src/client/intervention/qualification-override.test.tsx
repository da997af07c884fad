// @vitest-environment jsdom
// Issue 25, the intervention's save refused because an operator is not qualified (user walk: the
// administrator got the planner's refusal and no way to give the reason). The screen rendered with
// React against a local HTTP server that answers like the API: 409 TECHNICIAN_NOT_QUALIFIED for the
// team, accepted with `attributes.qualificationOverrideReason`. The administrator adds the technician,
// saves, reads the refusal in the dialog, must write the reason, «Assegna comunque» sends the same
// patch with it, and the screen says «Assegnato senza qualifica: …». A planner gets the refusal only.
import '../test-support/cmdk-jsdom.ts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { loadRecordCommands } from '../../../commands/registry.ts';
import { testIdentity } from '../../../commands/testing.ts';
import type { Identity } from '../../domain/ability.ts';
import type { Entity } from '../../domain/entity.ts';
import { ADMIN_ROLE_NAME } from '../../domain/rules/admin-role.ts';
import { applyMergePatch } from '../../domain/merge-patch.ts';
import { queryClient } from '../api/query-client.ts';
import { transitionKeysOf } from '../kinds/index.ts';
import { DialogHost } from '../shell/dialog.tsx';
import { startFakeApi, type FakeApi } from '../test-support/fake-api-server.ts';
import { renderSignedIn } from '../test-support/render-signed-in.tsx';
import { TabIdContext } from '../workspace/tab-context.ts';
import { InterventionDetail } from './intervention.tsx';

const ID = '6a1f0c2e-3b4d-4e5f-8a6b-7c8d9e0f1a2b';
const CUSTOMER = '1d2c3b4a-5f6e-4a7b-8c9d-0e1f2a3b4c5d';
const DAVIDE = '2b3c4d5e-6f70-4182-93a4-b5c6d7e8f901';
const REFUSAL = 'Davide Conti (tecnico esterno) non è un tecnico manutentore qualificato (D.M. 1 settembre 2021) per: Rivelazione e allarme incendio (UNI 11224:2019).';

const davide = {
  id: DAVIDE, attributes: { displayName: 'Davide Conti (tecnico esterno)', email: 'esterno@demo.sicurezza.it', userType: 'external' },
  relationships: {}, metadata: { isDeleted: false },
};

let api: FakeApi;
let stored: Entity;
let patches: unknown[];

function assignment(): Entity {
  return {
    id: ID,
    attributes: { code: 'INT-2026-01305', title: 'Verifica semestrale rivelatori di fumo', state: 'open', module: 'fire', priority: 'normal', isProvisional: false },
    relationships: { customerId: CUSTOMER, operatorIds: [], operatorInChargeId: null },
    metadata: {
      createdDateTime: '2026-10-01T08:00:00.000Z', lastUpdatedDateTime: '2026-10-01T08:00:00.000Z', deletedDateTime: null,
      createdBy: testIdentity.id, lastUpdatedBy: testIdentity.id, deletedBy: null, isDeleted: false, isArchived: false, customerName: 'Sigma Srl',
    },
  } as unknown as Entity;
}

beforeAll(async () => {
  loadRecordCommands(transitionKeysOf);
  api = await startFakeApi(({ method, path, headers, text }, send) => {
    const list = (data: unknown[]) => send(200, { data, meta: { total: data.length, page: { number: 1, size: 20 } } });
    if (method === 'GET' && path === `/api/assignments/${ID}`) return send(200, { data: stored });
    if (method === 'GET' && path === `/api/assignments/${ID}/actions`) return send(200, { data: [] });
    if (method === 'GET' && path.startsWith('/api/users')) return list([davide]);
    if (method === 'PATCH' && path === `/api/assignments/${ID}`) {
      const body = JSON.parse(text) as { attributes?: Record<string, unknown>; relationships?: { operatorIds?: string[] } };
      patches.push(body);
      if (headers['if-match'] !== `"${String(stored.metadata.lastUpdatedDateTime)}"`) return send(409, { status: 409, code: 'VERSION_CONFLICT', title: 'Conflict' }, 'application/problem+json');
      // As server/kinds/assignments.ts: the new operator is not qualified; a reason lets him in.
      if (body.relationships?.operatorIds?.includes(DAVIDE) && !body.attributes?.qualificationOverrideReason) {
        return send(409, {
          status: 409, code: 'TECHNICIAN_NOT_QUALIFIED', title: 'Technician not qualified', message: REFUSAL,
          errors: [{ pointer: '/relationships/operatorIds/0', code: 'technicianNotQualified', message: REFUSAL }],
        }, 'application/problem+json');
      }
      const next = applyMergePatch(stored, body);
      stored = { ...next, metadata: { ...next.metadata, lastUpdatedDateTime: `2026-10-01T09:00:0${patches.length}.000Z` } };
      return send(200, { data: stored });
    }
    if (method === 'GET') return list([]);
    send(404, { status: 404, code: 'NOT_FOUND', title: 'Not found' }, 'application/problem+json');
  });
});

afterAll(() => api.close());

beforeEach(() => {
  stored = assignment();
  patches = [];
  queryClient.clear();
  sessionStorage.clear();
});
afterEach(() => cleanup());

const everything = [{ action: 'manage', subject: 'all' }] as Identity['permissions'];
const admin: Identity = { ...testIdentity, permissions: everything, roles: [{ id: 'r-admin', name: ADMIN_ROLE_NAME }] };
const planner: Identity = { ...testIdentity, permissions: everything, roles: [{ id: 'r-planner', name: 'Pianificatore' }] };

/** Opens the intervention, adds Davide Conti from the operators' picker and saves (the toolbar's «Salva», Ctrl+S). */
async function addDavideAndSave(identity: Identity) {
  renderSignedIn(identity, <TabIdContext.Provider value="intervention-tab"><InterventionDetail id={ID} /><DialogHost /></TabIdContext.Provider>);
  const picker = await screen.findByRole('combobox', { name: 'Aggiungi operatore' });
  fireEvent.change(picker, { target: { value: 'Davide' } });
  const option = await screen.findByRole('option', { name: /Davide Conti/ }, { timeout: 3000 });
  await act(async () => fireEvent.mouseDown(option));
  fireEvent.click(option);
  const operators = screen.getByRole('group', { name: 'Operatori' });
  await waitFor(() => expect(within(operators).getByRole('button', { name: 'Rimuovi Davide Conti (tecnico esterno)' })).toBeTruthy());
  const save = document.querySelector<HTMLElement>('[data-command="record.save"]')!;
  await act(async () => fireEvent.click(save));
  await waitFor(() => expect(patches.length).toBeGreaterThan(0));
  return operators;
}

describe('assigning a technician not qualified (issue 25)', () => {
  it('an administrator reads the refusal, must give the reason, and «Assegna comunque» saves it with the team; the screen shows it', async () => {
    const operators = await addDavideAndSave(admin);
    const dialog = await screen.findByRole('alertdialog', { name: 'Tecnico non qualificato' });
    expect(dialog.textContent).toContain('per: Rivelazione e allarme incendio');
    const reason = within(dialog).getByRole('textbox', { name: /Motivo dell’assegnazione senza qualifica/ }) as HTMLTextAreaElement;
    expect(document.activeElement).toBe(reason);
    expect(reason.required).toBe(true);
    // Without a reason nothing is sent: it is asked for.
    fireEvent.keyDown(reason, { key: 'Enter', ctrlKey: true });
    expect(within(dialog).getByRole('alert').textContent).toBe('Indicare il motivo dell’assegnazione senza qualifica.');
    expect(patches).toHaveLength(1);
    fireEvent.change(reason, { target: { value: '  Unico tecnico disponibile, affiancato dal responsabile  ' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Assegna comunque' })));
    await waitFor(() => expect(patches).toHaveLength(2));
    expect(patches[1]).toEqual({
      attributes: { qualificationOverrideReason: 'Unico tecnico disponibile, affiancato dal responsabile' },
      relationships: { operatorIds: [DAVIDE] },
    });
    await waitFor(() => expect(within(operators).getByText('Assegnato senza qualifica: Unico tecnico disponibile, affiancato dal responsabile')).toBeTruthy());
    expect(stored.relationships.operatorIds).toEqual([DAVIDE]);
    expect(document.querySelector('[data-command="record.save"]')?.getAttribute('aria-disabled')).toBe('true');
  });

  it('the focus the closed dialog gives back to the operators\' picker leaves its list shut; coming to it opens it', async () => {
    await addDavideAndSave(admin);
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Unico tecnico disponibile' } });
    const confirm = within(dialog).getByRole('button', { name: 'Assegna comunque' });
    await act(async () => fireEvent.click(confirm));
    await waitFor(() => expect(patches).toHaveLength(2));
    // As the native <dialog> does on close (jsdom does not): the focus back on the field it came from.
    const picker = screen.getByRole('combobox', { name: 'Aggiungi operatore' });
    await act(async () => fireEvent.focus(picker, { relatedTarget: confirm }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(picker.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.blur(picker);
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    await act(async () => fireEvent.focus(picker, { relatedTarget: null }));
    expect(await screen.findByRole('listbox')).toBeTruthy();
  });

  it('«Annulla» keeps the refusal as it was: nothing is stored, the draft stays', async () => {
    const operators = await addDavideAndSave(admin);
    const dialog = await screen.findByRole('alertdialog', { name: 'Tecnico non qualificato' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Annulla' })));
    await waitFor(() => expect(within(operators).getByRole('alert').textContent).toBe(REFUSAL));
    expect(patches).toHaveLength(1);
    expect(stored.relationships.operatorIds).toEqual([]);
    expect(within(operators).queryByText(/Assegnato senza qualifica/)).toBeNull();
  });

  it('a planner (not an administrator) gets the refusal only, now also beside the operators: no dialog, no second write', async () => {
    const operators = await addDavideAndSave(planner);
    await waitFor(() => expect(within(operators).getByRole('alert').textContent).toBe(REFUSAL));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Assegna comunque' })).toBeNull();
    expect(patches).toHaveLength(1);
  });

  it('the stored reason is shown near the operators (an override made through the API)', async () => {
    stored = { ...assignment(), attributes: { ...assignment().attributes, qualificationOverrideReason: 'Emergenza notturna' }, relationships: { customerId: CUSTOMER, operatorIds: [DAVIDE], operatorInChargeId: DAVIDE } } as unknown as Entity;
    renderSignedIn(planner, <TabIdContext.Provider value="intervention-tab"><InterventionDetail id={ID} /></TabIdContext.Provider>);
    const operators = await screen.findByRole('group', { name: 'Operatori' });
    expect(within(operators).getByText('Assegnato senza qualifica: Emergenza notturna')).toBeTruthy();
  });
});
