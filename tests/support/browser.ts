/** A browser for the sign-in pages over real HTTP (API tests): cookies kept by name (paths ignored, which only sends more than needed), redirects by hand. */
export class Browser {
  private readonly cookies = new Map<string, string>();
  private readonly origin: string;

  constructor(origin: string) {
    this.origin = origin;
  }

  async request(url: string, init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { ...init.headers };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let body: string | undefined;
    if (init.form) {
      body = new URLSearchParams(init.form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    const response = await fetch(new URL(url, this.origin), { method: init.method ?? (init.form ? 'POST' : 'GET'), headers, body, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*expires=/i.test(a) && new Date(a.split('=')[1] ?? '').getTime() < Date.now());
      if (value === '' || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    return { status: response.status, location: response.headers.get('location') ?? undefined, text, headers: response.headers };
  }
}
