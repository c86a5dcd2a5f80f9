interface StoredCookie {
  name: string;
  value: string;
  host: string;
  path: string;
  expiresAt?: number;
}

export interface BrowserResponse {
  url: string;
  status: number;
  headers: Headers;
  text: string;
}

/**
 * A minimal browser over real HTTP: follows redirects one hop at a time, keeps cookies per host
 * (like browsers, not per port) honouring Path, Max-Age and Expires, and submits forms. Every
 * hop is recorded so tests can look at the callback's own answer.
 */
export class TestBrowser {
  private readonly cookies: StoredCookie[] = [];
  /** Every response of the last `navigate`, in order. */
  hops: BrowserResponse[] = [];

  /** Requests `url` and follows redirects until an answer that is not one. */
  async navigate(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<BrowserResponse> {
    this.hops = [];
    let response = await this.request(url, init);
    for (let hop = 0; hop < 20 && response.status >= 300 && response.status < 400; hop++) {
      response = await this.request(new URL(response.headers.get('location')!, response.url).href, {});
    }
    return response;
  }

  /** One request, without following redirects, sending and storing cookies. */
  async request(
    url: string,
    init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<BrowserResponse> {
    const headers: Record<string, string> = { ...init.headers };
    const cookieHeader = [this.cookieHeader(url), init.headers?.cookie].filter(Boolean).join('; ');
    if (cookieHeader) headers.cookie = cookieHeader;
    let body: string | undefined;
    if (init.form) {
      body = new URLSearchParams(init.form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    const response = await fetch(url, {
      method: init.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) this.store(url, line);
    const result = { url, status: response.status, headers: response.headers, text: await response.text() };
    this.hops.push(result);
    return result;
  }

  /** The value of a cookie the browser holds for `url`'s host, if any. */
  cookie(url: string, name: string): string | undefined {
    return this.live(url).find((cookie) => cookie.name === name)?.value;
  }

  /** The Set-Cookie line of `name` in the last navigation, for checking its attributes. */
  setCookieLine(name: string): string | undefined {
    for (const hop of [...this.hops].reverse()) {
      const line = hop.headers.getSetCookie().find((candidate) => candidate.startsWith(`${name}=`));
      if (line) return line;
    }
    return undefined;
  }

  /** Puts a cookie into the jar by hand (a tampered or stolen value). */
  setCookie(url: string, name: string, value: string): void {
    this.store(url, `${name}=${value}; Path=/`);
  }

  private live(url: string): StoredCookie[] {
    const { hostname, pathname } = new URL(url);
    const now = Date.now();
    return this.cookies.filter(
      (cookie) =>
        cookie.host === hostname &&
        pathname.startsWith(cookie.path) &&
        (cookie.expiresAt === undefined || cookie.expiresAt > now),
    );
  }

  private cookieHeader(url: string): string {
    return this.live(url)
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');
  }

  private store(url: string, line: string): void {
    const [pair, ...attributes] = line.split(';').map((part) => part.trim());
    const separator = pair!.indexOf('=');
    const name = pair!.slice(0, separator);
    const value = pair!.slice(separator + 1);
    const { hostname, pathname } = new URL(url);
    const cookie: StoredCookie = { name, value, host: hostname, path: pathname.replace(/\/[^/]*$/, '') || '/' };
    for (const attribute of attributes) {
      const [key, attributeValue = ''] = attribute.split('=');
      switch (key!.toLowerCase()) {
        case 'path':
          cookie.path = attributeValue;
          break;
        case 'max-age':
          cookie.expiresAt = Date.now() + Number(attributeValue) * 1000;
          break;
        case 'expires':
          cookie.expiresAt ??= Date.parse(attributeValue);
          break;
      }
    }
    const index = this.cookies.findIndex(
      (existing) => existing.name === name && existing.host === cookie.host && existing.path === cookie.path,
    );
    if (index >= 0) this.cookies.splice(index, 1);
    if (cookie.expiresAt === undefined || cookie.expiresAt > Date.now()) this.cookies.push(cookie);
  }
}
