// Documents end to end, keyboard only: on an issued quotation "Stampa PDF" (r s) opens its preview
// tab, which shows the PDF the server rendered (a real PDF with the quotation's code), and "Scarica
// PDF" (r f) downloads it under the quotation's code, "Allega il PDF al record" (r x) stores it
// among the quotation's attachments. The template editor inserts placeholders from
// its list by keyboard, previews the draft as a PDF, and names an unknown placeholder in Italian.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, focusOutOfFields, signedInSession, type SignedInSession , isAtPath, pressKeysUntil } from './harness.ts';

let session: SignedInSession;
let page: Page;

beforeAll(async () => {
  session = await signedInSession({ email: DEMO.admin });
  page = session.page;
  await page.locator('[role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
});

afterAll(() => session?.close());

describe('documents', () => {
  it('prints an issued quotation to PDF with r s and downloads it with r f', async () => {
    const response = await session.server.api('/quotations?filter[status]=issued&page[size]=1', { token: session.token });
    expect(response.status).toBe(200);
    const [quotation] = ((await response.json()) as { data: { id: string; attributes: { code: string } }[] }).data;
    expect(quotation).toBeDefined();
    const { id, attributes: { code } } = quotation!;

    await page.goto(`${session.server.url}/marketing/quotations/detail/${id}`);
    const print = page.locator('[data-command="document.print"]:visible').first();
    // The record is loaded (its code in the heading) before its commands act on it.
    await page.getByRole('heading', { name: new RegExp(code) }).first().waitFor({ timeout: 30_000 });
    await pressKeysUntil(page, ['r', 's'], isAtPath(page, `/preview/quotations/${id}`));
    const frame = page.locator('iframe.document-frame:visible');
    await frame.waitFor({ timeout: 30_000 });
    const src = await frame.getAttribute('src');
    expect(src).toMatch(/^blob:/);
    const head = await page.evaluate(async (url) => {
      const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
      return { start: String.fromCharCode(...bytes.slice(0, 5)), size: bytes.length };
    }, src!);
    expect(head.start).toBe('%PDF-');
    expect(head.size).toBeGreaterThan(1000);
    await expect(print.locator('kbd').textContent()).resolves.toBe('R S');

    await focusOutOfFields(page);
    const download = page.waitForEvent('download');
    await page.keyboard.press('r');
    await page.keyboard.press('f');
    expect((await download).suggestedFilename()).toBe(`${code}.pdf`);

    // "Allega il PDF al record" (r x): stored as a file of the quotation, listed among its attachments as "Preventivo".
    const attachments = async () => {
      const answer = await session.server.api(`/quotations/${id}`, { token: session.token });
      return ((await answer.json()) as { data: { attributes: { attachments: { kind: string; name: string }[] } } }).data.attributes.attachments;
    };
    const before = (await attachments()).filter((a) => a.kind === 'quotation').length;
    await focusOutOfFields(page);
    await page.keyboard.press('r');
    await page.keyboard.press('x');
    await page.getByText(/allegato a|è già allegato a/).first().waitFor({ timeout: 15_000 });
    await expect.poll(async () => (await attachments()).filter((a) => a.kind === 'quotation').length, { timeout: 10_000 }).toBe(Math.max(before, 1));
  });

  it('edits a template: a placeholder inserted from the list by keyboard, the draft previewed, an unknown placeholder named', async () => {
    const response = await session.server.api('/templateDocs?filter[type]=quotation&page[size]=5', { token: session.token });
    const templates = ((await response.json()) as { data: { id: string; attributes: { isDefault: boolean } }[] }).data;
    const template = templates.find((t) => t.attributes.isDefault) ?? templates[0]!;
    await page.goto(`${session.server.url}/preview/templateDocs/${template.id}`);
    const body = page.locator('textarea.template-body:visible');
    await body.waitFor({ timeout: 30_000 });
    await body.focus();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+Space');
    await page.keyboard.type('totale imponibile');
    await page.keyboard.press('Enter');
    await expect.poll(() => body.inputValue()).toMatch(/\{\{preventivo\.totaleNetto\}\}$/);
    await expect.poll(() => page.locator('.template-preview iframe:visible').getAttribute('src'), { timeout: 20_000 }).toMatch(/^blob:/);

    await page.keyboard.type(' {{preventivo.codise}}');
    // The check runs on the server after the editor's pause: seconds on a busy machine, not the poll's default second.
    await expect.poll(() => page.locator('[role=alert]:visible').allTextContents(), { timeout: 15_000 }).toContainEqual(expect.stringContaining('Segnaposto sconosciuto «preventivo.codise»'));
  });
});
