// @ts-check
/**
 * Lint keeps the architecture (docs/architecture.md) true: who may import whom, no cycles.
 * A rule is changed in a decision record (decision 009), never disabled inline.
 */
import { readdirSync } from 'node:fs';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const features = readdirSync('web/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** bulletproof-react's rule: a feature never imports another feature; app/ composes them. */
const featureZones = features.map((feature) => ({
  target: `./web/features/${feature}`,
  from: './web/features',
  except: [`./${feature}`],
  message: 'A feature never imports another feature: compose them in web/app, or move shared code to web/components, web/lib or web/hooks.',
}));

const boundaryZones = [
  {
    target: './contract',
    from: ['./server', './web', './bench', './scripts', './e2e'],
    message: 'contract/ holds schemas only and imports nothing of ours.',
  },
  { target: './server', from: './web', message: 'The server never imports the web app.' },
  {
    target: './web',
    from: ['./server', './bench', './scripts', './e2e'],
    message: 'The web app reaches the server only through the API (contract/).',
  },
  {
    target: './server/adapters',
    from: ['./server/modules', './server/invoice-reading', './server/import-files'],
    message: 'Adapters never import modules: modules use adapters.',
  },
  {
    target: './server/http',
    from: ['./server/modules', './server/app.ts', './server/services.ts'],
    message: 'server/http is the HTTP plumbing modules use (uploads, file replies): it never imports them.',
  },
  {
    target: ['./server/invoice-reading', './server/import-files'],
    from: ['./server/modules', './server/db', './server/plugins', './server/app.ts'],
    message: 'Invoice reading and import files are pure parts: no modules, no database, no HTTP.',
  },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'server/db/migrations/**'] },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parser: tseslint.parser },
    plugins: { 'import-x': importX, '@typescript-eslint': tseslint.plugin },
    settings: {
      // The imported files must be parsed too, or import-x/no-cycle sees no edges.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...boundaryZones, ...featureZones] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      // Small files and functions (STYLE.md 11): a file over 400 lines is two files.
      'max-lines': ['error', { max: 400 }],
      'max-lines-per-function': ['error', { max: 100, IIFEs: true }],
      // One import style: no file extensions (tsx and Vite resolve them), contract/ by its alias.
      'import-x/extensions': ['error', 'never', { ignorePackages: true, pattern: { json: 'always', mjs: 'always', css: 'always' } }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Only repositories and server/db talk to the database (STYLE.md 2).' },
            { regex: '^(\\.\\./)+contract/', message: 'Import contract/ as @contract/ (one style on both sides).' },
          ],
        },
      ],
    },
  },
  {
    // import-x/no-restricted-paths misses a relative import into another feature ('../../chat/...')
    // while it catches the same through '@/features/chat/...': in the web app, farther than '../'
    // goes by the alias, where the feature zones see it (decision 012).
    files: ['web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(\\.\\./)+contract/', message: 'Import contract/ as @contract/ (one style on both sides).' },
            {
              regex: '^\\.\\./\\.\\./',
              message: 'Reach beyond the parent folder by the @/ alias (@/components, @/lib, ...), where the feature boundaries are checked.',
            },
          ],
        },
      ],
    },
  },
  {
    // A test's describe block and a fixture's table of data may run long; the file limit still holds.
    files: ['**/*.test.{ts,tsx}', 'e2e/**', '**/test-*.ts', 'server/test/**'],
    rules: { 'max-lines-per-function': 'off' },
  },
  {
    // Vite loads its config files natively, which wants the extension written out.
    files: ['*.config.ts'],
    rules: { 'import-x/extensions': 'off' },
  },
  {
    // The database's own files, the blob store (the repository of blob chunks, decision 004) and tests.
    files: [
      'server/db/**',
      'server/**/*.repository.ts',
      'server/adapters/blob-storage.ts',
      '**/*.test.ts',
      'server/**/testing/**',
      'server/test/**',
      'bench/**',
      'scripts/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.\\./)+contract/', message: 'Import contract/ as @contract/ (one style on both sides).' }] },
      ],
    },
  },
);
