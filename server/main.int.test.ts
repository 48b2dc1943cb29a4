import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './test/free-port';
import { startMain, waitReady } from './test/main-process';

const dirs: string[] = [];

afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('main', () => {
  it("keeps the process's native JSON: pdf.js's legacy build, if loaded here, replaces it with slow polyfills", () => {
    const probe = `const { stringify, parse } = JSON; await import('./server/app.ts');
      process.stdout.write(String(JSON.stringify === stringify && JSON.parse === parse));`;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', probe], {
      cwd: path.resolve(import.meta.dirname, '..'),
    });
    expect(out.toString()).toBe('true');
  });

  it('refuses a production start without KAI_SECRET and names the variable', async () => {
    const { exited, output } = startMain({ NODE_ENV: 'production' });
    expect(await exited).toBe(1);
    expect(output()).toContain('KAI_SECRET is required');
  });

  it('serves, then on SIGTERM closes the database and exits 0', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kai-main-'));
    dirs.push(dataDir);
    const port = await freePort();
    const env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      KAI_DATA_DIR: dataDir,
      KAI_PUBLIC_URL: `http://127.0.0.1:${port}`,
      KAI_ADMIN_EMAIL: 'admin@example.com',
      KAI_ADMIN_PASSWORD: 'main-test-password',
    };
    const first = startMain(env);
    await waitReady(`http://127.0.0.1:${port}/readyz`);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    // The data directory lock was released: the next start gets it at once.
    const second = startMain(env);
    await waitReady(`http://127.0.0.1:${port}/readyz`);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 120_000);
});
