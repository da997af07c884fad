// The offline runtime (issue 25) on fake-indexeddb behind the app's configured HTTP client: started only
// for a field user and never while impersonating, idempotent, the unsent count given to the shell and
// withdrawn on stop, the «last sync» kept in the store.
// Before Dexie loads: it takes the IndexedDB it finds then.
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { testIdentity } from '../../../commands/testing.ts';
import { buildAbility, type Identity } from '../../domain/ability.ts';
import { writeImpersonation } from '../session/impersonation-state.ts';
import { onUnsentWorkChange, unsentWorkCount } from '../shell/unsent-work.ts';
import { fakeDevice } from './fake-device.test-support.ts';
import { currentOfflineRuntime, cutWaits, isFieldUser, onOfflineRuntime, readLastSync, startOfflineRuntime, stopOfflineRuntime, syncNow, type OfflineRuntime } from './runtime.ts';

const technician: Identity = { ...testIdentity, id: 'tecnico-runtime', permissions: [{ action: 'create', subject: 'checks' }, { action: ['read', 'update'], subject: 'checks' }] };
const salesman: Identity = { ...testIdentity, id: 'commerciale-runtime', permissions: [{ action: 'read', subject: 'customer' }] };
const abilityOf = (identity: Identity) => buildAbility(identity.permissions);

const device = fakeDevice();

async function eventually(check: () => Promise<void> | void): Promise<void> {
  await vi.waitFor(check, { timeout: 3_000, interval: 20 });
}

describe('isFieldUser', () => {
  it('is whoever may create checks: the Manutentore, the Operatore on its interventions, administrators', () => {
    expect(isFieldUser(abilityOf(technician))).toBe(true);
    expect(isFieldUser(buildAbility([{ action: 'create', subject: 'checks', conditions: { 'relationships.assignmentActivityId': { $exists: true } } }]))).toBe(true);
    expect(isFieldUser(buildAbility([{ action: 'manage', subject: 'all' }]))).toBe(true);
    expect(isFieldUser(abilityOf(salesman))).toBe(false);
    expect(isFieldUser(buildAbility([{ action: 'read', subject: ['assignment', 'checks'] }]))).toBe(false);
  });
});

describe('the offline runtime', () => {
  it('is null for a user who is not a field user, and provides no unsent work', async () => {
    expect(await startOfflineRuntime(salesman, abilityOf(salesman), { locks: null })).toBeNull();
    expect(currentOfflineRuntime()).toBeNull();
    expect(await unsentWorkCount()).toBe(0);
  });

  it('is not started while an administrator impersonates someone in this browser', async () => {
    writeImpersonation({ userId: technician.id });
    expect(await startOfflineRuntime(technician, abilityOf(technician), { locks: null })).toBeNull();
    expect(currentOfflineRuntime()).toBeNull();
  });

  it('starts once per user, counts the unsent changes for the shell, keeps the last sync, and stops', async () => {
    const seen: (OfflineRuntime | null)[] = [];
    const unsubscribe = onOfflineRuntime((runtime) => seen.push(runtime));
    const [runtime, again] = await Promise.all([
      startOfflineRuntime(technician, abilityOf(technician), { locks: null }),
      startOfflineRuntime(technician, abilityOf(technician), { locks: null }),
    ]);
    expect(runtime).not.toBeNull();
    expect(again).toBe(runtime);
    expect(currentOfflineRuntime()).toBe(runtime);
    expect(seen).toEqual([runtime]);
    expect(runtime!.db.name).toBe('backoffice-offline-tecnico-runtime');
    expect(await unsentWorkCount()).toBe(0);
    expect(await readLastSync(runtime!.db)).toBeNull();

    // Offline: the change waits in the queue, and the shell hears that the count changed.
    const changed = vi.fn();
    const stopListening = onUnsentWorkChange(changed);
    device.server.intercept = () => 'before';
    await runtime!.outbox.prime('checks', device.server.seed('checks', 'c1', { notes: '' }));
    await runtime!.outbox.enqueueEdit('checks', 'c1', { attributes: { notes: 'verificato offline' } });
    await eventually(async () => expect(await unsentWorkCount()).toBe(1));
    await eventually(() => expect(changed).toHaveBeenCalled());
    await eventually(async () => expect((await runtime!.db.outbox.toArray())[0]?.attempts).toBeGreaterThan(0));
    expect(await readLastSync(runtime!.db)).toBeNull();

    // Back online, «Sincronizza ora»: sent, nothing left, the last sync stored.
    device.server.intercept = () => undefined;
    const before = Date.now();
    const summary = await syncNow(runtime!);
    expect(summary).toMatchObject({ sent: 1, retried: 0 });
    expect(device.server.get('checks', 'c1')?.attributes).toEqual({ notes: 'verificato offline' });
    await eventually(async () => expect(await unsentWorkCount()).toBe(0));
    const lastSync = await readLastSync(runtime!.db);
    expect(Date.parse(lastSync!)).toBeGreaterThanOrEqual(before);
    stopListening();

    await stopOfflineRuntime();
    expect(currentOfflineRuntime()).toBeNull();
    expect(seen).toEqual([runtime, null]);
    expect(runtime!.db.isOpen()).toBe(false);
    expect(await unsentWorkCount()).toBe(0);
    unsubscribe();
  });

  it('records the last sync when the queue becomes empty while online, whoever drained it', async () => {
    const runtime = await startOfflineRuntime(technician, abilityOf(technician), { locks: null });
    device.server.intercept = () => 'before';
    await runtime!.outbox.prime('checks', device.server.seed('checks', 'c2', { notes: '' }));
    await runtime!.outbox.enqueueEdit('checks', 'c2', { attributes: { notes: 'x' } });
    await eventually(async () => expect((await runtime!.db.outbox.toArray())[0]?.attempts).toBeGreaterThan(0));
    device.server.intercept = () => undefined;
    // The outbox's own drain (the one the device starts when it is back online), not syncNow.
    await cutWaits(runtime!.db);
    await runtime!.outbox.drain();
    expect(await runtime!.db.outbox.count()).toBe(0);
    await eventually(async () => expect(await readLastSync(runtime!.db)).not.toBeNull());
  });

  it('a user who is no longer a field user (roles changed) has the runtime stopped', async () => {
    const runtime = await startOfflineRuntime(technician, abilityOf(technician), { locks: null });
    expect(runtime).not.toBeNull();
    expect(await startOfflineRuntime(technician, abilityOf(salesman), { locks: null })).toBeNull();
    expect(currentOfflineRuntime()).toBeNull();
    expect(runtime!.db.isOpen()).toBe(false);
  });
});
