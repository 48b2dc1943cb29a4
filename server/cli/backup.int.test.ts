import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBlob, writeBlob } from '../adapters/blob-storage';
import { openDatabase } from '../db/client';
import { lockDataDir } from '../db/lock';
import { chatMessages, chatSessions, documents, invoices, users } from '../db/schema';
import { createAccountsRepository } from '../modules/identity/accounts.repository';
import { verifyPassword } from '../modules/identity/password';
import { seedUserData } from '../modules/export/testing/export-seed';
import { freePort } from '../test/free-port';
import { startApp } from '../test/identity-app';
import { signedInCaller } from '../test/sign-in';
import { startMain, waitReady } from '../test/main-process';
import { run } from './kai';

const documentBytes = randomBytes(600 * 1024);
let root: string;
let sourceDir: string;

const envFor = (dataDir: string, extra: Record<string, string> = {}) => ({
  NODE_ENV: 'test',
  KAI_DATA_DIR: dataDir,
  KAI_PUBLIC_URL: 'http://127.0.0.1:9',
  LOG_LEVEL: 'silent',
  ...extra,
});

async function kai(dataDir: string, ...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await run(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), env: envFor(dataDir) });
  return { code, stdout, stderr };
}

/** One of each: an account, a user who has used KAI, a chat with messages, a document with its bytes, an invoice. */
async function seed(dataDir: string) {
  expect((await kai(dataDir, 'users', 'add', 'boss@example.test', '--admin', '--password', 'boss-password-1')).code).toBe(0);
  const database = await openDatabase({ dataDir });
  try {
    await database.db.insert(users).values({ issuer: 'https://idp.example.test', subject: 'sub-ana', email: 'ana@example.test' });
    await seedUserData(database.db, 'sub-ana', 'Backup');
    const [document] = await database.db.select().from(documents);
    await writeBlob(database.db, document.blobId, Readable.from([documentBytes]), { maxBytes: 10_000_000 });
  } finally {
    await database.close();
  }
}

/** Opens a restored data directory and checks that everything `seed` wrote is there. */
async function expectSeededData(dataDir: string, accountEmails: string[]) {
  const database = await openDatabase({ dataDir });
  try {
    const { db } = database;
    const accounts = createAccountsRepository(db);
    for (const email of accountEmails) expect(await accounts.findByEmail(email), email).toBeDefined();
    expect(await verifyPassword('boss-password-1', (await accounts.findByEmail('boss@example.test'))!.passwordHash)).toBe(true);
    expect(await db.select({ email: users.email }).from(users)).toEqual([{ email: 'ana@example.test' }]);
    expect(await db.select({ title: chatSessions.title }).from(chatSessions)).toEqual([{ title: 'Backup session' }]);
    const messages = await db.select({ content: chatMessages.content }).from(chatMessages);
    expect(messages.map((m) => m.content).sort()).toEqual(['Backup answer', 'Backup question']);
    const [document] = await db.select().from(documents).where(eq(documents.filename, 'Backup.pdf'));
    const chunks: Buffer[] = [];
    for await (const chunk of readBlob(db, document.blobId)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(documentBytes)).toBe(true);
    expect(await db.select({ invoiceNumber: invoices.invoiceNumber }).from(invoices)).toEqual([{ invoiceNumber: 'Backup-INV' }]);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'kai-backup-'));
  sourceDir = path.join(root, 'source');
  await seed(sourceDir);
}, 120_000);

afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe('kai backup and restore', { timeout: 120_000 }, () => {
  it('backs up with KAI stopped and restores everything into a new data directory', async () => {
    const file = path.join(root, 'stopped.kai-backup');
    const backup = await kai(sourceDir, 'backup', file);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(new RegExp(`^Backup written to ${file} \\(\\d+\\.\\d MB\\)\\n$`));
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const freshDir = path.join(root, 'fresh-stopped');
    const restored = await kai(freshDir, 'restore', file);
    expect(restored.code, restored.stderr).toBe(0);
    // Ana's chat came from an identity provider this configuration does not sign in with: counted, but said so.
    expect(restored.stdout).toBe(
      `Restored ${file} into ${freshDir}: 2 users, 1 chat, 1 document, 1 invoice.\n` +
        'What each account reaches when it signs in here:\n' +
        '  boss@example.test  not signed in yet\n' +
        'Kept, but reached by no sign-in here (keyed by another identity provider):\n' +
        '  ana@example.test  https://idp.example.test  1 chat, 1 document, 1 invoice\n',
    );
    await expectSeededData(freshDir, ['boss@example.test']);
  });

  it('refuses to overwrite a file or a database unless told to, and keeps the old database', async () => {
    const file = path.join(root, 'stopped.kai-backup');
    const again = await kai(sourceDir, 'backup', file);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists');
    expect((await kai(sourceDir, 'backup', file, '--force')).code).toBe(0);

    const freshDir = path.join(root, 'fresh-stopped');
    const over = await kai(freshDir, 'restore', file);
    expect(over.code).toBe(1);
    expect(over.stderr).toContain('already holds a database');
    const forced = await kai(freshDir, 'restore', file, '--force');
    expect(forced.code, forced.stderr).toBe(0);
    const keptAs = forced.stdout.match(/The previous database is kept in (\S+)\.\n/)?.[1];
    expect(keptAs && fs.existsSync(path.join(keptAs, 'PG_VERSION'))).toBe(true);
  });

  it('refuses a file that is not a backup and a data directory KAI is running on', async () => {
    const freshDir = path.join(root, 'fresh-refusals');
    for (const [name, bytes] of [
      ['notes.txt', Buffer.from('not a backup')],
      ['other.tar.gz', gzipSync(Buffer.alloc(2048))],
      ['truncated.tar.gz', fs.readFileSync(path.join(root, 'stopped.kai-backup')).subarray(0, 4096)],
    ] as const) {
      fs.writeFileSync(path.join(root, name), bytes);
      const result = await kai(freshDir, 'restore', path.join(root, name));
      expect(result.code, name).toBe(1);
      expect(result.stderr).toContain('is not a KAI backup');
    }
    expect(fs.existsSync(path.join(freshDir, 'pgdata'))).toBe(false);

    const unlock = await lockDataDir(freshDir, () => {});
    try {
      const locked = await kai(freshDir, 'restore', path.join(root, 'stopped.kai-backup'));
      expect(locked.code).toBe(1);
      expect(locked.stderr).toContain('stop it first');
    } finally {
      await unlock();
    }
  });

  it('points to pg_dump and pg_restore on PostgreSQL, and checks its arguments', async () => {
    const env = envFor(sourceDir, { DATABASE_URL: 'postgres://kai@127.0.0.1:1/kai' });
    for (const [command, tool] of [
      ['backup', 'pg_dump -Fc'],
      ['restore', 'pg_restore'],
    ]) {
      let stderr = '';
      const code = await run([command, 'kai.dump'], { stdout: () => {}, stderr: (t) => (stderr += t), env });
      expect(code).toBe(1);
      expect(stderr).toContain(tool);
      expect(stderr).toContain('README');
    }
    expect((await kai(sourceDir, 'backup')).code).toBe(2);
    expect((await kai(sourceDir, 'restore', 'a', 'b')).code).toBe(2);
    expect((await kai(sourceDir, 'backup', 'a', '--admin')).code).toBe(2);
    expect((await kai(sourceDir, 'users', 'list', '--force')).code).toBe(2);
  });

  it('backs up through the running server, including what it wrote a moment ago', async () => {
    const port = await freePort();
    const server = startMain({ ...envFor(sourceDir), KAI_PUBLIC_URL: `http://127.0.0.1:${port}`, PORT: String(port), HOST: '127.0.0.1' });
    const file = path.join(root, 'running.kai-backup');
    try {
      await waitReady(`http://127.0.0.1:${port}/readyz`, 90_000, server.exited);
      expect((await kai(sourceDir, 'users', 'add', 'late@example.test')).code).toBe(0);
      const backup = await kai(sourceDir, 'backup', file);
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toMatch(/^Backup written to .+ \(\d+\.\d MB\)\n$/);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect((await fetch(`http://127.0.0.1:${port}/readyz`)).ok).toBe(true);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    const freshDir = path.join(root, 'fresh-running');
    const restored = await kai(freshDir, 'restore', file);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain(': 3 users, 1 chat, 1 document, 1 invoice.');
    await expectSeededData(freshDir, ['boss@example.test', 'late@example.test']);
  });

  it('restores onto another address, where each built-in account signs in to what it had', async () => {
    const dir = path.join(root, 'moving');
    expect((await kai(dir, 'users', 'add', 'mia@example.test', '--password', 'mia-own-password')).code).toBe(0);
    const source = await openDatabase({ dataDir: dir });
    const before = await startApp({}, undefined, { database: source });
    let userId: string;
    try {
      const call = await signedInCaller(before.baseUrl, 'mia@example.test', 'mia-own-password');
      userId = (await call<{ id: string }>('/api/user/current')).id;
      await call('/api/chat/sessions', { method: 'POST', body: JSON.stringify({ title: 'Before the move' }) });
    } finally {
      await before.close();
      await source.close();
    }
    const file = path.join(root, 'moving.kai-backup');
    expect((await kai(dir, 'backup', file)).code).toBe(0);

    const movedDir = path.join(root, 'moved');
    const restored = await kai(movedDir, 'restore', file);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain('What each account reaches when it signs in here:\n  mia@example.test  1 chat, 0 documents, 0 invoices\n');
    const target = await openDatabase({ dataDir: movedDir });
    const after = await startApp({}, undefined, { database: target });
    try {
      expect(after.baseUrl).not.toBe(before.baseUrl);
      const call = await signedInCaller(after.baseUrl, 'mia@example.test', 'mia-own-password');
      expect(await call<{ id: string }>('/api/user/current')).toMatchObject({ id: userId, email: 'mia@example.test' });
      expect((await call<Array<{ title: string }>>('/api/chat/sessions')).map((chat) => chat.title)).toEqual(['Before the move']);
    } finally {
      await after.close();
      await target.close();
    }
  });
});
