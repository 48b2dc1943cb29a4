import { and, asc, eq, gt, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { accounts, chatMessages, chatSessions, documents, importBatches, invoices, users, vendorAliases, vendors } from '../../db/schema';
import { apiTokens, procoreConnections } from '../../db/schema-features';
import { apiTokenColumns } from '../api-tokens/api-tokens.repository';

/**
 * Reads for the exports, a page at a time in key order (keyset pagination), so an export of any
 * size holds one page in memory. Every query names its columns: secrets (password hashes,
 * token hashes, Procore tokens, instance settings, OIDC payloads) are never read at all.
 * `owner` limits a section to one user's rows; without it the section covers the instance.
 */
const PAGE_ROWS = 500;
/** Documents carry their extracted text, which can be large: fewer per page. */
const DOCUMENT_PAGE_ROWS = 20;

type Page<T> = (after: string | undefined, limit: number) => Promise<T[]>;

async function* keyset<T>(load: Page<T>, keyOf: (row: T) => string, limit = PAGE_ROWS): AsyncGenerator<T> {
  let after: string | undefined;
  for (;;) {
    const rows = await load(after, limit);
    yield* rows;
    if (rows.length < limit) return;
    after = keyOf(rows[rows.length - 1]);
  }
}

const byId = (row: { id: string }) => row.id;
const ownedBy = (column: PgColumn, owner: string | undefined) => (owner ? eq(column, owner) : undefined);
const after = (column: PgColumn, key: string | undefined): SQL | undefined => (key === undefined ? undefined : gt(column, key));

const userColumns = {
  id: users.id,
  issuer: users.issuer,
  subject: users.subject,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  imageUrl: users.imageUrl,
  role: users.role,
  disabledAt: users.disabledAt,
  lastSeenAt: users.lastSeenAt,
  createdAt: users.createdAt,
};
const accountColumns = {
  id: accounts.id,
  email: accounts.email,
  firstName: accounts.firstName,
  lastName: accounts.lastName,
  role: accounts.role,
  disabledAt: accounts.disabledAt,
  createdAt: accounts.createdAt,
};
const sessionColumns = {
  id: chatSessions.id,
  userId: chatSessions.userId,
  number: chatSessions.number,
  title: chatSessions.title,
  createdAt: chatSessions.createdAt,
  updatedAt: chatSessions.updatedAt,
};
const messageColumns = {
  id: chatMessages.id,
  sessionId: chatMessages.sessionId,
  userId: chatMessages.userId,
  role: chatMessages.role,
  content: chatMessages.content,
  metadata: chatMessages.metadata,
  createdAt: chatMessages.createdAt,
};
/** Metadata and extracted text; the file's bytes stay in storage. */
const documentColumns = {
  id: documents.id,
  ownerId: documents.ownerId,
  filename: documents.filename,
  mime: documents.mime,
  kind: documents.kind,
  size: documents.size,
  sha256: documents.sha256,
  purpose: documents.purpose,
  sessionId: documents.sessionId,
  status: documents.status,
  failureReason: documents.failureReason,
  extractedText: documents.processedContent,
  metadata: documents.metadata,
  createdAt: documents.createdAt,
  expiresAt: documents.expiresAt,
};
const batchColumns = {
  id: importBatches.id,
  ownerId: importBatches.ownerId,
  clientSessionId: importBatches.clientSessionId,
  filename: importBatches.filename,
  size: importBatches.size,
  writtenAt: importBatches.writtenAt,
  createdAt: importBatches.createdAt,
};
const aliasColumns = {
  alias: vendorAliases.alias,
  vendorId: vendorAliases.vendorId,
  vendorName: vendors.name,
  confirmedBy: vendorAliases.confirmedBy,
  createdAt: vendorAliases.createdAt,
};

export function createExportRepository(db: Database) {
  return { ...instanceReads(db), ...ownedReads(db) };
}

/** The user's profile and settings, and the instance-wide tables. */
function instanceReads(db: Database) {
  return {
    async profile(userId: string) {
      const { issuer: _issuer, subject: _subject, disabledAt: _disabled, lastSeenAt: _seen, ...profile } = userColumns;
      const [row] = await db.select(profile).from(users).where(eq(users.id, userId));
      return row;
    },

    /** The user's Procore connection as a setting: which company, never the tokens. */
    async procoreConnection(userId: string) {
      const [row] = await db
        .select({ companyId: procoreConnections.companyId, companyName: procoreConnections.companyName, connectedAt: procoreConnections.createdAt })
        .from(procoreConnections)
        .where(eq(procoreConnections.userId, userId));
      return row ?? null;
    },

    users: () => keyset((key, limit) => db.select(userColumns).from(users).where(after(users.id, key)).orderBy(asc(users.id)).limit(limit), byId),

    localAccounts: () =>
      keyset((key, limit) => db.select(accountColumns).from(accounts).where(after(accounts.id, key)).orderBy(asc(accounts.id)).limit(limit), byId),

    vendors: () => keyset((key, limit) => db.select().from(vendors).where(after(vendors.id, key)).orderBy(asc(vendors.id)).limit(limit), byId),
  };
}

/** Tables of rows that users own. */
function ownedReads(db: Database) {
  return {
    chatSessions: (owner?: string) =>
      keyset(
        (key, limit) =>
          db
            .select(sessionColumns)
            .from(chatSessions)
            .where(and(ownedBy(chatSessions.userId, owner), after(chatSessions.id, key)))
            .orderBy(asc(chatSessions.id))
            .limit(limit),
        byId,
      ),

    chatMessages: (owner?: string) =>
      keyset(
        (key, limit) =>
          db
            .select(messageColumns)
            .from(chatMessages)
            .where(and(ownedBy(chatMessages.userId, owner), after(chatMessages.id, key)))
            .orderBy(asc(chatMessages.id))
            .limit(limit),
        byId,
      ),

    documents: (owner?: string) =>
      keyset(
        (key, limit) =>
          db
            .select(documentColumns)
            .from(documents)
            .where(and(ownedBy(documents.ownerId, owner), after(documents.id, key)))
            .orderBy(asc(documents.id))
            .limit(limit),
        byId,
        DOCUMENT_PAGE_ROWS,
      ),

    invoices: (owner?: string) =>
      keyset(
        (key, limit) =>
          db
            .select()
            .from(invoices)
            .where(and(ownedBy(invoices.ownerId, owner), after(invoices.id, key)))
            .orderBy(asc(invoices.id))
            .limit(limit),
        byId,
      ),

    importBatches: (owner?: string) =>
      keyset(
        (key, limit) =>
          db
            .select(batchColumns)
            .from(importBatches)
            .where(and(ownedBy(importBatches.ownerId, owner), after(importBatches.id, key)))
            .orderBy(asc(importBatches.id))
            .limit(limit),
        byId,
      ),

    /** Printed names confirmed as vendors; `confirmedBy` limits them to one user's confirmations. */
    vendorAliases: (confirmedBy?: string) =>
      keyset(
        (key, limit) =>
          db
            .select(aliasColumns)
            .from(vendorAliases)
            .innerJoin(vendors, eq(vendors.id, vendorAliases.vendorId))
            .where(and(ownedBy(vendorAliases.confirmedBy, confirmedBy), after(vendorAliases.alias, key)))
            .orderBy(asc(vendorAliases.alias))
            .limit(limit),
        (row) => row.alias,
      ),

    apiTokens: (owner?: string) =>
      keyset(
        (key, limit) =>
          db
            .select(apiTokenColumns)
            .from(apiTokens)
            .where(and(ownedBy(apiTokens.userId, owner), after(apiTokens.id, key)))
            .orderBy(asc(apiTokens.id))
            .limit(limit),
        byId,
      ),
  };
}

export type ExportRepository = ReturnType<typeof createExportRepository>;
