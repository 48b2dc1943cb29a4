import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import type { UsersRepository, UserWithReach } from './users.repository';

/** Keys KAI gives itself (the built-in provider, dev mode): they never change, so they never move. */
const KAI_KEY = /^urn:kai:/;

/** A user of the old issuer, and who already signed in under the new one with the same subject. */
interface PlannedMove {
  user: UserWithReach;
  newer?: UserWithReach;
}

export interface IssuerMovePlan {
  from: string;
  to: string;
  moves: PlannedMove[];
}

/**
 * When an external provider's issuer changes (OIDC_ISSUER), its users must be re-keyed explicitly,
 * never by guessing (decision 038): the same `sub` at another issuer may be another person.
 */
export function createIssuerMoves(repo: Pick<UsersRepository, 'countByIssuer' | 'listWithReach' | 'moveIssuer'>) {
  const plan = async (from: string, to: string): Promise<IssuerMovePlan> => {
    if (KAI_KEY.test(from) || KAI_KEY.test(to)) {
      throw new ValidationError('Accounts of the built-in provider keep their key wherever KAI moves: only external issuers are moved');
    }
    if (!/^https?:\/\/\S+$/.test(to)) throw new ValidationError('--to must be the new issuer URL, exactly as OIDC_ISSUER gives it');
    if (from === to) throw new ValidationError('--from and --to name the same issuer');
    const rows = await repo.listWithReach([from, to]);
    const moving = rows.filter((row) => row.issuer === from);
    if (moving.length === 0) {
      const keys = (await repo.countByIssuer()).map((row) => `${row.issuer} (${row.users})`).join(', ');
      throw new NotFoundError(`No users are keyed by ${from}. Issuers with users: ${keys || 'none'}`);
    }
    const newer = new Map(rows.filter((row) => row.issuer === to).map((row) => [row.subject, row]));
    return { from, to, moves: moving.map((user) => ({ user, newer: newer.get(user.subject) })) };
  };

  return {
    plan,

    /**
     * Moves every user of `from` to `to` in one transaction. Where the same subject already signed
     * in under `to`, refused unless `replaceNewer`: then that newer user and what it owns are deleted.
     */
    async move(from: string, to: string, options: { replaceNewer: boolean }): Promise<IssuerMovePlan & { moved: number }> {
      const planned = await plan(from, to);
      const newer = planned.moves.flatMap((move) => (move.newer ? [move.newer] : []));
      if (newer.length > 0 && !options.replaceNewer) {
        throw new ConflictError(
          `${newer.length} of these users already signed in under ${to} as new users (marked above). Add --replace-newer to delete those newer users and what they own, then move.`,
          'issuer_move_conflict',
        );
      }
      try {
        const moved = await repo.moveIssuer(
          from,
          to,
          newer.map((row) => row.id),
        );
        return { ...planned, moved };
      } catch (err) {
        if ((err as { code?: string }).code !== '23505') throw err;
        throw new ConflictError(`Someone signed in under ${to} meanwhile: nothing was moved, run the command again`, 'issuer_move_conflict');
      }
    },
  };
}

/**
 * At start with an external provider: users under other external issuers and none under the
 * configured one means OIDC_ISSUER probably changed. Said loudly, with the command; never re-keyed.
 */
export async function warnOfUsersUnderAnotherIssuer(
  repo: Pick<UsersRepository, 'countByIssuer'>,
  identity: Config['identity'],
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  if (identity.kind !== 'external') return;
  const issuers = await repo.countByIssuer();
  if (issuers.some((row) => row.issuer === identity.issuer)) return;
  for (const other of issuers.filter((row) => !KAI_KEY.test(row.issuer))) {
    log.warn(
      { issuer: other.issuer, users: other.users, configuredIssuer: identity.issuer },
      `${other.users} users signed in through issuer ${other.issuer} and none yet through OIDC_ISSUER ${identity.issuer}: ` +
        `they will sign in as new users without their data. If the provider's address changed, move them first: ` +
        `npm run kai -- users move-issuer --from ${other.issuer} --to ${identity.issuer} --dry-run`,
    );
  }
}
