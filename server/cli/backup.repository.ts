import { count, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { accounts, chatSessions, documents, invoices, users } from '../db/schema';

export interface InstanceContents {
  users: number;
  chats: number;
  documents: number;
  invoices: number;
}

/** What a restored database holds, so the operator sees at once that it is the one they meant. */
export async function countInstanceContents(db: Database): Promise<InstanceContents> {
  // People: built-in accounts (some never signed in, so no users row yet) and everyone who has
  // called the API; a built-in account's users row has the account id as its subject.
  const people = union(
    db.select({ subject: users.subject }).from(users),
    db.select({ subject: sql<string>`${accounts.id}::text` }).from(accounts),
  ).as('people');
  const [[humans], [chats], [docs], [invs]] = await Promise.all([
    db.select({ n: count() }).from(people),
    db.select({ n: count() }).from(chatSessions),
    db.select({ n: count() }).from(documents),
    db.select({ n: count() }).from(invoices),
  ]);
  return { users: humans.n, chats: chats.n, documents: docs.n, invoices: invs.n };
}
