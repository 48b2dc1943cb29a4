/**
 * Tables of the features added after the core (voice, Procore, API tokens, invitations), kept
 * apart so neither file outgrows the size limit. drizzle.config.ts and db/client.ts read both.
 */
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts, primaryId, timestamps, userRef, users } from './schema';

/**
 * Answers a user asked to hear: the speakable sentences, so the audio can be made again on any
 * instance until the clip expires. Only its owner can fetch it.
 */
export const voiceClips = pgTable(
  'voice_clips',
  {
    id: primaryId(),
    ownerId: userRef('owner_id'),
    sentences: jsonb('sentences').$type<string[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('voice_clips_expires_idx').on(t.expiresAt)],
);

/**
 * A user's Procore connection; tokens are AES-256-GCM ciphertext (procore/token-cipher.ts). Refreshes
 * lock this row: Procore rotates refresh tokens, so two refreshing at once would log the user out.
 */
export const procoreConnections = pgTable('procore_connections', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  accessToken: text('access_token').notNull(),
  refreshToken: text('refresh_token').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** Procore ids exceed 2^53: kept as text. Null until a company is chosen. */
  companyId: text('company_id'),
  companyName: text('company_name'),
  ...timestamps,
});

/** An authorize URL handed out and not yet answered: its state binds the answer to the user, with the PKCE verifier. */
export const procoreOauthStates = pgTable(
  'procore_oauth_states',
  {
    state: text('state').primaryKey(),
    userId: userRef('user_id'),
    /** Encrypted like the tokens: with it and a stolen code, anyone could finish the exchange. */
    codeVerifier: text('code_verifier').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('procore_oauth_states_expires_idx').on(t.expiresAt)],
);

/**
 * Personal API tokens for scripts. Only the SHA-256 of the secret is kept: the secret is 32 random
 * bytes, so a fast hash is enough. The owner's disabling, the expiry and revocation (the row is
 * deleted) are checked on every request.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: primaryId(),
    userId: userRef('user_id'),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('api_tokens_user_idx').on(t.userId)],
);

/**
 * Links that let an invited person set their own password. Only the SHA-256 of the 32-byte token
 * is kept. Issuing a new link, resetting the password or disabling the account deletes the
 * account's rows, so each account has at most one and no purge is needed; a used row stays so
 * its link can say it was used.
 */
export const accountInvitations = pgTable(
  'account_invitations',
  {
    id: primaryId(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('account_invitations_account_idx').on(t.accountId)],
);

/**
 * Request counters of the rate limits when several KAI processes share one PostgreSQL: a window
 * per key (route and user or address), so a limit means the same on every process (issue 17).
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [index('rate_limit_counters_window_idx').on(t.windowStartedAt)],
);
