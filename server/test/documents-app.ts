import type { DatabaseHandle } from '../db/client';
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
