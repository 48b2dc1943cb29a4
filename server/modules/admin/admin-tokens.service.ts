import type { RevokedApiTokens } from '@contract/admin';
import type { ApiToken } from '@contract/tokens';
import { NotFoundError } from '../../errors';
import type { ApiTokensRepository } from '../api-tokens/api-tokens.repository';
import { toApiTokenDto } from '../api-tokens/api-tokens.service';
import type { AccountsService } from '../identity/accounts.service';
import type { UsersRepository } from '../users/users.repository';

export interface AdminTokensDeps {
  apiTokens: Pick<ApiTokensRepository, 'list' | 'delete' | 'deleteAll'>;
  users: Pick<UsersRepository, 'findByIdentity' | 'listByIssuer'>;
  /** The built-in provider's accounts; absent with an external provider. */
  accounts?: Pick<AccountsService, 'findById'>;
  issuer: string;
}

/**
 * Another user's personal API tokens, as the Administration page lists and revokes them. Ids are
 * those of that page: an account id with the built-in provider, the API user's id otherwise.
 * Revoking deletes the row, and every token request reads its row, so it stops working at once.
 */
export function createAdminTokensService(deps: AdminTokensDeps) {
  const { apiTokens, users, accounts, issuer } = deps;

  /** The API user behind the listed id; undefined when they never used the API (so own no tokens). */
  const ownerOf = async (id: string): Promise<string | undefined> => {
    if (accounts) {
      const account = await accounts.findById(id);
      if (!account) throw new NotFoundError('No such account');
      return (await users.findByIdentity(issuer, account.id))?.id;
    }
    const user = (await users.listByIssuer(issuer)).find((row) => row.id === id);
    if (!user) throw new NotFoundError('No such account');
    return user.id;
  };

  return {
    async list(id: string): Promise<ApiToken[]> {
      const owner = await ownerOf(id);
      return owner ? (await apiTokens.list(owner)).map(toApiTokenDto) : [];
    },

    async revoke(id: string, tokenId: string): Promise<void> {
      const owner = await ownerOf(id);
      if (!owner || !(await apiTokens.delete(owner, tokenId))) throw new NotFoundError('No such API token', 'api_token_not_found');
    },

    async revokeAll(id: string): Promise<RevokedApiTokens> {
      const owner = await ownerOf(id);
      return { revoked: owner ? await apiTokens.deleteAll(owner) : 0 };
    },
  };
}

export type AdminTokensService = ReturnType<typeof createAdminTokensService>;
