/**
 * A fake Procore on 127.0.0.1, speaking its documented protocol: OAuth (authorize, token with
 * form, JSON or multipart bodies, single-use expiring codes, PKCE, rotating refresh tokens,
 * revoke) and the REST reads KAI uses, paginated with Total/Per-Page/Link, with switches for 429
 * and 503. One server plays both the login and the API host.
 *
 * Standalone (Playwright): `npx tsx server/test/fake-procore.ts --port 5414 [--client-id ID --client-secret SECRET]`;
 * without them it takes FAKE_PROCORE_CLIENT's.
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { apiAnswer } from './fake-procore-api';

const FAKE_PROCORE_CLIENT = { clientId: 'kai-procore-test-client', clientSecret: 'procore-client-secret-never-shown-0123456789' };

interface IssuedCode {
  redirectUri: string;
  challenge?: string;
  expiresAt: number;
}

interface Failure {
  status: 429 | 503;
  retryAfterSeconds: number;
  /** X-Rate-Limit-Reset is this many seconds from now (429 only). */
  resetInSeconds?: number;
}

export class FakeProcore {
  private server?: http.Server;
  baseUrl = '';
  /** Procore caps per_page; tests lower it to force several pages. */
  maxPerPage = 100;
  /** Slows refreshes down so that concurrent callers overlap. */
  refreshDelayMs = 0;
  codeTtlMs = 10 * 60_000;
  accessTokenTtlSeconds = 5400;
  readonly tokenRequests: Array<{ grantType: string; contentType: string; ok: boolean }> = [];
  readonly apiRequests: Array<{ path: string; companyId?: string }> = [];
  readonly revoked: string[] = [];
  /** Every token handed out, to prove none is stored or shown in the clear. */
  readonly issuedTokens: string[] = [];
  private codes = new Map<string, IssuedCode>();
  private accessTokens = new Map<string, number>();
  private refreshTokens = new Set<string>();
  private failures: Failure[] = [];

  constructor(readonly client = FAKE_PROCORE_CLIENT) {}

  get refreshCount(): number {
    return this.tokenRequests.filter((r) => r.grantType === 'refresh_token' && r.ok).length;
  }

  async start(port = 0): Promise<this> {
    this.server = http.createServer((req, res) => {
      this.handle(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  /** A code as if the user had approved KAI in Procore's window. */
  issueCode(options: { redirectUri: string; codeChallenge?: string }): string {
    const code = randomBytes(16).toString('hex');
    this.codes.set(code, { redirectUri: options.redirectUri, challenge: options.codeChallenge, expiresAt: Date.now() + this.codeTtlMs });
    return code;
  }

  /** What the authorize redirect would carry back for this authorize URL. */
  approve(authUrl: string): { code: string; state: string } {
    const query = new URL(authUrl).searchParams;
    const code = this.issueCode({ redirectUri: query.get('redirect_uri') ?? '', codeChallenge: query.get('code_challenge') ?? undefined });
    return { code, state: query.get('state') ?? '' };
  }

  /** The next `count` API calls answer `status` with Retry-After (and X-Rate-Limit-Reset for 429). */
  failNext(count: number, failure: Failure): void {
    for (let i = 0; i < count; i += 1) this.failures.push(failure);
  }

  /** Every access token handed out so far stops working (as if Procore had revoked them). */
  expireAccessTokens(): void {
    this.accessTokens.clear();
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.baseUrl);
    if (req.method === 'GET' && url.pathname === '/oauth/authorize') return this.authorize(url, res);
    if (req.method === 'POST' && url.pathname === '/oauth/token') return this.token(req, res);
    if (req.method === 'POST' && url.pathname === '/oauth/revoke') {
      const body = await readFields(req);
      this.revoked.push(body.token ?? '');
      this.accessTokens.delete(body.token ?? '');
      this.refreshTokens.delete(body.token ?? '');
      return send(res, 200, {});
    }
    if (req.method === 'GET' && url.pathname.startsWith('/rest/')) return this.api(req, url, res);
    send(res, 404, { errors: 'Not Found' });
  }

  private authorize(url: URL, res: http.ServerResponse): void {
    const q = url.searchParams;
    const redirectUri = q.get('redirect_uri');
    if (q.get('client_id') !== this.client.clientId || !redirectUri) return send(res, 400, { error: 'invalid_client' });
    const target = new URL(redirectUri);
    if (q.get('response_type') !== 'code') {
      target.searchParams.set('error', 'unsupported_response_type');
    } else {
      target.searchParams.set('code', this.issueCode({ redirectUri, codeChallenge: q.get('code_challenge') ?? undefined }));
    }
    if (q.get('state')) target.searchParams.set('state', q.get('state')!);
    res.writeHead(302, { location: target.toString() }).end();
  }

  private async token(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const fields = await readFields(req);
    const grantType = fields.grant_type ?? '';
    const record = (ok: boolean) => this.tokenRequests.push({ grantType, contentType: String(req.headers['content-type'] ?? ''), ok });
    const basic = basicCredentials(req.headers.authorization);
    const clientId = fields.client_id ?? basic?.id;
    const clientSecret = fields.client_secret ?? basic?.secret;
    if (clientId !== this.client.clientId || clientSecret !== this.client.clientSecret) {
      record(false);
      return send(res, 401, { error: 'invalid_client', error_description: 'Client authentication failed.' });
    }
    if (grantType === 'authorization_code') {
      const issued = this.codes.get(fields.code ?? '');
      this.codes.delete(fields.code ?? '');
      const challengeMet = !issued?.challenge || sha256(fields.code_verifier ?? '') === issued.challenge;
      if (!issued || issued.expiresAt < Date.now() || issued.redirectUri !== fields.redirect_uri || !challengeMet) {
        record(false);
        return send(res, 400, {
          error: 'invalid_grant',
          error_description: 'The provided authorization grant is invalid, expired, revoked or was issued to another client.',
        });
      }
    } else if (grantType === 'refresh_token') {
      if (this.refreshDelayMs) await new Promise((resolve) => setTimeout(resolve, this.refreshDelayMs));
      // Rotation: the old refresh token dies the moment it is used.
      if (!this.refreshTokens.delete(fields.refresh_token ?? '')) {
        record(false);
        return send(res, 400, { error: 'invalid_grant', error_description: 'The refresh token is invalid.' });
      }
    } else {
      record(false);
      return send(res, 400, { error: 'unsupported_grant_type' });
    }
    record(true);
    send(res, 200, this.newTokens());
  }

  private newTokens() {
    const accessToken = `pc-access-${randomBytes(18).toString('hex')}`;
    const refreshToken = `pc-refresh-${randomBytes(18).toString('hex')}`;
    this.accessTokens.set(accessToken, Date.now() + this.accessTokenTtlSeconds * 1000);
    this.refreshTokens.add(refreshToken);
    this.issuedTokens.push(accessToken, refreshToken);
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: this.accessTokenTtlSeconds,
      refresh_token: refreshToken,
      created_at: Math.floor(Date.now() / 1000),
    };
  }

  private api(req: http.IncomingMessage, url: URL, res: http.ServerResponse): void {
    const companyId = header(req, 'procore-company-id');
    this.apiRequests.push({ path: url.pathname, companyId });
    const token = /^Bearer (.+)$/.exec(header(req, 'authorization') ?? '')?.[1] ?? '';
    const expiresAt = this.accessTokens.get(token);
    if (!expiresAt || expiresAt < Date.now()) return send(res, 401, { errors: 'Unauthorized' });
    const failure = this.failures.shift();
    if (failure) {
      const headers: Record<string, string> = { 'retry-after': String(failure.retryAfterSeconds) };
      if (failure.status === 429) {
        headers['x-rate-limit-limit'] = '3600';
        headers['x-rate-limit-remaining'] = '0';
        headers['x-rate-limit-reset'] = String(Math.floor(Date.now() / 1000) + (failure.resetInSeconds ?? failure.retryAfterSeconds));
      }
      return send(res, failure.status, { errors: failure.status === 429 ? 'Rate limit exceeded' : 'Service Unavailable' }, headers);
    }
    const answer = apiAnswer(url, companyId);
    if (!answer.list) return send(res, answer.status, answer.body);
    this.sendPage(url, res, answer.list);
  }

  private sendPage(url: URL, res: http.ServerResponse, list: unknown[]): void {
    const perPage = Math.min(Math.max(Number(url.searchParams.get('per_page')) || 100, 1), this.maxPerPage);
    const page = Math.max(Number(url.searchParams.get('page')) || 1, 1);
    const last = Math.max(Math.ceil(list.length / perPage), 1);
    const link = (n: number, rel: string) => {
      const target = new URL(url);
      target.searchParams.set('page', String(n));
      target.searchParams.set('per_page', String(perPage));
      return `<${target.toString()}>; rel="${rel}"`;
    };
    const links = [
      link(1, 'first'),
      ...(page > 1 ? [link(page - 1, 'prev')] : []),
      ...(page < last ? [link(page + 1, 'next')] : []),
      link(last, 'last'),
    ];
    send(res, 200, list.slice((page - 1) * perPage, page * perPage), {
      total: String(list.length),
      'per-page': String(perPage),
      link: links.join(', '),
      'x-rate-limit-limit': '3600',
      'x-rate-limit-remaining': '3599',
    });
  }
}

/** Procore writes ids as bare numbers, however large: so does the fake, from its string ids. */
function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body).replace(/"((?:[a-z]+_)*ids?)":"(\d+)"/g, '"$1":$2');
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(text);
}

function header(req: http.IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}

function basicCredentials(authorization: string | undefined): { id: string; secret: string } | undefined {
  const match = /^Basic (.+)$/.exec(authorization ?? '');
  if (!match) return undefined;
  const [id, secret] = Buffer.from(match[1], 'base64').toString().split(':');
  return { id: decodeURIComponent(id ?? ''), secret: decodeURIComponent(secret ?? '') };
}

/** The request's fields, whether it came form-encoded, as JSON or as multipart/form-data. */
async function readFields(req: http.IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  const type = String(req.headers['content-type'] ?? '');
  if (type.startsWith('application/json')) {
    const parsed = JSON.parse(text || '{}') as Record<string, unknown>;
    return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
  }
  const boundary = /boundary="?([^";]+)"?/.exec(type)?.[1];
  if (type.startsWith('multipart/form-data') && boundary) {
    const fields: Record<string, string> = {};
    for (const part of text.split(`--${boundary}`)) {
      const name = /name="([^"]+)"/.exec(part)?.[1];
      const start = part.indexOf('\r\n\r\n');
      if (name && start >= 0) fields[name] = part.slice(start + 4).replace(/\r\n$/, '');
    }
    return fields;
  }
  return Object.fromEntries(new URLSearchParams(text));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
  const client = {
    clientId: arg('--client-id') ?? FAKE_PROCORE_CLIENT.clientId,
    clientSecret: arg('--client-secret') ?? FAKE_PROCORE_CLIENT.clientSecret,
  };
  const fake = await new FakeProcore(client).start(Number(arg('--port') ?? 5414));
  const stop = () => void fake.stop().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
