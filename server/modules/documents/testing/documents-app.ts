import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../app';
import type { DatabaseHandle } from '../../../db/client';
import { testConfig } from '../../../test/app';
import { createRetrievalService } from '../../retrieval';
import { documentsModule } from '../documents.module';

/**
 * The whole app with the documents module, its queue driven by the test (runOnce). Registers the
 * module itself until app.ts does; once app.ts registers it, that registration is used. Either
 * way the background loop is stopped once started, so only the test claims documents.
 */
export async function buildDocumentsTestApp(database: DatabaseHandle, env: Record<string, string | undefined>) {
  const logLines: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  const config = testConfig(env);
  const app: FastifyInstance = await buildApp(config, { database, logStream });
  if (!app.hasDecorator('documentQueue')) {
    await app.register(documentsModule, {
      db: database.db,
      retrieval: createRetrievalService({ db: database.db }),
      uploads: config.uploads,
      extractorPoolSize: 2,
    });
  }
  await app.ready();
  await app.documentQueue.stop();
  /** Runs the queue until nothing is left to claim (works whether or not a background worker also runs). */
  const drain = async () => {
    for (;;) {
      while (await app.documentQueue.runOnce()) {
        // next
      }
      await app.documentQueue.idle();
      if (!(await app.documentQueue.runOnce())) return;
    }
  };
  return { app, drain, logText: () => logLines.join('') };
}

/** multipart/form-data for app.inject: files under "files", then any fields. */
export function uploadForm(files: Array<{ name: string; bytes: Uint8Array | string }>, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('files', new Blob([typeof file.bytes === 'string' ? file.bytes : new Uint8Array(file.bytes)]), file.name);
  return form;
}
