/**
 * The workspace client's side of the embedded provider, over real HTTP (API tests): authorization
 * code + PKCE S256 through the Italian login form (redirects followed by hand, cookies kept by
 * `Browser`), then the token endpoint. `signIn` does all of it; the steps are there for tests that
 * look at one of them.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Browser } from './browser.ts';

export interface Tokens {
  access_token: string;
  refresh_token?: string;
  id_token?: string;
  token_type: string;
  expires_in: number;
  scope?: string;
}

export const CLIENT_ID = 'backoffice-workspace';

export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** `publicUrl`: the PUBLIC_URL the provider was started with (its issuer is `publicUrl/oidc`). */
export function oidcClient(publicUrl: string) {
  const issuer = `${publicUrl}/oidc`;
  const redirectUri = `${publicUrl}/auth/callback`;

  function authorizeUrl(params: Record<string, string | undefined>) {
    const search = new URLSearchParams();
    const all: Record<string, string | undefined> = {
      client_id: CLIENT_ID,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid offline_access api.sync',
      state: randomUUID(),
      code_challenge_method: 'S256',
      ...params,
    };
    for (const [key, value] of Object.entries(all)) if (value !== undefined) search.set(key, value);
    return `/oidc/auth?${search}`;
  }

  /** Follows redirects from `location` until one leaves for the client's redirect URI; returns that URL. */
  async function followToClient(browser: Browser, location: string | undefined) {
    let next = location;
    for (let hops = 0; hops < 5 && next; hops++) {
      if (next.startsWith(redirectUri)) return new URL(next);
      const response = await browser.request(next);
      if (![302, 303].includes(response.status)) throw new Error(`redirect expected, got ${response.status}: ${response.text}`);
      next = response.location;
    }
    throw new Error(`no redirect to the client (last: ${next})`);
  }

  /** POST to the token endpoint of `origin` (another node of the same issuer, say). */
  async function token(form: Record<string, string>, origin = publicUrl) {
    const response = await fetch(`${origin}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: CLIENT_ID, ...form }),
    });
    return { status: response.status, body: (await response.json()) as Tokens & { error?: string; error_description?: string } };
  }

  /** The whole sign-in of a user through the login form: the tokens. */
  async function signIn(login: string, password: string, browser = new Browser(publicUrl)) {
    const { verifier, challenge } = pkce();
    const start = await browser.request(authorizeUrl({ code_challenge: challenge }));
    if (start.status !== 303 || !start.location) throw new Error(`authorization: ${start.status} ${start.text}`);
    const page = await browser.request(start.location);
    const action = /<form method="post" action="([^"]+)"/.exec(page.text)?.[1];
    if (!action) throw new Error(`no login form: ${page.status} ${page.text.slice(0, 300)}`);
    const posted = await browser.request(action, { form: { login, password } });
    if (posted.status !== 303) throw new Error(`login: ${posted.status} ${posted.text.slice(0, 300)}`);
    const code = (await followToClient(browser, posted.location)).searchParams.get('code');
    if (!code) throw new Error('no code');
    const exchanged = await token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier });
    if (exchanged.status !== 200) throw new Error(`token: ${exchanged.status} ${JSON.stringify(exchanged.body)}`);
    return { tokens: exchanged.body, code, verifier, browser };
  }

  return { issuer, redirectUri, authorizeUrl, followToClient, token, signIn };
}
