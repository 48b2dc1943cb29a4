import { createHash, randomBytes } from 'node:crypto';

/**
 * A tiny browser for driving the sign-in flow over real HTTP in tests: a cookie jar and manual
 * redirects, so each hop can be looked at.
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  async request(pathOrUrl: string, init: RequestInit = {}): Promise<Response> {
    const url = new URL(pathOrUrl, this.baseUrl);
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  postForm(path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
    return this.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /** Follows redirects until one leaves for `stopAt` (returned, not fetched) or a page answers. */
  async follow(response: Response, stopAt: string): Promise<{ response: Response; location?: string }> {
    for (let hop = 0; hop < 10 && response.status >= 300 && response.status < 400; hop++) {
      const location = new URL(response.headers.get('location') ?? '', response.url).href;
      if (location.startsWith(stopAt)) return { response, location };
      response = await this.request(location);
    }
    return { response };
  }
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function formAction(html: string, index = 0): string {
  const actions = [...html.matchAll(/<form[^>]*action="([^"]+)"/g)].map((m) => m[1].replace(/&#38;/g, '&'));
  return actions[index];
}

export function decodeJwtPart(token: string, part: 0 | 1): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[part], 'base64url').toString('utf8'));
}
