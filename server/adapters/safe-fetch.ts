/**
 * Reads a web page whose address came from outside (a search result, a page's redirect) without
 * letting it reach the server's own network (SSRF): http/https on ports 80 and 443 only, every
 * address the name resolves to must be public, and the connection goes to that checked address
 * (the name only travels as Host and TLS server name), so DNS cannot answer differently in
 * between. Redirects are followed by hand and checked again on every hop. No cookies, no
 * credentials, no proxy; size and time are capped; only text and HTML are read.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { startDeadline } from './deadline';
import { htmlToText } from './html-text';
import { isPublicAddress } from './public-address';

const MAX_BYTES = 2 * 1024 * 1024;
const TIMEOUT_MS = 8000;
const MAX_REDIRECTS = 5;
const STANDARD_PORTS = new Set([80, 443]);
const READABLE_TYPES = new Set(['text/html', 'text/plain', 'application/xhtml+xml']);
/** Names that only mean something inside a network, or never resolve publicly (RFC 6761), refused before DNS is asked. */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa|test|invalid|example)$/i;

type ResolvedAddress = { address: string; family: number };

interface SafeFetchOptions {
  signal?: AbortSignal;
  maxBytes?: number;
  timeoutMs?: number;
  /**
   * Tests only, never from configuration: lets one local test server through (an address and
   * port the rules refuse). Public addresses on ports 80 and 443 pass without it.
   */
  allowAddress?: (address: string, port: number) => boolean;
  /** Tests only: stands in for DNS (`dns.lookup` with `all: true`). */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
}

export interface FetchedPage {
  /** Where the page was finally read, after redirects. */
  url: string;
  title: string;
  /** Readable text, one paragraph a line. */
  text: string;
}

type SafeFetchRefusal =
  'bad_url' | 'private_address' | 'unresolved' | 'too_many_redirects' | 'bad_status' | 'unsupported_type' | 'too_large' | 'timeout' | 'network';

export class SafeFetchError extends Error {
  constructor(
    message: string,
    readonly code: SafeFetchRefusal,
  ) {
    super(message);
    this.name = 'SafeFetchError';
  }
}

interface Target {
  url: URL;
  /** The checked address the connection goes to. */
  address: string;
  port: number;
}

export async function fetchPageText(address: string, options: SafeFetchOptions = {}): Promise<FetchedPage> {
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  const deadline = startDeadline(timeoutMs, options.signal);
  const signal = deadline.signal;
  try {
    let url = parseUrl(address);
    for (let hop = 0; ; hop++) {
      const target = await checkTarget(url, options, signal);
      const res = await request(target, signal);
      const location = res.headers.location;
      if (res.statusCode && res.statusCode >= 300 && res.statusCode < 400 && location) {
        res.destroy();
        if (hop >= MAX_REDIRECTS) throw new SafeFetchError(`more than ${MAX_REDIRECTS} redirects`, 'too_many_redirects');
        url = nextHop(url, location);
        continue;
      }
      return await readPage(url, res, options.maxBytes ?? MAX_BYTES);
    }
  } catch (err) {
    if (err instanceof SafeFetchError) throw err;
    if (deadline.expired) throw new SafeFetchError(`no complete answer within ${timeoutMs / 1000} s`, 'timeout');
    if (options.signal?.aborted) throw new SafeFetchError('stopped', 'timeout');
    const code = (err as NodeJS.ErrnoException).code;
    throw new SafeFetchError(`could not read the page${code ? ` (${code})` : ''}`, 'network');
  } finally {
    deadline.clear();
  }
}

function parseUrl(address: string): URL {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new SafeFetchError('not a valid URL', 'bad_url');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SafeFetchError(`the ${url.protocol} scheme is not read`, 'bad_url');
  // Credentials in a URL are never sent, and `user@host` is a classic way to disguise the host.
  if (url.username || url.password) throw new SafeFetchError('URLs with credentials are not read', 'bad_url');
  return url;
}

/** A redirect's target: relative to the page, and never from https down to http. */
function nextHop(from: URL, location: string): URL {
  let to: URL;
  try {
    to = new URL(location, from);
  } catch {
    throw new SafeFetchError('redirect to an invalid URL', 'bad_url');
  }
  const checked = parseUrl(to.href);
  if (from.protocol === 'https:' && checked.protocol === 'http:') throw new SafeFetchError('redirect from https to http', 'bad_url');
  return checked;
}

/** The address to connect to, once the name's every address and the port passed the rules. */
async function checkTarget(url: URL, options: SafeFetchOptions, signal: AbortSignal): Promise<Target> {
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  // The URL parser has already turned 2130706433, 0x7f.1, 0177.0.0.1 and 127.1 into 127.0.0.1.
  const hostname = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  let addresses: ResolvedAddress[];
  if (isIP(hostname)) {
    addresses = [{ address: hostname, family: isIP(hostname) }];
  } else {
    if (!hostname || LOCAL_NAME.test(hostname) || !/^[a-z0-9.-]+$/i.test(hostname)) {
      throw new SafeFetchError(`the host ${hostname || '(none)'} is not read`, 'private_address');
    }
    addresses = await untilAborted((options.resolve ?? resolveAll)(hostname), signal).catch((err: unknown) => {
      if (signal.aborted) throw err;
      return [];
    });
    if (addresses.length === 0) throw new SafeFetchError(`the host ${hostname} has no address`, 'unresolved');
  }
  const allowed = (address: string) => options.allowAddress?.(address, port) || (isPublicAddress(address) && STANDARD_PORTS.has(port));
  // Every address, not just the first: a name may list a public and a private one.
  const refused = addresses.find((a) => !allowed(a.address));
  if (refused) throw new SafeFetchError(`the address ${refused.address} port ${port} is not a public web server`, 'private_address');
  return { url, address: addresses[0].address, port };
}

const resolveAll = (hostname: string) => dnsLookup(hostname, { all: true, verbatim: true });

/** DNS cannot be cancelled: the caller stops waiting for it at the deadline instead. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function request(target: Target, signal: AbortSignal): Promise<IncomingMessage> {
  const { url, address, port } = target;
  const secure = url.protocol === 'https:';
  const hostname = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).request(
      {
        host: address,
        family: isIP(address),
        port,
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        // A fresh connection each time: a pooled socket could lead to another address.
        agent: false,
        // TLS checks the certificate against the name, not the address connected to.
        ...(secure && !isIP(hostname) ? { servername: hostname } : {}),
        headers: {
          host: url.host,
          'user-agent': 'KAI/0.1 (page reader for web search answers)',
          accept: 'text/html,application/xhtml+xml,text/plain;q=0.9',
          'accept-encoding': 'gzip, deflate, br',
        },
        signal,
      },
      resolve,
    );
    req.on('error', reject);
    req.end();
  });
}

async function readPage(url: URL, res: IncomingMessage, maxBytes: number): Promise<FetchedPage> {
  const status = res.statusCode ?? 0;
  const [mediaType, ...params] = String(res.headers['content-type'] ?? '')
    .toLowerCase()
    .split(';')
    .map((p) => p.trim());
  if (status < 200 || status >= 300) {
    res.destroy();
    throw new SafeFetchError(`the page answered HTTP ${status}`, 'bad_status');
  }
  if (!READABLE_TYPES.has(mediaType)) {
    res.destroy();
    throw new SafeFetchError(`${mediaType || 'an unnamed content type'} is not read`, 'unsupported_type');
  }
  if (Number(res.headers['content-length']) > maxBytes) {
    res.destroy();
    throw new SafeFetchError(`the page is over ${maxBytes} bytes`, 'too_large');
  }
  const body = await readCapped(res, maxBytes);
  const charset =
    params
      .find((p) => p.startsWith('charset='))
      ?.slice(8)
      .replace(/"/g, '') ?? sniffCharset(body);
  const raw = decode(body, charset);
  if (mediaType === 'text/plain') return { url: url.href, title: '', text: raw.replace(/\r\n?/g, '\n') };
  return { url: url.href, ...htmlToText(raw) };
}

/** The body, decompressed; reading stops (and the connection closes) as soon as it passes the cap. */
async function readCapped(res: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const encoding = String(res.headers['content-encoding'] ?? 'identity').toLowerCase();
  const decoders: Record<string, () => Transform> = {
    gzip: createGunzip,
    'x-gzip': createGunzip,
    deflate: createInflate,
    br: createBrotliDecompress,
  };
  if (encoding !== 'identity' && !decoders[encoding]) {
    res.destroy();
    throw new SafeFetchError(`the ${encoding} encoding is not read`, 'unsupported_type');
  }
  const decoder = encoding === 'identity' ? undefined : decoders[encoding]();
  // pipe() does not pass errors on: a connection dropped mid-body must end the read too.
  if (decoder) res.once('error', (err) => decoder.destroy(err));
  const stream = decoder ? res.pipe(decoder) : res;
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      // Counted after decompression, so a small compressed bomb is stopped too.
      if (size > maxBytes) throw new SafeFetchError(`the page is over ${maxBytes} bytes`, 'too_large');
      chunks.push(chunk);
    }
  } finally {
    res.destroy();
  }
  return Buffer.concat(chunks);
}

/** A `<meta charset>` near the top of an HTML page without a charset header. */
function sniffCharset(body: Buffer): string | undefined {
  const head = body.subarray(0, 2048).toString('latin1');
  return /<meta[^>]{0,200}charset\s*=\s*["']?([\w-]+)/i.exec(head)?.[1];
}

/** windows-1252's 0x80-0x9f (curly quotes, dashes, €), which Node 20's TextDecoder reads as Latin-1 control codes. */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

function decode(body: Buffer, charset = 'utf-8'): string {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset);
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  // Every Latin-1 label means windows-1252 on the web (WHATWG Encoding).
  if (decoder.encoding === 'windows-1252')
    return Array.from(body, (b) => (b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80] : String.fromCharCode(b))).join('');
  return decoder.decode(body);
}
