// The asset view (issue 23), as the Manutentore: an extinguisher found from the palette by its code
// opens with only the fire fields (no INAIL number, no cost centre), and under the form its file: the
// lifecycle from production to its next deadlines with their norm, the open deadlines, the checks
// made with their outcome, the anomalies and the interventions, each equal to what the API answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiData, DEMO, openFromPalette, signedInSession, type SignedInSession, type TestServer } from './harness.ts';
import { guardJourney, type JourneyGuard } from './journeys/guard.ts';

interface Entity { id: string; attributes: Record<string, unknown>; metadata: Record<string, unknown>; relationships: Record<string, unknown> }

let session: SignedInSession;
let server: TestServer;
let page: Page;
let token: string;
let guard: JourneyGuard;
const api = <T>(pathAndQuery: string) => apiData<T>(server, token, pathAndQuery);

beforeAll(async () => {
  session = await signedInSession({ email: DEMO.maintainer, path: '/dashboard' });
  ({ server, page, token } = session);
  guard = guardJourney(page);
  await page.locator('.tab-strip [role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
});

afterAll(() => session?.close());

describe('the equipment’s file', () => {
  it('shows an extinguisher’s lifecycle, deadlines with their norm, checks and interventions, and only fire fields', async () => {
    // An extinguisher that was checked: its checks and deadlines are the demo's.
    const [check] = await api<Entity[]>('/checks?page[size]=1&sort=-checkedDateTime&has[equipmentId]=true');
    const equipmentId = String(check!.relationships.equipmentId);
    const equipment = await api<Entity>(`/equipments/${equipmentId}`);
    expect(equipment.attributes.module).toBe('fire');
    const checks = await api<Entity[]>(`/checks?filter[equipmentId]=${equipmentId}&page[size]=100`);
    const open = (await api<Entity[]>(`/physicalActivities?filter[equipmentId]=${equipmentId}&page[size]=200`))
      .filter((row) => row.attributes.isExecuted !== true && row.attributes.isEnded !== true);
    const activities = await api<Entity[]>(`/assignmentActivities?filter[equipmentId]=${equipmentId}&page[size]=200`);
    const interventions = new Set(activities.map((row) => String(row.relationships.assignmentId)));

    const code = String(equipment.attributes.equipmentId);
    await openFromPalette(page, code, code);
    await page.waitForURL((url) => url.pathname.endsWith(`/equipments/${equipmentId}`));
    const pane = page.locator('.pane:not([hidden])');
    const file = pane.locator('.equipment-file');
    await file.waitFor({ timeout: 20_000 });
    await expect.poll(() => file.locator('[role=status]').count(), { timeout: 15_000 }).toBe(0);

    // Only the fire module's fields.
    expect(await pane.getByLabel(/^Matricola INAIL/).count()).toBe(0);
    expect(await pane.getByLabel(/^Centro di costo/).count()).toBe(0);

    const section = (name: string) => file.locator('section', { has: page.getByRole('heading', { name, exact: true }) });
    const timeline = await section('Ciclo di vita').locator('li').allTextContents();
    if (equipment.attributes.productionDate) expect(timeline[0]).toContain('Produzione');
    expect(timeline.filter((line) => /Verifica (non )?superata/.test(line)).length).toBeGreaterThan(0);
    expect(await section('Scadenze').locator('tbody tr').count()).toBe(open.length);
    if (open.length > 0) expect(await section('Scadenze').textContent()).toMatch(/UNI \d+/);
    expect(await section('Verifiche').locator('tbody tr').count()).toBe(checks.length);
    expect(await section('Interventi').locator('tbody tr').count()).toBe(interventions.size);
    await guard.expectAccessible('equipment file');
    guard.expectClean();
  });

  it('lists equipments by what they are, where they stand, their state and next deadline, equal to the API', async () => {
    await openFromPalette(page, 'Attrezzature', /^Attrezzature/, { title: true });
    await page.waitForURL((url) => url.pathname === '/equipments');
    const grid = page.locator('.pane:not([hidden]) [role=grid]');
    await grid.waitFor({ timeout: 20_000 });
    const headers = await grid.locator('[role=columnheader]').allTextContents();
    for (const name of ['Tipo di attrezzatura', 'Posizione nella sede', 'Stato', 'Prossima scadenza']) expect(headers.join('|')).toContain(name);
    const column = headers.findIndex((text) => text.includes('Prossima scadenza'));
    const firstRow = grid.locator('[role=row][aria-rowindex="2"]');
    const cell = firstRow.locator('[role=gridcell]').nth(column);
    await expect.poll(() => cell.textContent(), { timeout: 15_000 }).not.toBe('…');
    const href = await firstRow.locator('a').first().getAttribute('href');
    const equipmentId = href!.split('/').pop()!;
    const [next] = await api<Entity[]>(`/physicalActivities?filter[equipmentId]=${equipmentId}&filter[isExecuted]=false&filter[isEnded]=false&sort=deadlineDate&page[size]=1`);
    const shown = (await cell.textContent()) ?? '';
    if (next) expect(shown).toContain(String(next.attributes.deadlineDate).split('-').reverse().map((part, i) => (i === 2 ? part.slice(2) : part)).join('/'));
    else expect(shown).toBe('Nessuna scadenza aperta');
    await guard.expectAccessible('equipments list');
    guard.expectClean();
  });

  it('lists anomalies by what was found, on which equipment and by which control', async () => {
    // An anomaly raised by a failed check, as the checklist raises it (the demo's own anomalies name no check).
    const [check] = await api<Entity[]>('/checks?page[size]=1&sort=-checkedDateTime&filter[passed]=false');
    const source = check ?? (await api<Entity[]>('/checks?page[size]=1&sort=-checkedDateTime'))[0]!;
    const equipment = await api<Entity>(`/equipments/${String(source.relationships.equipmentId)}`);
    const created = await server.api('/anomalies', {
      method: 'POST',
      token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        attributes: { description: `Manometro fuori scala ${Date.now()}`, risk: 'medium', detectedDateTime: new Date().toISOString() },
        relationships: { customerId: equipment.relationships.customerId, equipmentId: equipment.id, checkId: source.id },
      }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const anomaly = ((await created.json()) as { data: Entity }).data;
    const control = await api<Entity>(`/controls/${String(source.relationships.controlId)}`);
    await openFromPalette(page, 'Anomalie', /^Anomalie/, { title: true });
    await page.waitForURL((url) => url.pathname === '/planning/anomalies');
    const grid = page.locator('.pane:not([hidden]) [role=grid]');
    await grid.waitFor({ timeout: 20_000 });
    const headers = await grid.locator('[role=columnheader]').allTextContents();
    const column = headers.findIndex((text) => text.includes('Controllo'));
    expect(column).toBeGreaterThan(0);
    const row = grid.locator('[role=row]', { has: page.locator(`a[href$="${anomaly.id}"]`) });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.locator('a').first().textContent()).toContain(String(anomaly.attributes.description).slice(0, 20));
    await expect.poll(() => row.locator('[role=gridcell]').nth(column).textContent(), { timeout: 15_000 }).toBe(String(control.attributes.name));
    await guard.expectAccessible('anomalies list');
    guard.expectClean();
  });
});
