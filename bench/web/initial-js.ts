/**
 * Initial JavaScript of the web app (issue 17, goal 150 kB gzipped): the entry script and the
 * modulepreload links of the built index.html, which the browser fetches and runs before first
 * paint (the loading screen, while the sign-in configuration is fetched). Printed beside it:
 * the JavaScript the main screen waits for (the initial files plus the app chunk that starts
 * downloading with them, see web/app/app.tsx), and the total of all chunks.
 *
 * Builds into a temporary directory: dist/ belongs to the server and the journeys.
 *
 * gzip level 9 (`gzip -9`): the KAI server sends the files as they are (@fastify/static without
 * preCompressed, no @fastify/compress), so compression is up to a proxy in front of it; the
 * figure is gzip at its best, and the raw bytes, what KAI itself sends, are printed beside it.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Manifest } from 'vite';

const GOAL_KB = 150;
/** The chunk web/app/app.tsx starts loading at once (a key of Vite's manifest: its source, from web/). */
const APP_CHUNK = 'app/configured-app.tsx';
const configFile = fileURLToPath(new URL('../../vite.config.ts', import.meta.url));

type FileSize = { file: string; raw_kb: number; gzip_kb: number };

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const total = (sizes: FileSize[], key: 'raw_kb' | 'gzip_kb') => Math.round(sizes.reduce((sum, s) => sum + s[key], 0) * 10) / 10;

/** Asset paths the browser loads from index.html before first paint, relative to the build root. */
function initialScripts(indexHtml: string): string[] {
  const tags = indexHtml.match(/<(script|link)\b[^>]*>/g) ?? [];
  const files = tags.flatMap((tag) => {
    const isEntry = tag.startsWith('<script') && /\btype="module"/.test(tag);
    const isPreload = tag.startsWith('<link') && /\brel="modulepreload"/.test(tag);
    const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    return (isEntry || isPreload) && url ? [url.replace(/^\//, '')] : [];
  });
  return [...new Set(files)];
}

/** The files of a manifest chunk and of everything it imports statically, which run before it. */
function withStaticImports(manifest: Manifest, key: string, files = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not a chunk of the build: was it renamed? (bench/web/initial-js.ts)`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) withStaticImports(manifest, imported, files);
  return files;
}

export async function runInitialJsBenchmark() {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'kai-initial-js-'));
  try {
    await build({ configFile, logLevel: 'silent', build: { outDir: root, emptyOutDir: true, manifest: true } });
    const manifest = JSON.parse(await fs.readFile(path.join(root, '.vite/manifest.json'), 'utf8')) as Manifest;
    const sizes = new Map<string, FileSize>();
    for (const file of (await fs.readdir(path.join(root, 'assets'))).filter((f) => f.endsWith('.js'))) {
      const bytes = await fs.readFile(path.join(root, 'assets', file));
      // Level 9, as `gzip -9`: see the note at the top.
      sizes.set(`assets/${file}`, { file: `assets/${file}`, raw_kb: kb(bytes.length), gzip_kb: kb(gzipSync(bytes, { level: 9 }).length) });
    }
    const measured = (files: Iterable<string>) => [...files].map((file) => sizes.get(file)!).sort((a, b) => b.gzip_kb - a.gzip_kb);

    const initialFiles = initialScripts(await fs.readFile(path.join(root, 'index.html'), 'utf8'));
    const initial = measured(initialFiles);
    const mainScreen = measured(withStaticImports(manifest, APP_CHUNK, new Set(initialFiles)));
    const all = measured(sizes.keys());
    return [
      {
        figure: 'web.initial_js_gzip_kb',
        value: total(initial, 'gzip_kb'),
        unit: 'kB',
        goal: GOAL_KB,
        raw_kb: total(initial, 'raw_kb'),
        files: initial,
      },
      {
        figure: 'web.main_screen_js_gzip_kb',
        value: total(mainScreen, 'gzip_kb'),
        unit: 'kB',
        raw_kb: total(mainScreen, 'raw_kb'),
        chunks: mainScreen.length,
      },
      { figure: 'web.all_js_gzip_kb', value: total(all, 'gzip_kb'), unit: 'kB', raw_kb: total(all, 'raw_kb'), chunks: all.length },
    ];
  } finally {
    await fs.rm(root, { recursive: true, force: true });
  }
}

const invokedDirectly = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (invokedDirectly) for (const line of await runInitialJsBenchmark()) console.log(JSON.stringify(line));
