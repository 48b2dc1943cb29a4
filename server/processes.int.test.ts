import { spawn } from 'node:child_process';
import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import type { DocumentDto, UploadResponse } from '@contract/documents';
import { listen } from './db/notifications';
import { startDocumentsTestApp, uploadForm } from './test/documents-app';
import { createEmptyPostgresDatabase } from './test/databases';
import { freePort } from './test/free-port';
import { startMain, waitReady } from './test/main-process';

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Which process answered one request on a connection of its own (keep-alive would pin one). */
function answeredBy(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        res.resume();
        resolve(String(res.headers['x-kai-process']));
      })
      .on('error', reject);
  });
}

describe.runIf(process.env.DATABASE_URL)('several KAI processes on one PostgreSQL', () => {
  it('KAI_WORKERS=2 runs two HTTP processes on one port, both answering, and stops both on SIGTERM', async () => {
    const database = await createEmptyPostgresDatabase();
    cleanups.push(database.drop);
    const port = await freePort();
    const kai = startMain({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      KAI_WORKERS: '2',
      KAI_PUBLIC_URL: `http://127.0.0.1:${port}`,
      KAI_ADMIN_EMAIL: 'admin@example.com',
      KAI_ADMIN_PASSWORD: 'processes-test-password',
    });
    cleanups.push(async () => kai.child.exitCode === null && kai.child.kill('SIGKILL'));
    await waitReady(`http://127.0.0.1:${port}/readyz`, 90_000, kai.exited);
    const seen = new Set<string>();
    // The second process may still be starting when the first answers: ask until both have.
    const until = Date.now() + 60_000;
    while (seen.size < 2 && Date.now() < until) {
      seen.add(await answeredBy(`http://127.0.0.1:${port}/healthz`));
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(seen.size, kai.output()).toBe(2);
    kai.child.kill('SIGTERM');
    expect(await kai.exited).toBe(0);
  }, 150_000);

  it('npm run worker extracts what HTTP processes with KAI_DOCUMENT_JOBS=false only queue', async () => {
    const web = await startDocumentsTestApp('postgres', { KAI_DOCUMENT_JOBS: 'false' });
    cleanups.push(web.close);
    const headers = await web.auth('clerk-w');
    // What a separate worker hears: the upload is announced, so it need not wait for its poll.
    let announced = 0;
    const listener = listen({ url: web.database.url!, channel: 'kai_document_queued', onNotify: () => announced++ });
    cleanups.push(() => listener.close());
    for (let i = 0; i < 250 && announced === 0; i++) await new Promise((r) => setTimeout(r, 20)); // the wake-up on connecting
    const upload = await web.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers,
      payload: uploadForm([{ name: 'retainage.csv', bytes: 'Subcontract,Retainage\nSC-42,Released at substantial completion\n' }]),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const { id } = (upload.json() as UploadResponse).files[0];
    const status = async () => ((await web.app.inject({ url: `/api/document/${id}`, headers })).json() as DocumentDto).status;
    expect(await status()).toBe('queued');
    for (let i = 0; i < 100 && announced < 2; i++) await new Promise((r) => setTimeout(r, 20));
    expect(announced).toBe(2);

    const worker = spawn(process.execPath, ['--import', 'tsx', new URL('./worker.ts', import.meta.url).pathname], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', KAI_WEB_DIST: '/nonexistent', DATABASE_URL: web.database.url },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => worker.on('close', resolve));
    cleanups.push(async () => worker.exitCode === null && worker.kill('SIGKILL'));
    const until = Date.now() + 90_000;
    while ((await status()) !== 'ready' && Date.now() < until) await new Promise((r) => setTimeout(r, 250));
    expect(await status()).toBe('ready');
    worker.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 150_000);
});
