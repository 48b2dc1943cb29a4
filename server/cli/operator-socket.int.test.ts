import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/free-port';
import { startMain, waitReady, type MainProcess } from '../test/main-process';
import { run } from './kai';
import { operatorSocketPath } from './operator-socket';

describe('kai CLI while the server runs on the embedded database', { timeout: 120_000 }, () => {
  let dataDir: string;
  let baseUrl: string;
  let env: Record<string, string>;
  let server: MainProcess;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kai-op-'));
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    env = { NODE_ENV: 'test', KAI_DATA_DIR: dataDir, KAI_PUBLIC_URL: baseUrl, LOG_LEVEL: 'silent' };
    server = startMain({
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      KAI_ADMIN_EMAIL: 'boss@example.test',
      KAI_ADMIN_PASSWORD: 'boss-password-for-tests',
    });
    await waitReady(`${baseUrl}/readyz`, 90_000, server.exited);
  }, 120_000);

  afterAll(async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function kai(...argv: string[]) {
    let stdout = '';
    let stderr = '';
    const code = await run(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), env });
    return { code, stdout, stderr };
  }

  const api = async (token: string, url: string) => fetch(`${baseUrl}${url}`, { headers: { authorization: `Bearer ${token}` } });

  it('serves the CLI on a socket only its owner can open', () => {
    const socket = operatorSocketPath(dataDir);
    expect(fs.statSync(socket).isSocket()).toBe(true);
    expect(fs.statSync(socket).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(socket)).mode & 0o777).toBe(0o700);
  });

  it('adds a user that the running server knows at once', async () => {
    const added = await kai('users', 'add', 'ana@example.test', '--name', 'Ana Lopez');
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toMatch(/Password: \S{24}/);

    const listed = await kai('users', 'list');
    expect(listed.stdout).toMatch(/ana@example\.test\s+Ana Lopez\s+user\s+active/);

    const token = await kai('users', 'token', 'boss@example.test');
    expect(token.code, token.stderr).toBe(0);
    const users = await api(token.stdout.trim(), '/api/admin/users');
    expect(users.status).toBe(200);
    expect((await users.json()).users).toContainEqual(expect.objectContaining({ email: 'ana@example.test', name: 'Ana Lopez', status: 'active' }));

    const anaToken = (await kai('users', 'token', 'ana@example.test')).stdout.trim();
    expect((await api(anaToken, '/api/user/current')).status).toBe(200);
    expect((await api(anaToken, '/api/admin/users')).status).toBe(403);
  });

  it('applies the same rules and reports failures with exit code 1', async () => {
    const duplicate = await kai('users', 'add', 'ana@example.test');
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toContain('already exists');
    const last = await kai('users', 'disable', 'boss@example.test');
    expect(last.code).toBe(1);
    expect(last.stderr).toContain('last active administrator');
    expect((await kai('users', 'disable', 'ana@example.test')).code).toBe(0);
    expect((await kai('users', 'list')).stdout).toMatch(/ana@example\.test\s+Ana Lopez\s+user\s+disabled/);
  });
});
