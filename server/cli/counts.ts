import type { UserReach } from '../modules/users/users.repository';

/** "1 chat", "2 chats": the CLI's summaries read as sentences. */
export function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

export function reachText(reach: UserReach): string {
  return [count(reach.chats, 'chat'), count(reach.documents, 'document'), count(reach.invoices, 'invoice')].join(', ');
}
