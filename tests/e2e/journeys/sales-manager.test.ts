// Responsabile commerciale's journey (issue 22), keyboard only, under the journey guard (no console
// error, no unasked-for refused answer, axe 0 serious): the approval queue from the palette (the
// saved view «Preventivi da approvare»), down to a quotation awaiting approval, Enter opens it with
// the salesman's request, `t p a` approves it; the approved quotation is read-only, saying why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiData, DEMO, openFromPalette, plainSpaces, pressKeys, pressUntil, pressWhenOffered, signedInSession, type SignedInSession, type TestServer, type Entity } from '../harness.ts';
import { guardJourney, type JourneyGuard } from './guard.ts';

let session: SignedInSession;
let server: TestServer;
let page: Page;
let token: string;
let guard: JourneyGuard;
let quotation: Entity;

const api = <T>(pathAndQuery: string) => apiData<T>(server, token, pathAndQuery);
const editor = () => page.locator('.quotation-editor:visible');

beforeAll(async () => {
  session = await signedInSession({ email: DEMO.salesManager, path: '/dashboard' });
  ({ server, page, token } = session);
  guard = guardJourney(page);
  await page.locator('[role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
  // The newest quotation awaiting approval that the manager may approve (the queue's first rows).
  for (const candidate of await api<Entity[]>('/quotations?filter[status]=to-be-approved&sort=-date&page[size]=20')) {
    const actions = await api<{ action: string; allowed?: boolean }[]>(`/quotations/${candidate.id}/actions`);
    if (actions.some((a) => a.action === 'approve' && a.allowed)) {
      quotation = candidate;
      break;
    }
  }
  expect(quotation, 'a quotation awaiting approval in the demo data').toBeTruthy();
});

afterAll(() => session?.close());

describe('Responsabile commerciale: approves a quotation awaiting approval, keyboard only', () => {
  it('finds it in the approval queue from the palette and opens it with Enter', async () => {
    await openFromPalette(page, 'da approvare', 'Vista: Preventivi da approvare', { title: true });
    await page.waitForURL((url) => url.pathname === '/marketing/quotations' && url.searchParams.get('filter[status]') === 'to-be-approved');
    const grid = page.locator('[role=grid]:visible');
    const code = String(quotation.attributes.code);
    await grid.locator('[role=row]', { hasText: code }).first().waitFor({ timeout: 20_000 });
    await pressUntil(page, 'Tab', () => grid.evaluate((element) => element === document.activeElement));
    await pressKeys(page, 'Home');
    const activeRow = async () => plainSpaces(await grid.evaluate((element) => document.getElementById(element.getAttribute('aria-activedescendant') ?? '')?.textContent ?? ''));
    await pressUntil(page, 'j', async () => (await activeRow()).includes(code), 100);
    await guard.expectAccessible('approval queue');
    await pressKeys(page, 'Enter');
    await page.waitForURL((url) => url.pathname === `/marketing/quotations/detail/${quotation.id}`);
    await editor().locator('h1', { hasText: code }).waitFor({ timeout: 20_000 });
    await editor().locator('.entity-state[data-state="to-be-approved"]').waitFor();
    // What the salesman asked, who and when, when the request was made through the app (seeded ones may predate it).
    if (typeof quotation.metadata.approvalRequestedAt === 'string') await editor().locator('[data-approval-request]').waitFor();
  });

  it('approves it (t p a): the quotation is approved and opens read-only, saying why', async () => {
    await pressWhenOffered(page, 'transition.quotations.approve', 't', 'p', 'a');
    await expect.poll(async () => (await api<Entity>(`/quotations/${quotation.id}`)).attributes.status, { timeout: 10_000 }).toBe('approved');
    await editor().locator('.entity-state[data-state="approved"]').waitFor();
    await editor().locator('.record-frozen').waitFor();
    expect(await editor().getByRole('grid', { name: 'Righe del preventivo' }).getAttribute('aria-readonly')).toBe('true');
    await guard.expectAccessible('approved quotation');
    guard.expectClean();
  });
});
