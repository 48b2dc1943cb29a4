import type { KnipConfig } from 'knip';

/**
 * Unused files, exports and dependencies (decision 010). Knip's plugins already find the
 * package.json scripts (scripts/start.ts, server/cli/kai.ts, bench/run.ts, bench/invoices/score.ts),
 * the Playwright web servers (server/main.ts, e2e/fake-model-server.ts), index.html's
 * web/main.tsx, the test files of the vitest and Playwright configs, and the other tool configs.
 * Listed here is only what is started by path at run time.
 */
const config: KnipConfig = {
  entry: [
    // The extractor sandbox: new Worker(new URL('./extract-worker-boot.mjs')) in extract.ts.
    'server/adapters/extractors/extract-worker-boot.mjs',
    // The benchmarks bench/run.ts spawns one by one, and the fake model chat-ttft.ts spawns.
    'bench/{foundation,chat-ttft}.ts',
    'bench/retrieval/{quality,latency}.ts',
    'bench/upload/{blob-throughput,upload-to-searchable}.ts',
    'bench/extraction/index.ts',
    'bench/invoices/{index,upload-batch}.ts',
    'bench/vendors/matching.ts',
    'bench/voice/{tts,wer,synthesis-load}.ts',
    'bench/web/initial-js.ts',
    'bench/processes/fake-model.ts',
    // Run by hand (decision 026); compare.ts spawns crash-child.ts to kill it.
    'bench/queue/{compare,crash-child}.ts',
    // Run by hand (README): writes the synthetic invoice set.
    'bench/invoices/synthetic/generate.ts',
  ],
  project: ['**/*.{ts,tsx,mjs,js,css}'],
  // Tools of the machine, not of npm: pdftotext and tesseract (bench baselines) and unshare (a
  // sandbox test).
  ignoreBinaries: ['pdftotext', 'tesseract', 'unshare'],
  // The web test project's setupFiles is relative to its root (web/); knip 6.42 also resolves it
  // against the repository root. web/test/setup.ts itself is found.
  ignoreUnresolved: ['./test/setup.ts'],
};

export default config;
