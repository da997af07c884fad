// The asset view (issue 23), as the Manutentore: an extinguisher found from the palette by its code
// opens with only the fire fields (no INAIL number, no cost centre), and under the form its file: the
// lifecycle from production to its next deadlines with their norm, the open deadlines, the checks
// made with their outcome, the anomalies and the interventions, each equal to what the API answers.
// Its characteristics read by their Italian names, never by their keys (walk 23: `caricaLitri` in an
// editable field). Its customer's equipment section reads the next deadline second, as the customer's
// equipment page does, and that page is headed as its tab. The Esterno, who reads equipment but not
// customers, sees an equipment's additional data under its customer's field labels, with no refused request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiData, DEMO, openFromPalette, signedInSession, type SignedInSession, type TestServer, type Entity , isCustomerSection, pressKeysUntil } from './harness.ts';
import { guardJourney, type JourneyGuard } from './journeys/guard.ts';
import labels from '../../src/client/i18n/messages/screens-labels.ts';
import { normCitation, type DeadlineRule } from '../../src/domain/rules/maintenance-rules.ts';

let session: SignedInSession;
let server: TestServer;
let page: Page;
let token: string;
let guard: JourneyGuard;
/** The extinguisher the first test opens (its customer's pages are the last test's). */
let extinguisher: Entity | undefined;
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
    // The extinguisher checked last (its characteristics name its agent): its checks and deadlines are the demo's.
    const recentChecks = await api<Entity[]>('/checks?page[size]=100&sort=-checkedDateTime&has[equipmentId]=true');
    let equipment: Entity | undefined;
    for (const equipmentId of new Set(recentChecks.map((check) => String(check.relationships.equipmentId)))) {
      const candidate = await api<Entity>(`/equipments/${equipmentId}`);
      if ((candidate.attributes.characteristics as Record<string, unknown> | null)?.agenteEstinguente) {
        equipment = candidate;
        break;
      }
    }
    if (!equipment) throw new Error('the demo has no extinguisher among its last 100 checks');
    const equipmentId = equipment.id;
    expect(equipment.attributes.module).toBe('fire');
    extinguisher = equipment;
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

    // Its characteristics by their Italian names («Carica (litri)»), not as keys to edit; no control is named by a key.
    const keys = Object.keys((equipment.attributes.characteristics ?? {}) as Record<string, unknown>);
    expect(keys.length, 'the demo extinguisher has characteristics').toBeGreaterThan(0);
    const catalogue = labels as Record<string, string>;
    const characteristics = pane.locator('fieldset.form-map', { has: page.locator('legend', { hasText: 'Caratteristiche' }) });
    await characteristics.waitFor({ timeout: 15_000 });
    expect(await characteristics.locator('.form-map-key-label').allTextContents()).toEqual(keys.map((key) => catalogue[`form.field.${key}`]));
    const shownRaw = await page.evaluate((rawKeys) => {
      const pane = document.querySelector('.pane:not([hidden])')!;
      // A key shown: a camel-case key anywhere, or a one-word key (an Italian word as well: «permanente»
      // in «Funzionamento permanente» is none) as a whole line, field value or control name.
      const said = [
        ...(pane as HTMLElement).innerText.split('\n'),
        ...[...pane.querySelectorAll('input, textarea')].map((input) => (input as HTMLInputElement).value),
        ...[...pane.querySelectorAll('[aria-label], [title], [placeholder]')].flatMap((element) => ['aria-label', 'title', 'placeholder'].map((name) => element.getAttribute(name) ?? '')),
      ].map((text) => text.trim());
      return rawKeys.filter((key) => (/[A-Z]/.test(key) ? said.some((text) => new RegExp(`\\b${key}\\b`).test(text)) : said.includes(key)));
    }, keys);
    expect(shownRaw).toEqual([]);

    const section = (name: string) => file.locator('section', { has: page.getByRole('heading', { name, exact: true }) });
    const timeline = await section('Ciclo di vita').locator('li').allTextContents();
    if (equipment.attributes.productionDate) expect(timeline[0]).toContain('Produzione');
    expect(timeline.filter((line) => /Verifica (non )?superata/.test(line)).length).toBeGreaterThan(0);
    expect(await section('Scadenze').locator('tbody tr').count()).toBe(open.length);
    // Each open deadline cites the norm its rule comes from (UNI 9994-1 for an extinguisher, UNI EN 671-3 for a hydrant…).
    const citations = open.flatMap((row) => {
      const rule = row.attributes.rule as DeadlineRule | undefined;
      return rule ? [normCitation(rule.norm, rule.edition)] : [];
    });
    if (open.length > 0) expect(citations.length, 'its open deadlines come from the norms').toBeGreaterThan(0);
    const deadlinesText = await section('Scadenze').textContent();
    for (const citation of citations) expect(deadlinesText).toContain(citation);
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

  it('shows a customer’s equipments with their next deadline second, and heads their page as its tab', async () => {
    expect(extinguisher, 'the first test’s extinguisher').toBeDefined();
    const customerId = String(extinguisher!.relationships.customerId);
    const customer = await api<Entity>(`/customers/${customerId}`);
    const name = String(customer.metadata.displayName);
    await openFromPalette(page, name.slice(0, 20), name);
    await page.waitForURL((url) => url.pathname === `/customers/${customerId}`, { timeout: 15_000 });
    await page.locator('.customer-page:visible').waitFor({ timeout: 30_000 });
    await pressKeysUntil(page, ['s', 't'], isCustomerSection(page, 't'));
    const grid = page.locator('.customer-page:visible [role=tabpanel][data-section=equipment] [role=grid]').first();
    await grid.waitFor({ timeout: 30_000 });
    const headers = (await grid.locator('[role=columnheader]').allTextContents()).map((text) => text.replace(/[ ▲▼]+$/, ''));
    // Second, after what the row is, as on /customers/{id}/fire/equipments: not last, past the right edge.
    expect(headers[1]).toBe('Prossima scadenza');
    await guard.expectAccessible('customer equipment section');

    // The customer's equipment page: its heading says what its tab says, not «Attrezzature · filtrato».
    await page.goto(`${server.url}/customers/${customerId}/fire/equipments`);
    const heading = page.locator('.pane:not([hidden]) h1.screen-title');
    await expect.poll(() => heading.textContent(), { timeout: 30_000 }).toBe(`Attrezzature Antincendio · ${name}`);
    // The tab is named in an effect after the heading is drawn, the window's title after the tab.
    const tab = page.locator('.tab-strip [role=tab][aria-selected=true]');
    await expect.poll(() => tab.textContent(), { timeout: 10_000 }).toContain(`Attrezzature Antincendio · ${name}`);
    const title = new RegExp(`^${(await heading.textContent())!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} – `);
    await expect.poll(() => page.title(), { timeout: 10_000 }).toMatch(title);
    await guard.expectAccessible('customer equipment page');
    guard.expectClean();
  });
  it('labels the Esterno’s equipment additional data by its customer’s fields, without asking the customer', async () => {
    // An equipment with additional data, of a customer that defines its fields (the Manutentore reads customers).
    const customers = await api<Entity[]>('/customers?page[size]=500');
    let found: { equipment: Entity; labels: string[] } | undefined;
    for (const customer of customers.filter((row) => ((row.metadata.additionalPEFields as unknown[] | undefined) ?? []).length > 0)) {
      const equipments = await api<Entity[]>(`/equipments?filter[customerId]=${customer.id}&page[size]=200`);
      const equipment = equipments.find((row) => Object.keys((row.attributes.additionalData as Record<string, unknown> | null) ?? {}).length > 0);
      const definitions = customer.metadata.additionalPEFields as { label: string; equipmentFamilyId?: string }[];
      if (equipment) found = { equipment, labels: definitions.filter((d) => !d.equipmentFamilyId || d.equipmentFamilyId === equipment.relationships.equipmentFamilyId).map((d) => d.label) };
      if (found) break;
    }
    if (!found) throw new Error('the demo has no equipment with additional data');
    const external = await signedInSession({ email: DEMO.external, path: '/dashboard' });
    try {
      const externalGuard = guardJourney(external.page);
      await external.page.locator('.tab-strip [role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
      // The Esterno reads equipment, never customers: the customer itself stays refused to him.
      expect((await external.server.api(`/customers/${String(found.equipment.relationships.customerId)}`, { token: external.token })).status).toBe(403);
      const code = String(found.equipment.attributes.equipmentId);
      await openFromPalette(external.page, code, code);
      await external.page.waitForURL((url) => url.pathname.endsWith(`/equipments/${found.equipment.id}`));
      const additional = external.page.locator('.pane:not([hidden]) fieldset.form-additional');
      await additional.locator('legend', { hasText: 'Dati aggiuntivi' }).waitFor({ timeout: 30_000 });
      for (const label of found.labels) await expect.poll(() => additional.locator('.form-fields').innerText(), { timeout: 15_000 }).toContain(label);
      expect(await additional.innerText()).not.toContain('Il cliente non ha campi aggiuntivi');
      externalGuard.expectClean();
    } finally {
      await external.close();
    }
  });
});
