import type { FastifyInstance } from 'fastify';
import { ValidationError } from '../errors';

/**
 * PostgreSQL `text` and `jsonb` cannot hold U+0000, so a NUL that reaches a query fails there as
 * a 500. One root hook refuses it in every route's query, params and parsed body (keys too:
 * loose objects are stored as jsonb), before the schema or the handler sees it; added before
 * the routes, so routes added later are covered. Other control characters are valid text and
 * pass. Bodies a route reads itself (multipart uploads, oidc-provider's endpoints) are not seen here.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.query) || holdsNul(request.params) || holdsNul(request.body)) {
      throw new ValidationError('Text may not contain NUL characters.', 'invalid_text');
    }
  });
}

/** Iterative, so a deeply nested or very long JSON body cannot overflow the stack. */
function holdsNul(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true;
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
    } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\u0000')) return true;
        pending.push(item);
      }
    }
  }
  return false;
}
