import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { createEmptyPostgresDatabase } from '../test/databases';

describe('migrations on embedded PGlite', () => {
  it('apply once and are idempotent on the next start', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kai-db-'));
    try {
      const first = await openDatabase({ dataDir: dir });
      await first.close();
      const second = await openDatabase({ dataDir: dir });
      const result = (await second.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as {
        rows: Array<{ n: number }>;
      };
      expect(result.rows[0].n).toBe(fs.readdirSync(new URL('./migrations', import.meta.url)).filter((f) => f.endsWith('.sql')).length);
      // Only the account running KAI may enter the directory (password hashes, documents).
      expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
      await second.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a second process on the same data directory with a clear message', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kai-lock-'));
    const owner = await openDatabase({ dataDir: dir });
    try {
      const script = `import('${new URL('./client.ts', import.meta.url).pathname}').then(m => m.openDatabase({ dataDir: '${dir}' })).then(() => process.exit(0), e => { console.error(e.message); process.exit(3); })`;
      const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], { stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (d) => (stderr += d));
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(code).toBe(3);
      expect(stderr).toContain('Another KAI process is already using the data directory');
    } finally {
      await owner.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('migrations on PostgreSQL', () => {
  it('are safe when two instances start together', async () => {
    const { url, drop } = await createEmptyPostgresDatabase();
    try {
      const [a, b] = await Promise.all([openDatabase({ databaseUrl: url, dataDir: '' }), openDatabase({ databaseUrl: url, dataDir: '' })]);
      await a.close();
      await b.close();
      const again = await openDatabase({ databaseUrl: url, dataDir: '' });
      await again.ping();
      await again.close();
    } finally {
      await drop();
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('a PostgreSQL connection ended under KAI', () => {
  it('is reported, dropped and replaced instead of crashing the process', async () => {
    const { url, drop } = await createEmptyPostgresDatabase();
    const failures: Error[] = [];
    const database = await openDatabase({ databaseUrl: url, dataDir: '', onIdleConnectionError: (err) => failures.push(err) });
    try {
      await database.ping();
      const name = new URL(url).pathname.slice(1);
      // What a server restart or an administrator's pg_terminate_backend does to idle connections.
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
      await admin.end();
      await expect.poll(() => failures.length).toBeGreaterThan(0);
      await database.ping();
    } finally {
      await database.close();
      await drop();
    }
  });
});
