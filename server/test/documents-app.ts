import type { DatabaseHandle } from '../db/client';
import { createTestDatabase } from './databases';
import { FakeIssuer } from './fake-issuer';
import { buildTestApp } from './app';

/**
 * The whole app, its document queue driven by the test: the background loop is stopped, and
 * `drain()` claims and extracts until nothing is left.
 */
export async function buildDocumentsTestApp(database: DatabaseHandle, env: Record<string, string | undefined>) {
  const { app, services, logText } = await buildTestApp(database, env);
  const { documentQueue } = services;
  await documentQueue.stop();
  const drain = async () => {
    while (await documentQueue.runOnce()) {
      // claim the next one
    }
  };
  return { app, documentQueue, drain, logText };
}

/** multipart/form-data for app.inject: files under "files", then any fields. */
export function uploadForm(files: Array<{ name: string; bytes: Uint8Array | string }>, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('files', new Blob([typeof file.bytes === 'string' ? file.bytes : new Uint8Array(file.bytes)]), file.name);
  return form;
}

const TEST_AUDIENCE = 'https://kai.example.com/api';

/**
 * A fake issuer, a fresh database of `kind` and the documents test app trusting that issuer:
 * the setup most upload tests share. `auth(sub)` signs a user in; `close()` ends all three.
 */
export async function startDocumentsTestApp(kind: 'pglite' | 'postgres', env: Record<string, string> = {}) {
  const issuer = await new FakeIssuer().start();
  const database = await createTestDatabase(kind);
  const built = await buildDocumentsTestApp(database.handle, {
    OIDC_ISSUER: issuer.issuer,
    OIDC_CLIENT_ID: 'spa',
    OIDC_AUDIENCE: TEST_AUDIENCE,
    ...env,
  });
  return {
    ...built,
    database,
    auth: async (sub: string, email = `${sub}@example.com`) => ({ authorization: `Bearer ${await issuer.sign({ sub, aud: TEST_AUDIENCE, email })}` }),
    async close() {
      await built.app.close();
      await database.dispose();
      await issuer.stop();
    },
  };
}

export type DocumentsTestApp = Awaited<ReturnType<typeof startDocumentsTestApp>>;
