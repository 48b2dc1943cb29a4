import type { Database } from '../db/client';
import { createAccountsRepository } from '../modules/identity/accounts.repository';
import { BUILTIN_USER_ISSUER } from '../modules/users/user-issuer';
import { createUsersRepository, type UserReach, type UserWithReach } from '../modules/users/users.repository';
import { reachText } from './counts';

/** Longer lists end with a count: `users list` has everyone. */
const MAX_LINES = 50;

const holdsAnything = (reach: UserReach) => reach.chats + reach.documents + reach.invoices > 0;

/**
 * What each account reaches when it signs in to the restored instance with this configuration
 * (`issuer` as users are keyed by it), and what is kept but reached by no sign-in here: a count of
 * everything would say "1 chat" of a chat nobody can open (decision 038).
 */
export async function describeReach(db: Database, issuer: string): Promise<string> {
  const rows = await createUsersRepository(db).listWithReach();
  const reached = new Set<string>();
  const lines: string[][] = [];
  if (issuer === BUILTIN_USER_ISSUER) {
    const bySubject = new Map(rows.filter((row) => row.issuer === issuer).map((row) => [row.subject, row]));
    for (const account of await createAccountsRepository(db).list()) {
      const row = bySubject.get(account.id);
      if (row) reached.add(row.id);
      lines.push([account.email, row ? reachText(row) : 'not signed in yet']);
    }
  } else {
    for (const row of rows.filter((r) => r.issuer === issuer)) {
      reached.add(row.id);
      lines.push([label(row), reachText(row)]);
    }
  }
  const unreached = rows.filter((row) => !reached.has(row.id) && holdsAnything(row));

  let text = `What each account reaches when it signs in here:\n${table(
    lines.sort((a, b) => a[0].localeCompare(b[0])),
    'No accounts.',
  )}`;
  if (unreached.length > 0) {
    text += `Kept, but reached by no sign-in here (keyed by another identity provider):\n`;
    text += table(
      unreached.map((row) => [label(row), row.issuer, reachText(row)]),
      '',
    );
    if (issuer !== BUILTIN_USER_ISSUER) {
      text += `If an issuer's address changed: npm run kai -- users move-issuer --from <old issuer> --to ${issuer} --dry-run\n`;
    }
  }
  return text;
}

const label = (row: UserWithReach) => row.email ?? row.subject;

function table(rows: string[][], empty: string): string {
  if (rows.length === 0) return empty ? `  ${empty}\n` : '';
  const shown = rows.slice(0, MAX_LINES);
  const widths = shown[0].map((_, i) => Math.max(...shown.map((row) => row[i].length)));
  const lines = shown.map((row) => `  ${row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]))).join('  ')}`);
  if (rows.length > shown.length) lines.push(`  ... and ${rows.length - shown.length} more`);
  return `${lines.join('\n')}\n`;
}
