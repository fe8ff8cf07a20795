/**
 * A tiny stand-in for a browser in redirect-flow tests: keeps cookies per origin and follows redirects
 * by hand (fetch with redirect: 'manual'), so a test sees every hop and every Set-Cookie.
 */
export class TestBrowser {
  private readonly jars = new Map<string, Map<string, string>>();

  private jarFor(url: URL) {
    let jar = this.jars.get(url.origin);
    if (!jar) {
      jar = new Map();
      this.jars.set(url.origin, jar);
    }
    return jar;
  }

  /** The value of a cookie the browser holds for an origin. */
  cookie(origin: string, name: string) {
    return this.jars.get(new URL(origin).origin)?.get(name);
  }

  setCookie(origin: string, name: string, value: string) {
    this.jarFor(new URL(origin)).set(name, value);
  }

  private remember(url: URL, response: Response) {
    const jar = this.jarFor(url);
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      const expired = attributes.some((attribute) => {
        const [key = '', setting = ''] = attribute.split('=');
        if (key.toLowerCase() === 'max-age') return Number(setting) <= 0;
        if (key.toLowerCase() === 'expires') return new Date(setting).getTime() <= Date.now();
        return false;
      });
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
  }

  async request(method: 'GET' | 'POST', target: string, form?: Record<string, string>) {
    const url = new URL(target);
    const cookies = [...this.jarFor(url)].map(([name, value]) => `${name}=${value}`).join('; ');
    const headers: Record<string, string> = { 'user-agent': 'ovation-test-browser' };
    if (cookies) headers.cookie = cookies;
    let body: string | undefined;
    if (form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(form).toString();
    }
    const response = await fetch(url, { method, headers, body, redirect: 'manual' });
    this.remember(url, response);
    const location = response.headers.get('location');
    return { url, response, location: location ? new URL(location, url).href : null };
  }

  /**
   * Follows redirects from `start` until one leads to `stopPrefix` (answered without requesting it) or
   * a page answers 200; `onPage` may then submit a form and hand back the next hop.
   */
  async follow(
    start: string,
    stopPrefix: string,
    onPage?: (page: { url: URL; html: string }) => Promise<string | null>,
  ): Promise<string> {
    let next: { method: 'GET' | 'POST'; url: string } = { method: 'GET', url: start };
    for (let hop = 0; hop < 20; hop += 1) {
      if (next.url.startsWith(stopPrefix)) return next.url;
      const { url, response, location } = await this.request(next.method, next.url);
      if (location) {
        next = { method: 'GET', url: location };
        continue;
      }
      const html = await response.text();
      const after = response.status === 200 && onPage ? await onPage({ url, html }) : null;
      if (!after) throw new Error(`stuck at ${url.href} (${response.status}): ${html.slice(0, 300)}`);
      next = { method: 'GET', url: after };
    }
    throw new Error('too many redirects');
  }
}
