import { configDefaults, defineConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          root: '.',
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'scripts/**/*.test.ts'],
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
        },
      },
    ],
  },
});
