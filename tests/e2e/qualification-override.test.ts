// Qualified technicians (issue 25), the administrator's override, keyboard only (user walk: the admin got
// the planner's refusal and no way to give the reason). On an intervention on fire detection, the demo
// administrator adds the demo external technician (qualified only for extinguishers, hydrants, doors and
// lighting) from the operators' picker, Ctrl+S: the refusal names the type in a dialog that asks the reason;
// the reason typed, Tab to «Assegna comunque», Enter. The API then has the technician among the operators
// and the reason, in the same write of the history; the screen says «Assegnato senza qualifica: …».
// On the planning board the same: a card dropped by keys in his lane asks the reason, and is planned there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDay } from '../../src/domain/business-day.ts';
import { apiData, DEMO, openFromPalette, pressKeys, signedInSession, type SignedInSession } from './harness.ts';
import { focusedIs, tabUntil } from './deadline-steps.ts';
import { carryToLane, fireDetectionIntervention, type Entity } from './qualification-steps.ts';
import { nextWorkingWeekday } from './working-days.ts';

interface HistoryEntry { action: string; changes: { pointer: string; from?: unknown; to?: unknown }[] }

let session: SignedInSession;

beforeAll(async () => {
  session = await signedInSession({ email: DEMO.admin });
  await session.page.locator('[role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
});

afterAll(async () => {
  await session?.close();
});


describe('assigning a technician not qualified, as an administrator', () => {
  it('gives the reason in the refusal and assigns anyway; the history has the operator and the reason', async () => {
    const { page, server, token } = session;
    const { intervention, code, external } = await fireDetectionIntervention(server, token, 'Verifica semestrale rivelatori di fumo');

    // Opened from the palette's record search, by its code.
    await openFromPalette(page, code, code);
    await page.waitForURL((url) => url.pathname.startsWith(`/planning/assignments/${intervention.id}`));
    const operators = page.locator('.intervention-operators:visible');
    await operators.waitFor({ timeout: 30_000 });

    // Tab to «Aggiungi operatore», the technician's name, Enter picks him.
    await tabUntil(page, 'Tab', focusedIs(page, "el?.getAttribute('role') === 'combobox' && Boolean(el.closest('.intervention-operators'))"), 200);
    await page.keyboard.type('Davide Conti', { delay: 10 });
    await operators.getByRole('option', { name: /Davide Conti/ }).first().waitFor({ timeout: 15_000 });
    await pressKeys(page, 'Enter');
    await operators.getByRole('button', { name: /Rimuovi Davide Conti/ }).waitFor({ timeout: 10_000 });

    // Ctrl+S: refused; for the administrator the refusal is a dialog naming the type, on the reason's field.
    await pressKeys(page, 'Control+s');
    const dialog = page.getByRole('alertdialog', { name: 'Tecnico non qualificato' });
    await dialog.waitFor({ timeout: 15_000 });
    expect(await dialog.textContent()).toContain('Davide Conti (tecnico esterno) non è un tecnico manutentore qualificato (D.M. 1 settembre 2021) per: Rivelazione e allarme incendio');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('qualificationOverrideReason');
    const reason = 'Unico tecnico disponibile, affiancato dal responsabile di commessa';
    await page.keyboard.type(reason, { delay: 5 });
    // Tab past «Annulla» to «Assegna comunque», Enter.
    await tabUntil(page, 'Tab', focusedIs(page, "el?.textContent === 'Assegna comunque'"), 5);
    await pressKeys(page, 'Enter');
    await dialog.waitFor({ state: 'hidden', timeout: 15_000 });

    // The server has him and the reason, written together (one entry of the history).
    await expect.poll(async () => (await apiData<Entity>(server, token, `/assignments/${intervention.id}`)).relationships.operatorIds, { timeout: 15_000 }).toEqual([external.id]);
    const stored = await apiData<Entity>(server, token, `/assignments/${intervention.id}`);
    expect(stored.attributes.qualificationOverrideReason).toBe(reason);
    const history = await apiData<HistoryEntry[]>(server, token, `/assignments/${intervention.id}/history`);
    const write = history.find((entry) => entry.changes.some((change) => change.pointer === '/attributes/qualificationOverrideReason'));
    expect(write?.changes.find((change) => change.pointer === '/attributes/qualificationOverrideReason')?.to).toBe(reason);
    expect(JSON.stringify(write?.changes.filter((change) => change.pointer.startsWith('/relationships/operatorIds')))).toContain(external.id);

    // The screen says it under the operators.
    await expect.poll(() => operators.locator('.intervention-override').textContent(), { timeout: 15_000 }).toBe(`Assegnato senza qualifica: ${reason}`);
  });

  it('on the planning board, a card dropped by keys in his lane asks the reason and is planned there with it', async () => {
    const { page, server, token } = session;
    const { intervention, code, external } = await fireDetectionIntervention(server, token, 'Verifica rivelatori di fumo dal tabellone');
    const today = businessDay();
    const tuesday = nextWorkingWeekday(today, 2);
    // Space picks it up; → to Tuesday, Alt+↓ to the external technician's lane, Enter drops it there.
    await carryToLane(page, server, { code, laneId: external.id, today, day: tuesday });
    await pressKeys(page, 'Enter');

    const dialog = page.getByRole('alertdialog', { name: 'Tecnico non qualificato' });
    await dialog.waitFor({ timeout: 15_000 });
    expect(await dialog.textContent()).toContain('per: Rivelazione e allarme incendio');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('qualificationOverrideReason');
    const reason = 'Sostituzione urgente del tecnico qualificato in ferie';
    await page.keyboard.type(reason, { delay: 5 });
    await pressKeys(page, 'Control+Enter');
    await dialog.waitFor({ state: 'hidden', timeout: 15_000 });

    await expect.poll(async () => {
      const stored = await apiData<Entity>(server, token, `/assignments/${intervention.id}`);
      return { operators: stored.relationships.operatorIds, reason: stored.attributes.qualificationOverrideReason, state: stored.attributes.state };
    }, { timeout: 15_000 }).toEqual({ operators: [external.id], reason, state: 'scheduled' });
    await page.locator(`.screen-board:visible .board-lane[data-lane="${external.id}"] .board-cell[data-day="${tuesday}"] .board-card[data-code="${code}"]`).waitFor({ timeout: 15_000 });
  });
});
