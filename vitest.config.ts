import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

/** The server reaches contract/ by the same alias as the web app (tsconfig paths; tsx reads them at run time). */
const contractDir = fileURLToPath(new URL('./contract', import.meta.url));

export default defineConfig({
  test: {
    // One file per core, not vitest's cores - 1: the integration files mostly wait on a database,
    // a child process or a timer, so on a 2-core machine one worker left a core idle (decision 031).
    maxWorkers: availableParallelism(),
    projects: [
      {
        resolve: { alias: { '@contract': contractDir } },
        test: {
          name: 'server',
          root: '.',
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          // npm run test:reliability (vitest.reliability.config.ts)
          exclude: [...configDefaults.exclude, 'server/reliability/**'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        ...viteConfig,
        test: {
          name: 'web',
          root: './web',
          include: ['**/*.test.ts', '**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['./test/setup.ts'],
          // The jsdom files share the cores with the server's OCR and database files (maxWorkers
          // above); on a slowed 2-core machine a render-and-click test passed 5 s (vitest's default).
          testTimeout: 15_000,
        },
      },
    ],
  },
});
