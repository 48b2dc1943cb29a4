import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildAppWithServices } from '../app';
import { loadConfig } from '../config';
import type { DatabaseHandle } from '../db/client';

/** Test config: quiet, no web build, overridable by the test. */
export function testConfig(env: Record<string, string | undefined> = {}) {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    KAI_PUBLIC_URL: 'http://127.0.0.1:5999',
    KAI_WEB_DIST: '/nonexistent-kai-web-dist',
    ...env,
  });
}

/** Builds the app on a given database and keeps every log line for assertions. */
export async function buildTestApp(database: DatabaseHandle, env: Record<string, string | undefined> = {}) {
  const logLines: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  const { app, services } = await buildAppWithServices(testConfig(env), { database, logStream });
  await app.ready();
  return { app: app as FastifyInstance, services, logText: () => logLines.join('') };
}
