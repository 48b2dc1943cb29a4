import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEV_ACCESS_TOKEN } from '@contract/auth';
import type { DatabaseHandle } from '../db/client';
import { buildTestApp } from '../test/app';
import { createEmptyPostgresDatabase, createTestDatabase } from '../test/databases';
import { freePort } from '../test/free-port';
import { startMain, waitReady, type MainProcess } from '../test/main-process';
import { TcpProxy } from '../test/tcp-proxy';

const CONNECT_TIMEOUT_MS = 1_000;
const STATEMENT_TIMEOUT_MS = 1_500;
/** A refused connection is known at once; anything near a timeout means KAI waited for nothing. */
const FAST_MS = 750;
/** Connect or statement timeout, the second KAI waits past the statement timeout, and slack for a busy machine. */
const FROZEN_BOUND_MS = STATEMENT_TIMEOUT_MS + 1_000 + 1_500;
/** What a load balancer's probe waits for /readyz. */
const READY_BOUND_MS = 2_000;
const auth = { authorization: `Bearer ${DEV_ACCESS_TOKEN}` };

const databaseUrl = process.env.DATABASE_URL;
const skipped = databaseUrl ? '' : ' (skipped: set DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres to run)';

/**
 * The real server (`main.ts`, configured through the environment) talks to PostgreSQL through a
 * TCP proxy, which stands in for PostgreSQL being stopped or frozen without touching the server
 * others are using. The same process must recover once PostgreSQL is back.
 */
describe.skipIf(!databaseUrl)(`KAI while PostgreSQL is away${skipped}`, () => {
  let proxy: TcpProxy;
  let kai: MainProcess;
  let base = '';
  let dropDatabase = async () => {};

  beforeAll(async () => {
    const database = await createEmptyPostgresDatabase();
    dropDatabase = database.drop;
    proxy = await TcpProxy.forUrl(database.url).start();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    kai = startMain({
      PORT: String(port),
      HOST: '127.0.0.1',
      KAI_PUBLIC_URL: base,
      KAI_DEV_MODE: '1',
      DATABASE_URL: proxy.urlFor(database.url),
      DATABASE_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
      DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
    });
    await waitReady(`${base}/readyz`, 60_000, kai.exited).catch((err: Error) => {
      throw new Error(`${err.message}:\n${kai.output()}`);
    });
    expect((await timed(() => fetch(`${base}/api/chat/sessions`, { headers: auth }))).response.status).toBe(200);
  });

  afterAll(async () => {
    kai?.child.kill('SIGKILL');
    await kai?.exited;
    await proxy?.stop();
    await dropDatabase();
  });

  // A crash or a stack trace explains a failure better than a status code does.
  beforeEach(({ onTestFailed }) => onTestFailed(() => console.error(`KAI's output:\n${kai.output()}`)));

  const listSessions = () => timed(() => fetch(`${base}/api/chat/sessions`, { headers: auth }));
  const ready = () => timed(() => fetch(`${base}/readyz`));

  it('answers 503 with Retry-After at once while PostgreSQL refuses connections, then 200 without a restart', async () => {
    await proxy.setMode('refuse');
    // Stopped for a while: every request meanwhile gets the same quick, readable answer.
    const until = Date.now() + 3_000;
    while (Date.now() < until) {
      const { response, ms } = await listSessions();
      expect(response.status).toBe(503);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('database_unavailable');
      expect(body.error.message).toMatch(/database.*try again/i);
      expect(ms).toBeLessThan(FAST_MS);
      await sleep(250);
    }
    const probe = await ready();
    expect(probe.response.status).toBe(503);
    expect(await probe.response.json()).toEqual({ status: 'unavailable', database: 'unavailable' });
    expect(probe.ms).toBeLessThan(FAST_MS);

    await proxy.setMode('pass');
    await expectRecovered();
    expect(kai.child.exitCode).toBeNull();
  });

  it('fails requests within a few seconds while PostgreSQL is frozen, then answers 200 without a restart', async () => {
    // Connections in the pool go quiet mid-conversation, and new ones get no answer to their start-up.
    await proxy.setMode('freeze');
    // More at once than the pool holds (10): those waiting for a connection are bounded too.
    const started = Date.now();
    const replies = await Promise.all(Array.from({ length: 14 }, () => listSessions()));
    for (const { response, ms } of replies) {
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBeTruthy();
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('database_unavailable');
      expect(ms).toBeLessThan(FROZEN_BOUND_MS);
    }
    expect(Date.now() - started).toBeLessThan(FROZEN_BOUND_MS);

    const probe = await ready();
    expect(probe.response.status).toBe(503);
    expect(probe.ms).toBeLessThan(READY_BOUND_MS);

    await proxy.setMode('pass');
    await expectRecovered();
    expect(kai.child.exitCode).toBeNull();
  });

  /** The same process answers again within a few seconds of PostgreSQL coming back. */
  async function expectRecovered(): Promise<void> {
    const until = Date.now() + 10_000;
    let last = 0;
    while (Date.now() < until) {
      last = (await listSessions()).response.status;
      if (last === 200) break;
      await sleep(250);
    }
    expect(last).toBe(200);
    const probe = await ready();
    expect(probe.response.status).toBe(200);
    expect(probe.ms).toBeLessThan(READY_BOUND_MS);
  }
});

/** Without PostgreSQL too: a ping that never settles must not hold the probe. */
describe('readiness when the database never answers', () => {
  it('answers 503 within 2 s', async () => {
    const database = await createTestDatabase('pglite');
    const frozen: DatabaseHandle = { ...database.handle, ping: () => new Promise<void>(() => {}) };
    const { app } = await buildTestApp(frozen, { LOG_LEVEL: 'silent' });
    try {
      const started = Date.now();
      const res = await app.inject('/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', database: 'unavailable' });
      expect(Date.now() - started).toBeLessThan(READY_BOUND_MS);
    } finally {
      await app.close();
      await database.dispose();
    }
  });
});

async function timed(request: () => Promise<Response>): Promise<{ response: Response; ms: number }> {
  const started = Date.now();
  const response = await request();
  return { response, ms: Date.now() - started };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
