/**
 * PostgreSQL LISTEN on a connection of its own, for waking processes on other machines (a new
 * document in the queue reaches `npm run worker` at once instead of at its next poll). A lost
 * connection is opened again with backoff, and `onNotify` runs once after each reconnect: what
 * was sent while nobody listened is found by the wake-up's own look at the table. Polling stays
 * as the safety net; a notification is only ever a hint.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from './client';

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;
export const APPLICATION_NAME = 'kai-notifications';

export interface Listener {
  close(): Promise<void>;
}

export interface ListenOptions {
  url: string;
  /** A plain identifier (letters, digits, underscores): LISTEN takes no parameters. */
  channel: string;
  onNotify(): void;
  /** The connection failed; called again only after it has worked in between. */
  onError?(err: Error): void;
  connectTimeoutMs?: number;
}

export function listen(options: ListenOptions): Listener {
  if (!/^[a-z_][a-z0-9_]*$/.test(options.channel)) throw new Error(`not a channel name: ${options.channel}`);
  let client: pg.Client | undefined;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  let reported = false;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString: options.url,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000,
      keepAlive: true,
      // Named, so an operator looking at pg_stat_activity knows the idle connection.
      application_name: APPLICATION_NAME,
    });
    client = next;
    next.on('error', (err) => retry(next, err));
    next.on('end', () => retry(next, new Error('the notification connection closed')));
    next.on('notification', (message) => {
      if (message.channel === options.channel) options.onNotify();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${options.channel}`);
    } catch (err) {
      return retry(next, err as Error);
    }
    if (closed) return void next.end().catch(() => {});
    retryMs = FIRST_RETRY_MS;
    reported = false;
    options.onNotify();
  };

  const retry = (failed: pg.Client, err: Error): void => {
    if (closed || failed !== client) return;
    client = undefined;
    failed.removeAllListeners('end');
    void failed.end().catch(() => {});
    if (!reported) options.onError?.(err);
    reported = true;
    retryTimer = setTimeout(() => void connect(), retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  };

  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const open = client;
      client = undefined;
      if (open) {
        open.removeAllListeners('end');
        await open.end().catch(() => {});
      }
    },
  };
}

/** Tells every listener on `channel` (after the current transaction, if any, commits). */
export async function notify(db: Database, channel: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, '')`);
}
