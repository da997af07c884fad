// Two "tabs" (two managers over one storage) renewing at once: one refresh, the other takes its result.
import { describe, expect, it } from 'vitest';
import { InMemoryWebStorage, User, WebStorageStateStore, type UseRefreshTokenArgs } from 'oidc-client-ts';
import { LockedUserManager } from './auth.ts';
import { memoryHandoff, type RenewalHandoff } from './renewal-handoff.ts';

class CountingManager extends LockedUserManager {
  presented: string[] = [];
  protected override async _useRefreshToken(args: UseRefreshTokenArgs): Promise<User> {
    const old = args.state.refresh_token;
    this.presented.push(old);
    await new Promise((resolve) => setTimeout(resolve, 30)); // the token endpoint takes a while
    const user = new User({
      access_token: `at-after-${old}`,
      refresh_token: `${old}+1`,
      token_type: 'Bearer',
      profile: { sub: 'u1', iss: 'https://issuer.test', aud: 'c', exp: 0, iat: 0 },
      expires_at: Math.floor(Date.now() / 1000) + 600,
    });
    await this.storeUser(user);
    return user;
  }
}

function tab(storage: Storage, handoff?: RenewalHandoff) {
  const manager = new CountingManager({
    authority: 'https://issuer.test',
    client_id: 'c',
    redirect_uri: 'https://app.test/auth/callback',
    userStore: new WebStorageStateStore({ store: storage }),
    stateStore: new WebStorageStateStore({ store: storage }),
    automaticSilentRenew: false,
  });
  if (handoff) manager.handoff = handoff;
  return manager;
}

const firstUser = () =>
  new User({
    access_token: 'at0',
    refresh_token: 'rt0',
    token_type: 'Bearer',
    profile: { sub: 'u1', iss: 'https://issuer.test', aud: 'c', exp: 0, iat: 0 },
    expires_at: Math.floor(Date.now() / 1000) + 30,
  });

describe.runIf(globalThis.navigator?.locks)('LockedUserManager', () => {
  it('never presents the same refresh token twice when two tabs renew together', async () => {
    const storage = new InMemoryWebStorage();
    const [a, b] = [tab(storage), tab(storage)];
    await a.storeUser(firstUser());
    const [ua, ub] = await Promise.all([a.signinSilent(), b.signinSilent()]);
    expect([...a.presented, ...b.presented]).toEqual(['rt0']);
    expect(ua?.refresh_token).toBe('rt0+1');
    expect(ub?.refresh_token).toBe('rt0+1');
  });

  it('refreshes again when the stored token is the one it started with', async () => {
    const storage = new InMemoryWebStorage();
    const a = tab(storage);
    await a.storeUser(
      new User({ access_token: 'at0', refresh_token: 'rt0', token_type: 'Bearer', profile: { sub: 'u1', iss: 'i', aud: 'c', exp: 0, iat: 0 }, expires_at: Math.floor(Date.now() / 1000) + 30 }),
    );
    await a.signinSilent();
    await a.signinSilent();
    expect(a.presented).toEqual(['rt0', 'rt0+1']);
  });

  // Chromium syncs localStorage between tab processes asynchronously: a tab can be granted the lock
  // before the other tab's new token reaches its storage. Here each tab has its own storage that
  // never sees the other's writes; only the handoff (IndexedDB in the browser) is shared.
  it('takes the rotated token from the handoff when its own storage has not seen it yet', async () => {
    const handoff = memoryHandoff();
    const tabs = [tab(new InMemoryWebStorage(), handoff), tab(new InMemoryWebStorage(), handoff), tab(new InMemoryWebStorage(), handoff)];
    for (const t of tabs) await t.storeUser(firstUser());
    const users = await Promise.all(tabs.map((t) => t.signinSilent()));
    expect(tabs.flatMap((t) => t.presented)).toEqual(['rt0']);
    expect(users.map((u) => u?.refresh_token)).toEqual(['rt0+1', 'rt0+1', 'rt0+1']);
    // The next renewal of a tab that adopted the token presents that one, and the others follow it.
    await tabs[1]!.signinSilent();
    await tabs[2]!.signinSilent();
    expect(tabs.flatMap((t) => t.presented)).toEqual(['rt0', 'rt0+1']);
    expect((await tabs[2]!.getUser())?.refresh_token).toBe('rt0+1+1');
  });

  it('refreshes with the adopted token when the handoff\'s access token has expired too', async () => {
    const handoff = memoryHandoff();
    const [a, b] = [tab(new InMemoryWebStorage(), handoff), tab(new InMemoryWebStorage(), handoff)];
    for (const t of [a, b]) await t.storeUser(firstUser());
    await a.signinSilent();
    const record = (await handoff.read())!;
    const stale = User.fromStorageString(record.user);
    stale.expires_at = Math.floor(Date.now() / 1000) - 10;
    await handoff.write({ ...record, user: stale.toStorageString() });
    await b.signinSilent();
    expect([...a.presented, ...b.presented]).toEqual(['rt0', 'rt0+1']);
  });
});
