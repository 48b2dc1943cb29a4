import { createHash, randomBytes } from 'node:crypto';
import { API_TOKEN_PREFIX, type ApiToken, type CreateApiTokenInput, type CreatedApiToken } from '@contract/tokens';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../../errors';
import type { Identity } from '../users/users.service';
import type { UserRow } from '../users/users.repository';
import type { ApiTokenRow, ApiTokensRepository } from './api-tokens.repository';

const DAY_MS = 24 * 60 * 60_000;

/** SHA-256 suffices: the secret is 32 random bytes, so there is nothing to guess or precompute. */
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Personal API tokens: made, listed and revoked by their owner; checked on every request. */
export function createApiTokensService(repo: ApiTokensRepository) {
  return {
    async create(user: UserRow, input: CreateApiTokenInput): Promise<CreatedApiToken> {
      const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      const row = await repo.insert({
        userId: user.id,
        name: input.name,
        tokenHash: hashOf(token),
        expiresAt: new Date(Date.now() + input.expiresInDays * DAY_MS),
      });
      return { ...toApiTokenDto(row), token };
    },

    list: async (user: UserRow): Promise<ApiToken[]> => (await repo.list(user.id)).map(toApiTokenDto),

    async revoke(user: UserRow, id: string): Promise<void> {
      if (!(await repo.delete(user.id, id))) throw new NotFoundError('No such API token', 'api_token_not_found');
    },

    /**
     * The user behind a token, read afresh on every request so that revoking it or disabling its
     * owner takes effect at once. A token acts as its owner without admin rights: it is scoped to
     * the user's own data, and the role granted by the identity provider is not re-checked here.
     */
    async authenticate(token: string): Promise<{ identity: Identity; user: UserRow }> {
      const found = await repo.findActive(hashOf(token));
      if (!found) throw new UnauthorizedError('The API token is not valid, has expired or was revoked', 'invalid_token');
      if (found.user.disabledAt) throw new UnauthorizedError('This account is disabled', 'account_disabled');
      await repo.touch(found.tokenId);
      const identity: Identity = { issuer: found.user.issuer, subject: found.user.subject, roles: [], isDev: false, apiTokenId: found.tokenId };
      return { identity, user: { ...found.user, role: 'user' } };
    },
  };
}

export type ApiTokensService = ReturnType<typeof createApiTokensService>;

/** Managing tokens needs a real sign-in: a leaked token must not be able to mint longer-lived ones. */
export function refuseApiTokenCaller(identity: Identity): void {
  if (identity.apiTokenId)
    throw new ForbiddenError('API tokens are managed from a signed-in session, not with an API token', 'api_token_not_allowed');
}

/** A token as listed: never its hash, let alone its secret. */
export function toApiTokenDto(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
  };
}
