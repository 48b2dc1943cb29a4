import type { FastifyRequest } from 'fastify';

/**
 * What pino must never print: credentials in headers, cookies and bodies. Bodies are not logged
 * at all; query strings keep their names but lose the values of anything credential-like
 * (the SPA's `/?code=...` callback, `id_token_hint` at logout), and invitation links their token.
 */
export const logRedactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.passwordHash',
  '*.access_token',
  '*.refresh_token',
  '*.id_token',
  '*.client_secret',
  '*.token',
  '*.secret',
];

const SECRET_PARAMS = /^(code|state|token|access_token|refresh_token|id_token|id_token_hint|client_secret|password|code_verifier)$/i;

/** An invitation link's token is its path's last part (`/invite/<token>`). */
const INVITATION_TOKEN = /^(\/invite\/)[^/?#]+/;

export function redactUrl(url: string): string {
  const safe = url.replace(INVITATION_TOKEN, '$1redacted');
  const q = safe.indexOf('?');
  if (q < 0) return safe;
  const params = new URLSearchParams(safe.slice(q + 1));
  for (const key of [...params.keys()]) if (SECRET_PARAMS.test(key)) params.set(key, 'redacted');
  return `${safe.slice(0, q)}?${params.toString()}`;
}

export const requestSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  remoteAddress: request.ip,
});
