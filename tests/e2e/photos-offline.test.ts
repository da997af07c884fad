// Photos offline (issue 25), in Chromium as the demo technician: a check recorded online, then the
// network cut for the page and everything else of the context (setOffline plus every /api request
// aborted); a 4000×3000 photo taken with the control's camera input is kept on the device at
// 1600×1200 with its SHA-256 and shown at once «In attesa di invio». Back online, the uploader sends it
// in its three steps: the server then has exactly one media row attached to the check, with those
// bytes' hash, and the check lists it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { machineStateLabels } from '../../src/domain/machines/index.ts';
import { businessDay } from '../../src/domain/business-day.ts';
import { apiData, DEMO, signedInSession, type SignedInSession } from './harness.ts';
import { checklistRows, cursorTo, openIntervention, recordOutcome, startIfNeeded, tabIntoChecklist, type Entity, type PlannedRow } from './journeys/intervention-steps.ts';

let session: SignedInSession;
let page: Page;

beforeAll(async () => {
  // A server of its own: the technician's interventions of today as seeded, with a control still to check.
  session = await signedInSession({ email: DEMO.maintainer, server: { own: true } });
  page = session.page;
  await page.locator('[role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
});

afterAll(() => session?.close());

const get = <T>(pathAndQuery: string) => apiData<T>(session.server, session.token, pathAndQuery);

/** One of the technician's interventions of today, under way or about to start, with a control to check. */
async function interventionOfToday(): Promise<{ assignment: Entity; row: PlannedRow }> {
  const [me] = (await (await session.server.api('/identity/authorization', { token: session.token })).json()) as { id: string }[];
  const today = businessDay();
  const assignments = await get<Entity[]>(`/assignments?filter[operatorIds]=${me!.id}&filter[state]=scheduled,running,paused&from[plannedStartDateTime]=${today}&to[plannedStartDateTime]=${today}&sort=plannedStartDateTime&page[size]=50`);
  for (const assignment of assignments) {
    const rows = await checklistRows(session.server, session.token, assignment);
    if (rows.length > 0) return { assignment, row: rows[0]! };
  }
  throw new Error('The demo data has no intervention of today for the technician with a control to check');
}

/** The photos kept on the device (the user's offline store, read with IndexedDB itself). */
function storedPhotos(): Promise<{ id: string; sha256: string; width: number; height: number; size: number; mediaType: string }[]> {
  return page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((d) => d.name ?? '').filter((name) => name.startsWith('backoffice-offline-'));
    const all: { id: string; sha256: string; width: number; height: number; size: number; mediaType: string }[] = [];
    for (const name of names) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      if (db.objectStoreNames.contains('photos')) {
        const rows = await new Promise<Record<string, unknown>[]>((resolve, reject) => {
          const request = db.transaction('photos').objectStore('photos').getAll();
          request.onsuccess = () => resolve(request.result as Record<string, unknown>[]);
          request.onerror = () => reject(request.error);
        });
        all.push(...rows.map((row) => ({ id: String(row.id), sha256: String(row.sha256), width: Number(row.width), height: Number(row.height), size: Number(row.size), mediaType: String(row.mediaType) })));
      }
      db.close();
    }
    return all;
  });
}

describe('photos offline', () => {
  it('a photo taken offline is shown «In attesa di invio», and uploaded once back online: one media row with its hash, on the check', async () => {
    const { assignment, row: planned } = await interventionOfToday();
    await openIntervention(page, assignment);
    await startIfNeeded(page, assignment, machineStateLabels.assignments.running!);
    await tabIntoChecklist(page);
    await cursorTo(page, planned.key);
    await recordOutcome(page, planned.key, true);
    const [activityId, controlId] = planned.key.split(':');
    const checks = await get<Entity[]>(`/checks?filter[assignmentActivityId]=${activityId}&filter[controlId]=${controlId}&sort=-checkedDateTime&page[size]=1`);
    const check = checks[0]!;
    const photosBefore = (check.attributes.photos as string[] | undefined) ?? [];

    const row = page.locator(`.intervention-checklist:visible [data-row="${planned.key}"]`);
    // The field user's runtime is up: the control's files offer the camera.
    await row.getByRole('button', { name: 'Scatta una foto' }).waitFor({ timeout: 30_000 });

    await session.context.route('**/api/**', (route) => route.abort());
    await session.context.setOffline(true);
    const jpeg = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: { r: 30, g: 140, b: 60 } } }).jpeg({ quality: 90 }).toBuffer();
    await row.locator('input[data-camera-field]').setInputFiles({ name: 'camera.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    const queued = row.locator('.files-item.is-queued');
    await queued.waitFor({ timeout: 15_000 });
    expect(await queued.locator('.files-waiting').textContent()).toBe('In attesa di invio');
    const mediaId = (await queued.getAttribute('data-queued-photo'))!;
    const [kept] = await storedPhotos();
    expect(kept).toMatchObject({ id: mediaId, width: 1600, height: 1200, mediaType: 'image/jpeg' });
    expect(kept!.size).toBeLessThan(jpeg.length);
    // Offline it stays waiting. Queuing the photo kicks the uploader, whose every round holds the Web
    // Lock `photo-upload-<user>` (photos-app.ts); the lock asked for now is granted once that round, if
    // it ran at all, is over: the uploader has had its try, and the photo is still waiting.
    const [me] = (await (await session.server.api('/identity/authorization', { token: session.token })).json()) as { id: string }[];
    await page.evaluate((name) => navigator.locks.request(name, () => undefined), `photo-upload-${me!.id}`);
    expect(await queued.count()).toBe(1);
    expect(await queued.locator('.files-waiting').textContent()).toBe('In attesa di invio');

    await session.context.unroute('**/api/**');
    await session.context.setOffline(false);
    await expect.poll(async () => (await get<Entity>(`/checks/${check.id}`)).attributes.photos, { timeout: 60_000, interval: 1_000 }).toEqual([...photosBefore, mediaId]);
    const attached = await get<Entity[]>(`/media?filter[ownerId]=${check.id}&page[size]=50`);
    const withHash = attached.filter((media) => (media.attributes.meta as Record<string, unknown>).sha256 === kept!.sha256);
    expect(withHash.map((media) => media.id)).toEqual([mediaId]);
    expect(withHash[0]!.attributes.meta).toMatchObject({ width: 1600, height: 1200 });
    // The bytes leave the device once the attach is answered; the panel shows the uploaded file.
    await expect.poll(async () => (await storedPhotos()).length, { timeout: 30_000 }).toBe(0);
    await row.locator('.files-item.is-queued').waitFor({ state: 'detached', timeout: 30_000 });
  });
});
