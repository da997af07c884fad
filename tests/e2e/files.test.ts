// Files end to end (issue 10 "Files in the workspace"), as the demo salesman: Ctrl+U on an issued
// quotation opens the file picker, the signed PDF uploads with visible progress, is marked as the
// signed quotation (the files under the quotation editor save each change), the quotation is
// accepted with its key (t p c), and the file downloads with the same bytes. A customer with the folder tree gets a folder (a duplicate name is refused with
// the SPEC message) and a file moved into it, by keyboard.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { chooseFilesByKey, pressKeys, apiData, DEMO, downloadedBytes, focusOutOfFields, signedInSession, type SignedInSession, type TestServer, type Entity } from './harness.ts';
import { nextFrames } from './settle-steps.ts';
import { quotationTransition } from './quotation-steps.ts';

let session: SignedInSession;
let server: TestServer;
let page: Page;
let token: string;
let quotation: Entity;

const api = <T>(pathAndQuery: string) => apiData<T>(server, token, pathAndQuery);

const press = (...keys: string[]) => pressKeys(page, ...keys);

/** A PDF of a few megabytes: large enough for the progress to show under the throttled upload. */
const signedPdf = Buffer.concat([Buffer.from('%PDF-1.7\n% Preventivo firmato\n'), Buffer.alloc(3 * 1024 * 1024, 0x20), Buffer.from('\n%%EOF\n')]);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** An issued quotation the salesman may accept once a signed copy is attached. */
async function issuedQuotation(): Promise<Entity> {
  const issued = await api<Entity[]>('/quotations?filter[status]=issued&page[size]=50&sort=-date');
  for (const candidate of issued) {
    const actions = await api<{ action: string; allowed?: boolean; refusal?: { message?: string } | null }[]>(`/quotations/${candidate.id}/actions`);
    const accept = actions.find((a) => a.action === 'accept');
    if (accept && accept.refusal && /firmato/i.test(String(accept.refusal.message ?? ''))) return candidate;
  }
  throw new Error('the demo data has no issued quotation of the salesman waiting for its signed copy');
}

beforeAll(async () => {
  // A server of its own: the salesman's seeded drafts, none moved on by other files.
  session = await signedInSession({ email: DEMO.salesman, path: '/marketing/quotations', server: { own: true } });
  ({ server, page, token } = session);
  await page.locator('[role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
  quotation = await issuedQuotation();
});

afterAll(() => session?.close());

describe('files of a record', () => {
  const panel = () => page.locator('.files-panel[data-field="attributes.attachments"]:visible');

  it('uploads the signed PDF with Ctrl+U, showing its progress, and lists it', async () => {
    await page.goto(`${server.url}/marketing/quotations/detail/${quotation.id}`);
    await panel().waitFor({ timeout: 30_000 });
    // A slow line, so the progress is there to be seen.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 1024 * 1024 });
    await focusOutOfFields(page);
    await chooseFilesByKey(page, 'Control+u', { name: 'Preventivo firmato.pdf', mimeType: 'application/pdf', buffer: signedPdf });
    const progress = panel().getByRole('progressbar', { name: 'Caricamento di Preventivo firmato.pdf' });
    await progress.waitFor({ timeout: 10_000 });
    await expect.poll(async () => Number(await progress.getAttribute('value')), { timeout: 10_000 }).toBeGreaterThan(0);
    await panel().getByRole('button', { name: 'Scarica Preventivo firmato.pdf' }).waitFor({ timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    expect(await progress.count()).toBe(0);
  });

  it('marks it as the signed quotation (saved at once), and accepts the quotation with t p c', async () => {
    const item = panel().locator('.files-item', { hasText: 'Preventivo firmato.pdf' });
    await item.locator('select').selectOption({ label: 'Preventivo firmato' });
    await expect
      .poll(async () => ((await api<Entity>(`/quotations/${quotation.id}`)).attributes.attachments as { kind: string }[]).map((a) => a.kind), { timeout: 10_000 })
      .toContain('signedQuotation');
    // The command is enabled once the editor has the saved kind (the user sees the button light up).
    await quotationTransition(page, 'accept', 't', 'p', 'c');
    await expect.poll(async () => (await api<Entity>(`/quotations/${quotation.id}`)).attributes.status, { timeout: 10_000 }).toBe('accepted');
  });

  it('downloads the file with the same bytes', async () => {
    const download = page.waitForEvent('download');
    await panel().getByRole('button', { name: 'Scarica Preventivo firmato.pdf' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Preventivo firmato.pdf');
    expect(sha256(await downloadedBytes(file))).toBe(sha256(signedPdf));
  });
});

describe('a customer\'s folder tree', () => {
  const tree = () => page.locator('.files-tree:visible');
  const item = (text: string) => tree().locator('[role=treeitem]', { hasText: text }).first();
  const newFolder = async (name: string) => {
    await tree().getByRole('button', { name: 'Nuova cartella' }).focus();
    await press('Enter');
    await page.keyboard.type(name);
    await press('Enter');
  };

  it('creates a folder, refuses a second one of the same name, and moves a file into it, by keyboard', async () => {
    const customers = await api<Entity[]>('/customers?page[size]=100');
    const customer = customers.find((c) => (c.metadata.featureFlags as { hasMediaTree?: boolean } | undefined)?.hasMediaTree);
    expect(customer, 'a demo customer with the folder tree').toBeDefined();
    const nodes = () => api<Entity[]>(`/media?filter[customerId]=${customer!.id}&page[size]=500`);
    const file = (await nodes()).find((n) => n.attributes.nodeKind === 'media');
    expect(file, 'a file of the customer').toBeDefined();

    await page.goto(`${server.url}/customers/${customer!.id}/detail`);
    await tree().getByRole('tree').waitFor({ timeout: 30_000 });
    const name = `Verbali e2e ${Date.now()}`;
    await newFolder(name);
    await item(name).waitFor();
    const folder = (await nodes()).find((n) => n.attributes.name === name)!;
    expect(folder.attributes).toMatchObject({ nodeKind: 'folder' });
    expect(folder.attributes.parentId ?? null).toBeNull();

    // The same name again beside it (nothing chosen: at the top): refused with the SPEC §5 message.
    await page.reload();
    await tree().getByRole('tree').waitFor({ timeout: 30_000 });
    await newFolder(name.toUpperCase());
    await tree().getByRole('alert').filter({ hasText: 'È già presente una cartella con questo nome' }).waitFor();
    await press('Escape');

    // The file: open its folder with →, choose it, Sposta, the new folder, Conferma.
    const parentId = file!.attributes.parentId as string | undefined;
    if (parentId) {
      await item(String((await api<Entity>(`/media/${parentId}`)).attributes.name)).focus();
      await press('ArrowRight');
    }
    await item(String(file!.attributes.name)).focus();
    await tree().getByRole('button', { name: 'Sposta' }).focus();
    await press('Enter');
    await tree().getByRole('combobox').selectOption({ label: name });
    await tree().getByRole('button', { name: 'Conferma' }).focus();
    await press('Enter');
    await expect.poll(async () => (await api<Entity>(`/media/${file!.id}`)).attributes.parentId, { timeout: 10_000 }).toBe(folder.id);
  });

  it('shows an uploaded picture over its blurhash placeholder', async () => {
    const panel = page.locator('.files-panel[data-field="attributes.additionalInformations.attachments"]:visible');
    await panel.waitFor();
    const picture = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 20, g: 120, b: 200 } } }).png().toBuffer();
    // Enter on «Scegli file» once it holds the keyboard: the panel may still be drawn again by the
    // previous step's answers (the folder move), which takes the focus with the old button.
    const choose = panel.getByRole('button', { name: 'Scegli file' });
    await expect.poll(async () => {
      await choose.focus();
      await nextFrames(page);
      return choose.evaluate((button) => button === document.activeElement);
    }).toBe(true);
    const chooser = page.waitForEvent('filechooser');
    await press('Enter');
    await (await chooser).setFiles({ name: 'Sopralluogo.png', mimeType: 'image/png', buffer: picture });
    const item = panel.locator('.files-item', { hasText: 'Sopralluogo.png' });
    const hash = item.locator('canvas[data-testid="blurhash"]');
    await hash.waitFor({ timeout: 20_000 });
    // The placeholder is painted from the 4×4 blurhash: its middle pixel has the picture's blue.
    const [r, g, b] = await hash.evaluate((canvas: HTMLCanvasElement) => [...canvas.getContext('2d')!.getImageData(canvas.width / 2, canvas.height / 2, 1, 1).data]);
    expect(b).toBeGreaterThan(150);
    expect(r).toBeLessThan(80);
    expect(g).toBeGreaterThan(80);
    await expect.poll(() => item.locator('.files-thumb').getAttribute('data-loaded')).toBe('true');
    await item.getByRole('img', { name: 'Anteprima di Sopralluogo.png' }).waitFor();
  });
});
