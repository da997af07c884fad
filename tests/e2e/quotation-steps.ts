/**
 * Steps on an open quotation that several end-to-end files take the same way: a transition by its
 * keys once the screen offers it, and the customer's signed copy attached (Ctrl+U) and marked
 * «Preventivo firmato», which «Accetta» needs.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { chooseFilesByKey, focusOutOfFields, pressUntil, pressWhenOffered } from './harness.ts';

/** A small PDF the customer "signed". */
export const SIGNED_QUOTATION_PDF = Buffer.concat([Buffer.from('%PDF-1.7\n% Preventivo firmato\n'), Buffer.alloc(2048, 0x20), Buffer.from('\n%%EOF\n')]);

/** Waits until the open record's transition is offered (the server's answer for this version has arrived), then presses its keys. */
export function quotationTransition(page: Page, action: string, ...keys: string[]): Promise<void> {
  return pressWhenOffered(page, `transition.quotations.${action}`, ...keys);
}

/**
 * On an issued quotation: Ctrl+U attaches the signed PDF, then its kind is set to «Preventivo
 * firmato» from the keyboard (saved at once); `attachmentKinds` reads the stored kinds back.
 */
export async function attachSignedQuotation(page: Page, attachmentKinds: () => Promise<string[]>): Promise<void> {
  const panel = page.locator('.files-panel[data-field="attributes.attachments"]:visible');
  await panel.waitFor({ timeout: 15_000 });
  await focusOutOfFields(page);
  await chooseFilesByKey(page, 'Control+u', { name: 'Preventivo firmato.pdf', mimeType: 'application/pdf', buffer: SIGNED_QUOTATION_PDF });
  const item = panel.locator('.files-item', { hasText: 'Preventivo firmato.pdf' });
  await item.getByRole('button', { name: 'Scarica Preventivo firmato.pdf' }).waitFor({ timeout: 30_000 });
  // Back from the end of the page (the files are below the editor; the lines grid keeps Tab for its cells)
  // to the file's kind, then up the options to "Preventivo firmato" (saved at once).
  const kind = item.locator('select');
  await focusOutOfFields(page);
  await pressUntil(page, 'Shift+Tab', () => kind.evaluate((element) => element === document.activeElement), 60);
  await pressUntil(page, 'ArrowUp', async () => (await kind.inputValue()) === 'signedQuotation', 10);
  await expect.poll(attachmentKinds, { timeout: 10_000 }).toContain('signedQuotation');
}
