import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * `npm run test:reliability`: the server under outages (PostgreSQL refused or frozen, a model
 * server that fails or hangs, kill -9 with extractions queued). Slower than the unit and
 * integration tests and timing-sensitive, so kept out of `npm run test:unit`.
 */
export default defineConfig({
  resolve: { alias: { '@contract': fileURLToPath(new URL('./contract', import.meta.url)) } },
  test: {
    name: 'reliability',
    root: '.',
    include: ['server/reliability/**/*.rel.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 90_000,
    pool: 'forks',
    // The files mostly wait (timeouts, restarts, a stale lock): side by side they fit in ~2 minutes.
    maxWorkers: 4,
  },
});
