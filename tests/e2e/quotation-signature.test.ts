// A quotation approved and signed online (issue 26 §3), keyboard only: cliente1 opens an issued
// quotation of its customer from its portal's «Preventivi» (the portal's own page of it), signs with its name as the drawing, asks
// for the code, reads it in the test mailbox (the server sends through SMTP_URL to an in-process SMTP
// server), types it and signs; the quotation is accepted with its signed copy, and the planner, signed
// in beside it, finds the order the signature made among the orders. Under the journey guard: axe
// clean, no console error, no refused request, Italian only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Mailbox } from '../support/mailbox.ts';
import { apiData, DEMO, launchBrowser, pressUntil, signIn, storedUser, type SignedInSession, type TestServer, type Entity, isFocused } from './harness.ts';
import type { JourneyGuard } from './journeys/guard.ts';
import { portalSessionWithMailbox, type PortalSession } from './portal-session.ts';

let mailbox: Mailbox;
let session: SignedInSession;
let server: TestServer;
let page: Page;
let token: string;
let guard: JourneyGuard;
let plannerBrowser: Browser | undefined;
let portal: PortalSession | undefined;

beforeAll(async () => {
  portal = await portalSessionWithMailbox();
  ({ mailbox, session, guard } = portal);
  ({ server, page, token } = session);
});
afterAll(async () => {
  await plannerBrowser?.close();
  await portal?.close();
});

describe('a quotation signed online', () => {
  it('cliente1 signs an issued quotation with the e-mailed code, and the planner finds its order', async () => {
    const quotations = await apiData<Entity[]>(server, token, '/quotations?filter[status]=issued&page[size]=50&sort=-date');
    const quotation = quotations[0];
    expect(quotation, 'an issued quotation of cliente1’s customer in the demo data').toBeDefined();
    const code = String(quotation!.attributes.code);

    // Portal → «Preventivi» → the quotation (Tab to its link, Enter): the portal's page of the quotation.
    const link = page.locator('.portal-app .portal-nav a', { hasText: 'Preventivi' });
    await pressUntil(page, 'Tab', isFocused(link));
    await page.keyboard.press('Enter');
    const list = page.locator('.portal-quotations:visible table');
    await list.waitFor({ timeout: 30_000 });
    const open = list.getByRole('link', { name: new RegExp(`^${code}`) });
    await pressUntil(page, 'Tab', isFocused(open));
    await page.keyboard.press('Enter');
    await page.locator('.portal-quotation:visible .portal-quotation-state', { hasText: 'Da approvare' }).waitFor({ timeout: 30_000 });

    // The signature panel: the name is the user's, drawn as the signature by a key.
    const panel = page.locator('.quotation-signature:visible');
    await panel.waitFor({ timeout: 30_000 });
    await guard.expectAccessible('signature panel');
    const byName = panel.getByRole('button', { name: 'Usa il nome come firma' });
    await pressUntil(page, 'Tab', isFocused(byName));
    await page.keyboard.press('Enter');
    await expect.poll(() => panel.locator('[aria-live=polite]').textContent(), { timeout: 5_000 }).toBe('Firma presente');

    // The code by e-mail, read in the test mailbox.
    const ask = panel.getByRole('button', { name: 'Invia il codice via e-mail' });
    await pressUntil(page, 'Tab', isFocused(ask));
    await page.keyboard.press('Enter');
    // (Only the code's message: an issued quotation's «Preventivo da firmare» may reach the same address.)
    const codeMails = () => mailbox.to(DEMO.customer1).filter((m) => m.subject.startsWith('Codice per firmare'));
    await expect.poll(() => codeMails().length, { timeout: 15_000 }).toBe(1);
    const mail = codeMails()[0]!;
    expect(mail.subject).toContain(`Codice per firmare il preventivo ${code}`);
    const oneTime = /è (\d{6})\./.exec(mail.decoded)?.[1];
    expect(oneTime).toMatch(/^\d{6}$/);
    await panel.locator('[role=status]', { hasText: 'Codice inviato a' }).waitFor({ timeout: 10_000 });
    // The focus is already in the code field (issue 26 walk: it fell to <body>).
    const codeField = panel.getByLabel('Codice ricevuto (6 cifre)');
    await expect.poll(isFocused(codeField), { timeout: 5_000 }).toBe(true);
    await page.keyboard.type(oneTime!);
    const sign = panel.getByRole('button', { name: 'Firma e accetta' });
    await pressUntil(page, 'Tab', isFocused(sign));
    await page.keyboard.press('Enter');

    // Signed: the panel says so with the order's number; the quotation is accepted with its signed copy.
    const done = page.locator('.quotation-signature[data-signature=signed]:visible');
    await done.or(panel.locator('.form-error')).first().waitFor({ timeout: 30_000 });
    expect(await panel.locator('.form-error').allTextContents()).toEqual([]);
    await expect.poll(() => done.locator('[role=status]').textContent(), { timeout: 5_000 }).toMatch(new RegExp(`Il preventivo ${code} è firmato e accettato: l’ordine \\S+ è stato creato`));
    // The focus is on the result; the two fingerprints are told apart, the signed file's being the file's own.
    await expect.poll(isFocused(done.locator('[role=status]')), { timeout: 5_000 }).toBe(true);
    const signedCopy = await apiData<Entity>(server, token, `/quotations/${quotation!.id}`);
    const media = await apiData<Entity>(server, token, `/media/${String(signedCopy.metadata.signedDocumentId)}`);
    expect(await done.locator('[data-hash=signed]').textContent()).toBe(`Impronta SHA-256 del file firmato da scaricare: ${String(media.attributes.meta.sha256)}`);
    expect(await done.locator('[data-hash=presented]').textContent()).toBe(`Impronta SHA-256 del preventivo come presentato, riportata nella traccia della firma: ${String(signedCopy.metadata.documentSha256)}`);
    await guard.expectAccessible('signed quotation');
    const accepted = await apiData<Entity>(server, token, `/quotations/${quotation!.id}`);
    expect(accepted.attributes.status).toBe('accepted');
    expect(accepted.attributes.attachments.some((item: { kind: string }) => item.kind === 'signedQuotation')).toBe(true);
    await expect.poll(() => page.locator('.portal-quotation:visible .portal-quotation-state').textContent(), { timeout: 15_000 }).toBe('Accettato');

    // The planner, signed in beside: the order of the signed quotation is among the orders.
    plannerBrowser = await launchBrowser();
    const planner = await (await plannerBrowser.newContext({ locale: 'it-IT' })).newPage();
    await planner.goto(`${server.url}/marketing/orders`, { waitUntil: 'commit', timeout: 60_000 });
    await signIn(planner, server, DEMO.planner);
    const plannerToken = (await storedUser(planner))!.user.access_token;
    const orders = await apiData<Entity[]>(server, plannerToken, `/orders?filter[quotationId]=${quotation!.id}`);
    expect(orders).toHaveLength(1);
    const number = String(orders[0]!.attributes.orderNumber);
    await planner.locator('[role=grid]:visible [role=row]', { hasText: number }).first().waitFor({ timeout: 30_000 });
    guard.expectClean();
  });
});
