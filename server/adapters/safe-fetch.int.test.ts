import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SafeFetchError, fetchPageText } from './safe-fetch';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A page server on 127.0.0.1 that records what reached it. */
async function pageServer(routes: Record<string, Handler>) {
  const seen: IncomingMessage[] = [];
  const server: Server = createServer((req, res) => {
    seen.push(req);
    const route = routes[new URL(req.url ?? '/', 'http://x').pathname];
    if (route) route(req, res);
    else res.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { server, seen, port, url: (path: string) => `http://127.0.0.1:${port}${path}` };
}

const ARTICLE = `<html><head><title>Retainage release</title><script>steal()</script></head><body>
  <nav>Home | Articles</nav><p>Release retainage after substantial completion.</p><footer>Footer</footer></body></html>`;

describe('safe fetch against local servers', () => {
  let site: Awaited<ReturnType<typeof pageServer>>;
  let internal: Awaited<ReturnType<typeof pageServer>>;
  /** Only the test site's own port passes; the "internal" server stands for what must stay unreachable. */
  const allowAddress = (address: string, port: number) => address === '127.0.0.1' && port === site.port;
  const read = (url: string, extra: Parameters<typeof fetchPageText>[1] = {}) => fetchPageText(url, { allowAddress, timeoutMs: 3000, ...extra });
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => 'read',
      (err: unknown) => (err instanceof SafeFetchError ? err.code : String(err)),
    );

  beforeAll(async () => {
    internal = await pageServer({ '/secret': (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('internal secret') });
    const redirect = (location: string, status = 302) => ((_req, res) => res.writeHead(status, { location }).end()) as Handler;
    site = await pageServer({
      '/article': (_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE),
      '/plain': (_req, res) =>
        res
          .writeHead(200, { 'content-type': 'text/plain; charset=windows-1252' })
          .end(Buffer.from([0x4e, 0x65, 0x74, 0x20, 0x33, 0x30, 0x20, 0x96, 0x20, 0x80, 0x35])),
      '/relative': redirect('article', 301),
      '/with-cookie': (_req, res) => res.writeHead(302, { location: '/echo', 'set-cookie': 'session=abc123; Path=/' }).end(),
      '/echo': (req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end(JSON.stringify(req.headers)),
      '/to-internal': (_req, res) => res.writeHead(302, { location: internal.url('/secret') }).end(),
      '/to-localhost': redirect(`http://localhost:${internal.port}/secret`),
      '/to-mapped': redirect(`http://[::ffff:127.0.0.1]:${internal.port}/secret`),
      '/to-decimal': redirect(`http://2130706433:${internal.port}/secret`),
      '/to-metadata': redirect('http://169.254.169.254/latest/meta-data/iam/security-credentials/', 307),
      '/to-file': redirect('file:///etc/passwd'),
      '/to-gopher': redirect(`gopher://127.0.0.1:${internal.port}/_secret`),
      '/loop': redirect('/loop'),
      '/pdf': (_req, res) => res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.7'),
      '/json': (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'),
      '/endless': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        const chunk = `<p>${'retainage '.repeat(1000)}</p>`;
        const pump = () => {
          while (res.write(chunk));
          res.once('drain', pump);
        };
        pump();
        res.on('close', () => res.removeAllListeners('drain'));
      },
      '/bomb': (_req, res) =>
        res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(gzipSync(Buffer.alloc(20 * 1024 * 1024, 'a'))),
      '/gzip': (_req, res) => res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(gzipSync(ARTICLE)),
      '/slow': () => {},
    });
  });
  afterAll(async () => {
    site.server.closeAllConnections();
    await new Promise((resolve) => site.server.close(resolve));
    await new Promise((resolve) => internal.server.close(resolve));
  });

  it('reads an HTML page as its readable text', async () => {
    const page = await read(site.url('/article'));
    expect(page).toEqual({ url: site.url('/article'), title: 'Retainage release', text: 'Release retainage after substantial completion.' });
  });

  it('connects to the address it checked, sending the name as Host', async () => {
    const lookups: string[] = [];
    const resolve = async (hostname: string) => {
      lookups.push(hostname);
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const page = await read(`http://pages.builders-ledger.example.com:${site.port}/echo`, { resolve });
    expect(JSON.parse(page.text).host).toBe(`pages.builders-ledger.example.com:${site.port}`);
    expect(lookups).toEqual(['pages.builders-ledger.example.com']);
  });

  it('follows a relative redirect, decodes the declared charset and gzip', async () => {
    expect((await read(site.url('/relative'))).url).toBe(site.url('/article'));
    expect((await read(site.url('/plain'))).text).toBe('Net 30 – €5');
    expect((await read(site.url('/gzip'))).text).toBe('Release retainage after substantial completion.');
  });

  it('sends no cookies or credentials, even the ones the site set on the way', async () => {
    const headers = JSON.parse((await read(site.url('/with-cookie'))).text) as Record<string, string>;
    expect(headers.cookie).toBeUndefined();
    expect(headers.authorization).toBeUndefined();
    expect(headers['proxy-authorization']).toBeUndefined();
  });

  it.each([
    ['to another local port', '/to-internal'],
    ['to localhost', '/to-localhost'],
    ['to an IPv4-mapped loopback', '/to-mapped'],
    ['to a decimal loopback', '/to-decimal'],
    ['to cloud metadata (307)', '/to-metadata'],
    ['to a file URL', '/to-file'],
    ['to a gopher URL', '/to-gopher'],
  ])('refuses a redirect %s, and the target is never reached', async (_label, path) => {
    const before = internal.seen.length;
    expect(await refusal(read(site.url(path)))).toMatch(/^(private_address|bad_url)$/);
    expect(internal.seen.length).toBe(before);
  });

  it('refuses the internal server even when asked for it directly', async () => {
    expect(await refusal(read(internal.url('/secret')))).toBe('private_address');
    expect(internal.seen).toHaveLength(0);
  });

  it('stops after five redirects', async () => {
    const before = site.seen.length;
    expect(await refusal(read(site.url('/loop')))).toBe('too_many_redirects');
    expect(site.seen.length - before).toBe(6);
  });

  it('reads only text and HTML', async () => {
    expect(await refusal(read(site.url('/pdf')))).toBe('unsupported_type');
    expect(await refusal(read(site.url('/json')))).toBe('unsupported_type');
    expect(await refusal(read(site.url('/missing')))).toBe('bad_status');
  });

  it('stops reading past the size cap, compressed or not', async () => {
    expect(await refusal(read(site.url('/endless'), { maxBytes: 256 * 1024 }))).toBe('too_large');
    expect(await refusal(read(site.url('/bomb')))).toBe('too_large');
  });

  it('gives up at the time cap', async () => {
    const started = Date.now();
    expect(await refusal(read(site.url('/slow'), { timeoutMs: 300 }))).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
