import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import {
  A11Y_USER,
  ADMIN_USER,
  ANSWERS_USER,
  BATCH_USER,
  BROWSER_ARGS,
  BROWSER_PATH,
  DEV_PORT,
  E2E_USER,
  MODEL_PORT,
  PLAIN_PORT,
  PROCORE_CLIENT,
  PROCORE_PORT,
  PROCORE_USER,
  REVIEW_USER,
  SECOND_USER,
  THIRD_USER,
  VOICE_USER,
} from './e2e/fixtures';

/**
 * Two KAI servers on the embedded defaults (PGlite, built-in OpenID Provider), each with a fresh
 * data directory: one plain, one in dev mode. The web app is built once before (npm run test:e2e).
 */
// A fresh data directory per run, named after the runner process so two runs on one machine
// never share one. This file is also loaded by the test workers; only the runner starts servers,
// and e2e/global-teardown.ts removes its directories.
const dataDir = (name: string) => path.join(os.tmpdir(), `kai-e2e-${process.pid}-${name}`);

/** Both servers reach the same fake Procore (the dev server for its model, the plain one for sign-in and the callback page). */
const PROCORE_ENV = {
  PROCORE_CLIENT_ID: PROCORE_CLIENT.id,
  PROCORE_CLIENT_SECRET: PROCORE_CLIENT.secret,
  PROCORE_LOGIN_URL: `http://127.0.0.1:${PROCORE_PORT}`,
  PROCORE_API_URL: `http://127.0.0.1:${PROCORE_PORT}`,
};

const serverEnv = (port: number, extra: Record<string, string>) => ({
  // The journeys run KAI on its embedded defaults, even where CI exports DATABASE_URL for the
  // integration tests (Playwright hands its own environment to the servers).
  DATABASE_URL: '',
  OIDC_ISSUER: '',
  LLM_BASE_URL: '',
  LLM_MODEL: '',
  EMBEDDINGS_BASE_URL: '',
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
  globalSetup: './e2e/global-setup.ts',
  globalTeardown: './e2e/global-teardown.ts',
  use: {
    browserName: 'chromium',
    trace: 'off',
    launchOptions: {
      executablePath: BROWSER_PATH,
      args: BROWSER_ARGS,
    },
  },
  webServer: [
    {
      command: `npx tsx server/test/fake-procore.ts --port ${PROCORE_PORT} --client-id ${PROCORE_CLIENT.id} --client-secret ${PROCORE_CLIENT.secret}`,
      port: PROCORE_PORT,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'npx tsx e2e/fake-model-server.ts',
      port: MODEL_PORT,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: [
        `rm -rf ${dataDir('plain')}`,
        `npx tsx server/cli/kai.ts users add ${E2E_USER.email} --name "${E2E_USER.name}" --password ${E2E_USER.password}`,
        `npx tsx server/cli/kai.ts users add ${SECOND_USER.email} --name "${SECOND_USER.name}" --password ${SECOND_USER.password}`,
        `npx tsx server/cli/kai.ts users add ${THIRD_USER.email} --name "${THIRD_USER.name}" --password ${THIRD_USER.password}`,
        `npx tsx server/cli/kai.ts users add ${BATCH_USER.email} --name "${BATCH_USER.name}" --password ${BATCH_USER.password}`,
        `npx tsx server/cli/kai.ts users add ${ANSWERS_USER.email} --name "${ANSWERS_USER.name}" --password ${ANSWERS_USER.password}`,
        `npx tsx server/cli/kai.ts users add ${VOICE_USER.email} --name "${VOICE_USER.name}" --password ${VOICE_USER.password}`,
        `npx tsx server/cli/kai.ts users add ${PROCORE_USER.email} --name "${PROCORE_USER.name}" --password ${PROCORE_USER.password}`,
        `npx tsx server/cli/kai.ts users add ${A11Y_USER.email} --name "${A11Y_USER.name}" --password ${A11Y_USER.password}`,
        `npx tsx server/cli/kai.ts users add ${REVIEW_USER.email} --name "${REVIEW_USER.name}" --password ${REVIEW_USER.password}`,
        `npx tsx server/cli/kai.ts users add ${ADMIN_USER.email} --name "${ADMIN_USER.name}" --password ${ADMIN_USER.password} --admin`,
        'npx tsx server/main.ts',
      ].join(' && '),
      url: `http://localhost:${PLAIN_PORT}/readyz`,
      env: serverEnv(PLAIN_PORT, { KAI_DATA_DIR: dataDir('plain'), ...PROCORE_ENV }),
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `rm -rf ${dataDir('dev')} && npx tsx server/main.ts`,
      url: `http://localhost:${DEV_PORT}/readyz`,
      env: serverEnv(DEV_PORT, {
        KAI_DATA_DIR: dataDir('dev'),
        KAI_DEV_MODE: '1',
        LLM_BASE_URL: `http://127.0.0.1:${MODEL_PORT}/v1`,
        LLM_MODEL: 'e2e-model',
        ...PROCORE_ENV,
      }),
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
