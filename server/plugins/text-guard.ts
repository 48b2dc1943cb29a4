import type { FastifyInstance } from 'fastify';
import { ValidationError } from '../errors';

/**
 * PostgreSQL `text` and `jsonb` cannot hold U+0000, and `jsonb` cannot hold half of a UTF-16
 * surrogate pair (JSON's `"\\ud800"` parses to one), so either fails a query as a 500. One root hook
 * refuses both in every route's query, params and parsed body (keys too: loose objects are
 * stored as jsonb), before the schema or the handler sees it; added before the routes, so routes
 * added later are covered. Other control characters are valid text and pass. Bodies a route
 * reads itself (multipart uploads, oidc-provider's endpoints) are not seen here.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const problem = textProblem(request.query) ?? textProblem(request.params) ?? textProblem(request.body);
    if (problem) throw new ValidationError(MESSAGES[problem], 'invalid_text');
  });
}

const MESSAGES = {
  nul: 'Text may not contain NUL characters.',
  surrogate: 'Text may not contain half of a UTF-16 surrogate pair (a broken character).',
} as const;

function stringProblem(text: string): keyof typeof MESSAGES | undefined {
  if (text.includes('\u0000')) return 'nul';
  if (!text.isWellFormed()) return 'surrogate';
  return undefined;
}

/** Iterative, so a deeply nested or very long JSON body cannot overflow the stack. */
function textProblem(root: unknown): keyof typeof MESSAGES | undefined {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      const problem = stringProblem(value);
      if (problem) return problem;
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
    } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
      for (const [key, item] of Object.entries(value)) {
        const problem = stringProblem(key);
        if (problem) return problem;
        pending.push(item);
      }
    }
  }
  return undefined;
}
