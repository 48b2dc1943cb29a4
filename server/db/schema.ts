import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** A random UUID key. */
export const primaryId = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);

/** The owning user: their rows go when they do. */
export const userRef = (column: string) =>
  uuid(column)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Everyone who has called the API, keyed by the token's (issuer, subject). */
export const users = pgTable(
  'users',
  {
    id: primaryId(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    imageUrl: text('image_url'),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_issuer_subject_key').on(t.issuer, t.subject)],
);

/** Local accounts of the built-in OpenID Provider. Passwords are scrypt hashes, never text. */
export const accounts = pgTable('accounts', {
  id: primaryId(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  role: text('role', { enum: ['user', 'admin'] })
    .notNull()
    .default('user'),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  /** Until the account chooses a password of its own (after a generated one or an invitation), it gets no tokens. */
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  /** A generated one-time password is refused at sign-in from this moment on (7 days, as invitation links). */
  passwordExpiresAt: timestamp('password_expires_at', { withTimezone: true }),
  /** Access tokens issued at or before this second were issued before a password reset or invitation: refused. */
  tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true }),
  ...timestamps,
});

/** What the built-in OpenID Provider persists: sessions, grants, codes, refresh tokens. */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    id: text('id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.type] }),
    index('oidc_payloads_grant_id_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_expires_at_idx').on(t.expiresAt),
  ],
);

/** Instance-wide generated state (signing keys, generated secrets), written once. */
export const instanceSettings = pgTable('instance_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A user's conversations. `number` is the id the API shows: every user has their own session 1. */
export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: primaryId(),
    userId: userRef('user_id'),
    number: integer('number').notNull(),
    title: text('title').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('chat_sessions_user_number_key').on(t.userId, t.number)],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: primaryId(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    /** Repeated from the session so every query can filter by owner directly. */
    userId: userRef('user_id'),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull(),
    metadata: jsonb('metadata'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_messages_session_created_idx').on(t.sessionId, t.createdAt)],
);

/** Model tokens spent per user per day, for the daily budget. */
export const usageDaily = pgTable(
  'usage_daily',
  {
    userId: userRef('user_id'),
    day: date('day').notNull(),
    tokens: integer('tokens').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Articles of the built-in guide as last indexed; the hash decides whether to index again. */
export const guideArticles = pgTable('guide_articles', {
  slug: text('slug').primaryKey(),
  title: text('title').notNull(),
  contentHash: text('content_hash').notNull(),
  origin: text('origin', { enum: ['builtin', 'custom'] })
    .notNull()
    .default('builtin'),
  indexedAt: timestamp('indexed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Searchable passages of the guide (owner null) and of users' documents (owner set). Headings
 * and titles weigh more than body text in the full-text vector.
 */
export const retrievalChunks = pgTable(
  'retrieval_chunks',
  {
    id: primaryId(),
    corpus: text('corpus', { enum: ['guide', 'uploaded'] }).notNull(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    documentKey: text('document_key').notNull(),
    documentTitle: text('document_title').notNull(),
    headingPath: text('heading_path').notNull().default(''),
    page: integer('page'),
    ordinal: integer('ordinal').notNull(),
    content: text('content').notNull(),
    /** Words of the passage (title and headings included) as indexed: BM25's document length. */
    termCount: integer('term_count').notNull().default(0),
    /** Each lexeme's occurrences, [in the body, in the title or a heading]: BM25F's term frequencies, read per question term. */
    termFreqs: jsonb('term_freqs').$type<Record<string, [number, number]>>().notNull().default({}),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', coalesce(document_title, '') || ' ' || coalesce(heading_path, '')), 'A') || setweight(to_tsvector('english', content), 'B')`,
      ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('retrieval_chunks_search_idx').using('gin', t.search),
    index('retrieval_chunks_corpus_owner_doc_idx').on(t.corpus, t.ownerId, t.documentKey),
  ],
);

/**
 * BM25 term statistics per search scope ('guide', or 'u:' and an owner id): in how many passages
 * each lexeme occurs, kept in step with retrieval_chunks in the same transactions.
 */
export const retrievalTermStats = pgTable(
  'retrieval_term_stats',
  {
    scopeKey: text('scope_key').notNull(),
    lexeme: text('lexeme').notNull(),
    df: integer('df').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scopeKey, t.lexeme] })],
);

/** Passages and indexed words per search scope: BM25's N and average length. */
export const retrievalScopeStats = pgTable('retrieval_scope_stats', {
  scopeKey: text('scope_key').primaryKey(),
  chunks: integer('chunks').notNull(),
  terms: bigint('terms', { mode: 'number' }).notNull(),
});

const bytea = customType<{ data: Uint8Array }>({ dataType: () => 'bytea' });

/** File bytes in fixed-size chunks (server/adapters/blob-storage.ts); a document row points at its blob. */
export const blobChunks = pgTable(
  'blob_chunks',
  {
    blobId: uuid('blob_id').notNull(),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.blobId, t.seq] })],
);

/**
 * Uploaded files. The row is also the extraction queue: a worker claims a 'queued' row (or an
 * 'extracting' one whose lock expired, after a crash) with FOR UPDATE SKIP LOCKED.
 */
export const documents = pgTable(
  'documents',
  {
    id: primaryId(),
    ownerId: userRef('owner_id'),
    /** Display only: storage is keyed by blob id. */
    filename: text('filename').notNull(),
    mime: text('mime').notNull(),
    kind: text('kind', { enum: ['pdf', 'docx', 'doc', 'xlsx', 'xls', 'csv', 'png', 'jpeg', 'webp'] }).notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    blobId: uuid('blob_id').notNull(),
    purpose: text('purpose', { enum: ['analyze', 'invoice', 'vendor', 'report', 'knowledge'] }).notNull(),
    sessionId: integer('session_id'),
    status: text('status', { enum: ['queued', 'extracting', 'ready', 'failed'] })
      .notNull()
      .default('queued'),
    failureReason: text('failure_reason'),
    processedContent: text('processed_content'),
    metadata: jsonb('metadata'),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('documents_owner_sha256_key').on(t.ownerId, t.sha256),
    index('documents_owner_created_idx').on(t.ownerId, t.createdAt),
    index('documents_status_idx').on(t.status, t.lockedUntil),
    index('documents_expires_idx').on(t.expiresAt),
  ],
);

/**
 * The organisation's vendor master, shared by every user of the instance. `normalizedName` is the
 * name without legal suffixes and punctuation (vendor-names.ts); matching runs pg_trgm on it.
 */
export const vendors = pgTable(
  'vendors',
  {
    id: primaryId(),
    /** The vendor id or code of the accounting system, when the list has one. */
    code: text('code'),
    name: text('name').notNull(),
    legalName: text('legal_name'),
    normalizedName: text('normalized_name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    address: text('address'),
    phone: text('phone'),
    email: text('email'),
    taxId: text('tax_id'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('vendors_code_key')
      .on(t.code)
      .where(sql`${t.code} is not null`),
    index('vendors_normalized_name_idx').on(t.normalizedName),
    index('vendors_normalized_name_trgm_idx').using('gin', sql`${t.normalizedName} gin_trgm_ops`),
  ],
);

/** Names as printed on invoices that a user confirmed as a vendor: the next invoice matches first time. */
export const vendorAliases = pgTable('vendor_aliases', {
  /** Normalised printed name. */
  alias: text('alias').primaryKey(),
  vendorId: uuid('vendor_id')
    .notNull()
    .references(() => vendors.id, { onDelete: 'cascade' }),
  confirmedBy: uuid('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
});

/** One confirmation session of the invoice dialog (its session_id): its invoices go into one workbook. */
export const importBatches = pgTable(
  'import_batches',
  {
    id: primaryId(),
    ownerId: userRef('owner_id'),
    clientSessionId: text('client_session_id').notNull(),
    /** Set when the workbook is written. */
    filename: text('filename'),
    blobId: uuid('blob_id'),
    size: integer('size'),
    writtenAt: timestamp('written_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('import_batches_owner_session_key').on(t.ownerId, t.clientSessionId)],
);

/** Invoices read from uploaded PDFs (one PDF may hold several), owned by the user who uploaded them. */
export const invoices = pgTable(
  'invoices',
  {
    id: primaryId(),
    ownerId: userRef('owner_id'),
    /** The PDF. What was read from it goes with it, whether the user deletes it or retention purges it. */
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    /** Position of this invoice inside its PDF: with the document, the invoice's identity. */
    position: integer('position').notNull().default(0),
    filename: text('filename').notNull(),
    fileSize: integer('file_size').notNull(),
    invoiceNumber: text('invoice_number'),
    vendorName: text('vendor_name'),
    vendorId: uuid('vendor_id').references(() => vendors.id, { onDelete: 'set null' }),
    invoiceDate: date('invoice_date', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    totalAmount: numeric('total_amount', { precision: 14, scale: 2 }),
    jobNumber: text('job_number'),
    reference: text('reference'),
    status: text('status', { enum: ['pending', 'confirmed', 'exported'] })
      .notNull()
      .default('pending'),
    /** The parsed invoice as extracted (fields, confidences, regions, checks). */
    parsed: jsonb('parsed').notNull(),
    /** What the user confirmed: lines with vendor and amount, invoice-total-only. */
    confirmation: jsonb('confirmation'),
    batchId: uuid('batch_id').references(() => importBatches.id, { onDelete: 'set null' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('invoices_document_position_key').on(t.documentId, t.position),
    index('invoices_owner_created_idx').on(t.ownerId, t.createdAt),
    index('invoices_vendor_number_idx').on(t.vendorId, t.invoiceNumber),
    index('invoices_batch_idx').on(t.batchId),
  ],
);
