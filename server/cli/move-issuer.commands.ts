import type { DatabaseHandle } from '../db/client';
import { createIssuerMoves, type IssuerMovePlan } from '../modules/users/issuer-moves';
import { createUsersRepository } from '../modules/users/users.repository';
import { count, reachText } from './counts';
import type { CliIo } from './users.commands';

export interface MoveIssuerOptions {
  from?: string;
  to?: string;
  'dry-run'?: boolean;
  'replace-newer'?: boolean;
}

/**
 * `users move-issuer --from OLD --to NEW [--dry-run] [--replace-newer]`: after OIDC_ISSUER changed,
 * the users of the old issuer become those of the new one, with everything they own (decision 038).
 */
export async function runMoveIssuer(options: MoveIssuerOptions, deps: { database: DatabaseHandle; io: CliIo }): Promise<void> {
  const { io } = deps;
  const from = options.from ?? '';
  const to = options.to ?? '';
  const moves = createIssuerMoves(createUsersRepository(deps.database.db));
  const plan = await moves.plan(from, to);
  io.stdout(describePlan(plan));
  if (options['dry-run']) {
    io.stdout(`Dry run: nothing changed. Without --dry-run this moves ${users(plan.moves.length)}${replacing(plan, options)}.\n`);
    return;
  }
  const done = await moves.move(from, to, { replaceNewer: options['replace-newer'] === true });
  io.stdout(
    `Moved ${users(done.moved)} from ${from} to ${to}${replacing(done, options, 'replaced')}. They keep their data when they next sign in.\n`,
  );
}

const users = (n: number) => count(n, 'user');

function replacing(plan: IssuerMovePlan, options: MoveIssuerOptions, verb = 'replacing'): string {
  const newer = plan.moves.filter((move) => move.newer).length;
  if (newer === 0) return '';
  return options['replace-newer'] ? ` (${verb} ${newer} newer)` : `; the ${users(newer)} marked * must be replaced first (--replace-newer)`;
}

function describePlan(plan: IssuerMovePlan): string {
  const rows = plan.moves.map(({ user, newer }) => [
    `${newer ? '* ' : '  '}${user.email ?? '-'}`,
    user.subject,
    reachText(user),
    newer ? `already signed in under the new issuer as a new user: ${reachText(newer)}` : '',
  ]);
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((row) => row[i].length)));
  const lines = rows.map((row) =>
    row
      .map((cell, i) => (i < 3 ? cell.padEnd(widths[i]) : cell))
      .join('  ')
      .trimEnd(),
  );
  return `Users keyed by ${plan.from}, to be keyed by ${plan.to}:\n${lines.join('\n')}\n`;
}
