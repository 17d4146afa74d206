/**
 * A minimal browser for redirect dances over HTTP: follows redirects by hand, keeps cookies per host (no expiry or path
 * rules beyond what the tests need), submits forms. Every URL it visited is recorded.
 */
export class Browse {
  readonly visited: string[] = [];
  private readonly jar = new Map<string, Map<string, string>>();

  private cookieHeader(url: URL): string {
    return [...(this.jar.get(url.host) ?? new Map()).entries()].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keep(url: URL, res: Response): void {
    const cookies = this.jar.get(url.host) ?? new Map<string, string>();
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const [name, ...value] = pair.trim().split('=');
      const expired = attrs.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a));
      if (expired || value.join('=') === '') cookies.delete(name);
      else cookies.set(name, value.join('='));
    }
    this.jar.set(url.host, cookies);
  }

  /** One request, no redirect followed. */
  async request(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    const u = new URL(url);
    this.visited.push(u.href);
    const headers: Record<string, string> = { cookie: this.cookieHeader(u) };
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const res = await fetch(u, { method: init.method ?? (init.form ? 'POST' : 'GET'), headers, body, redirect: 'manual' });
    this.keep(u, res);
    return res;
  }

  /** Follows redirects from `url` until a non-redirect answer, or until the next URL starts with `stopAt` (returned unvisited). */
  async follow(url: string, stopAt?: string): Promise<{ res: Response | null; url: string }> {
    let next = url;
    for (let hops = 0; hops < 20; hops++) {
      if (stopAt && hops > 0 && next.startsWith(stopAt)) return { res: null, url: next };
      const res = await this.request(next);
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location) return { res, url: next };
      next = new URL(location, next).href;
    }
    throw new Error('too many redirects');
  }
}
