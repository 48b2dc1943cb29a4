import { z } from 'zod';

/** Every personal API token starts with this, so the API can tell it from a sign-in JWT. */
export const API_TOKEN_PREFIX = 'kai_pat_';
export const MAX_API_TOKEN_DAYS = 365;

/** POST /api/tokens: a name to recognise it by and how many days it lasts. */
export const createApiTokenInput = z.strictObject({
  name: z.string().trim().min(1, 'Give the token a name').max(100, 'The name is too long'),
  expiresInDays: z.number().int().min(1).max(MAX_API_TOKEN_DAYS, `A token lasts at most ${MAX_API_TOKEN_DAYS} days`),
});
export type CreateApiTokenInput = z.infer<typeof createApiTokenInput>;

/** A token as listed: never its secret. */
const apiToken = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string(),
});
export type ApiToken = z.infer<typeof apiToken>;

export const apiTokenList = z.array(apiToken);

/** The answer of POST /api/tokens: the only time the secret is shown. */
export const createdApiToken = apiToken.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiToken>;

export const apiTokenParams = z.object({ id: z.string().uuid() });
