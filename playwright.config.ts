import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Two KAI servers on the embedded defaults (PGlite, built-in OpenID Provider), each with a fresh
 * data directory: one plain, one in dev mode. The web app is built once before (npm run test:e2e).
 */
export const E2E_USER = { email: 'nora.newman@example.com', password: 'e2e-password-Nora-42', name: 'Nora Newman' };
export const PLAIN_URL = 'http://localhost:5411';
export const DEV_URL = 'http://localhost:5412';

const dataDir = (name: string) => {
  const dir = path.join(os.tmpdir(), `kai-e2e-${name}`);
  fs.rmSync(dir, { recursive: true, force: true });
  return dir;
};

const serverEnv = (port: number, extra: Record<string, string>) => ({
  NODE_ENV: 'test',
  PORT: String(port),
  HOST: 'localhost',
  KAI_PUBLIC_URL: `http://localhost:${port}`,
  LOG_LEVEL: 'warn',
  KAI_ADMIN_EMAIL: 'admin@example.com',
  KAI_ADMIN_PASSWORD: 'e2e-admin-password-1',
  ...extra,
});

export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: `npx tsx server/cli/kai.ts users add ${E2E_USER.email} --name "${E2E_USER.name}" --password ${E2E_USER.password} && npx tsx server/main.ts`,
      url: `${PLAIN_URL}/readyz`,
      env: serverEnv(5411, { KAI_DATA_DIR: dataDir('plain') }),
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'npx tsx server/main.ts',
      url: `${DEV_URL}/readyz`,
      env: serverEnv(5412, { KAI_DATA_DIR: dataDir('dev'), KAI_DEV_MODE: '1' }),
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
