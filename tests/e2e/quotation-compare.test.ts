// Comparing quotations (issue 9), keyboard only, as the demo salesman: a draft opened from the palette
// is duplicated (r d), one line's quantity changed in the copy and saved; Alt+S shows the two quotations
// side by side in the split view; r k compares them: the compare view highlights the changed line (its
// quantity and net cells) and the totals that moved, and N goes to the change. An issued quotation
// revised (t p v, with its reason) keeps its frozen revision in the editor's list, and r k compares
// the quotation being revised with it, side by side.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiData, DEMO, focusOutOfFields, openFromPalette, plainSpaces, pressKeys, signedInSession, type SignedInSession, type TestServer, settledAxe, type Entity, isFocused, pressKeysUntil, pressOnRecord, pressWhenOffered } from './harness.ts';

let session: SignedInSession;
let server: TestServer;
let page: Page;
let token: string;

const api = <T>(pathAndQuery: string) => apiData<T>(server, token, pathAndQuery);
const editorOf = (code: string) => page.locator('.quotation-editor:visible', { has: page.locator('h1', { hasText: code }) });
const lines = (id: string) => api<Entity[]>(`/quotationProducts?filter[quotationId]=${id}&sort=position&page[size]=500`);

let original: Entity;
let copy: Entity;
const NEW_QUANTITY = 777;

beforeAll(async () => {
  // A server of its own: the salesman's seeded drafts, none moved on by other files.
  session = await signedInSession({ email: DEMO.salesman, path: '/marketing/quotations', server: { own: true } });
  ({ server, page, token } = session);
  await page.locator('[role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
  const drafts = await api<Entity[]>('/quotations?filter[status]=draft&page[size]=50&sort=-date');
  for (const draft of drafts) {
    if (!Number(draft.metadata.productsCount)) continue;
    const actions = await api<{ action: string; allowed?: boolean }[]>(`/quotations/${draft.id}/actions`);
    const first = (await lines(draft.id))[0];
    if (actions.some((a) => a.action === 'requestApproval' && a.allowed) && first?.attributes.kind === 'product') {
      original = draft;
      break;
    }
  }
  expect(original, 'a draft quotation of the salesman with a product line first').toBeTruthy();
});

afterAll(() => session?.close());

describe('comparing two quotations', () => {
  it('duplicates the quotation (r d) and changes a quantity in the copy', async () => {
    const code = String(original.attributes.code);
    await openFromPalette(page, code);
    await editorOf(code).waitFor({ timeout: 15_000 });
    await pressOnRecord(page, `quotations/${original.id}`, 'r', 'd');
    await page.waitForURL((url) => url.pathname.startsWith('/marketing/quotations/detail/') && !url.pathname.endsWith(original.id), { timeout: 15_000 });
    copy = await api<Entity>(`/quotations/${new URL(page.url()).pathname.split('/').pop()}`);
    const copyEditor = editorOf(String(copy.attributes.code));
    await copyEditor.waitFor({ timeout: 15_000 });
    const grid = copyEditor.getByRole('grid', { name: 'Righe del preventivo' });
    await pressKeysUntil(page, ['Alt+r'], isFocused(grid));
    // First line, first column, then right to the quantity: product, description, unit, quantity.
    await pressKeys(page, 'Home', ...Array<string>(12).fill('ArrowLeft'), 'ArrowRight', 'ArrowRight', 'ArrowRight', 'Enter');
    await grid.getByRole('textbox', { name: /^Quantità della riga 1/ }).waitFor();
    await pressKeys(page, 'Control+a');
    await page.keyboard.type(String(NEW_QUANTITY));
    await pressKeys(page, 'Enter', 'Control+s');
    await expect.poll(async () => (await lines(copy.id))[0]?.attributes.quantity, { timeout: 10_000 }).toBe(NEW_QUANTITY);
  });

  it('shows the two quotations side by side in the split view (Alt+S)', async () => {
    await focusOutOfFields(page);
    await pressKeys(page, 'Alt+s');
    await page.locator('.panes.is-split').waitFor();
    await editorOf(String(copy.attributes.code)).waitFor();
    await editorOf(String(original.attributes.code)).waitFor();
    expect(await page.locator('.quotation-editor:visible').count()).toBe(2);
  });

  it('compares them with r k: the changed line and the totals that moved are highlighted, N goes to the change', async () => {
    await focusOutOfFields(page);
    await pressKeys(page, 'r', 'k');
    const view = page.locator('.quotation-compare:visible');
    await view.waitFor({ timeout: 15_000 });
    // Still side by side: one editor beside the comparison.
    expect(await page.locator('.quotation-editor:visible').count()).toBe(1);
    const changed = view.locator('.quotation-compare-row[data-change="changed"]');
    await expect.poll(() => changed.count(), { timeout: 15_000 }).toBe(1);
    expect(await view.locator('.quotation-compare-row[data-change="added"], .quotation-compare-row[data-change="removed"]').count()).toBe(0);
    const row = changed.first();
    expect(plainSpaces(await row.locator('th').textContent())).toBe('Modificata (quantità, netto)');
    // The quantity cells of both sides are marked, one of them with the new quantity.
    const quantities = await row.locator('td.is-changed-cell').allTextContents();
    expect(quantities.map(plainSpaces)).toContain(String(NEW_QUANTITY));
    expect(await view.locator('.quotation-compare-totals tr[data-total="netTotal"].is-changed').count()).toBe(1);
    await expect.poll(async () => plainSpaces(await view.getByRole('status').first().textContent())).toContain('1 riga modificata, 0 aggiunte, 0 rimosse.');
    await focusOutOfFields(page);
    await pressKeys(page, 'n');
    await expect.poll(() => row.getAttribute('class')).toContain('is-current');
    expect(await row.evaluate((element) => element === document.activeElement)).toBe(true);
    // The comparison passes axe without a serious or critical finding.
    const result = await (await settledAxe(page)).include('.quotation-compare').analyze();
    const serious = result.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(', ')}`)).toEqual([]);
  });
});

describe('comparing a quotation with its revision', () => {
  it('revises an issued quotation (t p v with a reason), changes a line, and compares with the frozen revision (r k)', async () => {
    const issued = await api<Entity[]>('/quotations?filter[status]=issued&page[size]=50&sort=-date');
    let chosen: Entity | undefined;
    for (const candidate of issued) {
      if (!Number(candidate.metadata.productsCount)) continue;
      const actions = await api<{ action: string; allowed?: boolean }[]>(`/quotations/${candidate.id}/actions`);
      if (actions.some((a) => a.action === 'createRevision' && a.allowed) && (await lines(candidate.id))[0]?.attributes.kind === 'product') {
        chosen = candidate;
        break;
      }
    }
    expect(chosen, 'an issued quotation the salesman may revise').toBeDefined();
    const code = String(chosen!.attributes.code);
    // One pane again (Alt+S): with another quotation beside it, r k would compare with that one.
    await focusOutOfFields(page);
    await pressKeys(page, 'Alt+s');
    await expect.poll(() => page.locator('.panes.is-split').count()).toBe(0);
    await openFromPalette(page, code);
    const editor = editorOf(code);
    await editor.waitFor({ timeout: 15_000 });
    await pressWhenOffered(page, 'transition.quotations.createRevision', 't', 'p', 'v');
    const reason = page.getByRole('dialog', { name: 'Crea revisione' }).getByRole('textbox', { name: 'Motivo della revisione' });
    await expect.poll(() => reason.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type('Il cliente chiede più pezzi');
    await pressKeys(page, 'Control+Enter');
    await expect.poll(async () => (await api<Entity>(`/quotations/${chosen!.id}`)).attributes.status, { timeout: 10_000 }).toBe('revision');
    const revisions = editor.locator('.quotation-revisions');
    await revisions.locator('[data-revision]', { hasText: 'Il cliente chiede più pezzi' }).waitFor({ timeout: 15_000 });

    await focusOutOfFields(page);
    await pressKeys(page, 'Alt+r');
    const grid = editor.getByRole('grid', { name: 'Righe del preventivo' });
    await expect.poll(() => grid.evaluate((element) => element === document.activeElement)).toBe(true);
    await pressKeys(page, 'Home', ...Array<string>(12).fill('ArrowLeft'), 'ArrowRight', 'ArrowRight', 'ArrowRight', 'Enter');
    await grid.getByRole('textbox', { name: /^Quantità della riga 1/ }).waitFor();
    await pressKeys(page, 'Control+a');
    await page.keyboard.type(String(NEW_QUANTITY));
    await pressKeys(page, 'Enter', 'Control+s');
    await expect.poll(async () => (await lines(chosen!.id))[0]?.attributes.quantity, { timeout: 10_000 }).toBe(NEW_QUANTITY);

    await focusOutOfFields(page);
    await pressKeys(page, 'r', 'k');
    // The revision frozen is the one the quotation had when chosen (the demo may have revised it before).
    const frozen = Number(chosen!.attributes.revisionNumber ?? 0);
    const view = page.locator('.quotation-compare:visible', { hasText: `${code} – ` }).filter({ hasText: `· revisione ${frozen} congelata` });
    await view.waitFor({ timeout: 15_000 });
    // Beside the editor, in the split view.
    await page.locator('.panes.is-split').waitFor();
    await editor.waitFor();
    const changed = view.locator('.quotation-compare-row[data-change="changed"]');
    await expect.poll(() => changed.count(), { timeout: 15_000 }).toBe(1);
    expect((await changed.first().locator('td.is-changed-cell').allTextContents()).map(plainSpaces)).toContain(String(NEW_QUANTITY));
  });
});
