import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const distDir = path.join(root, 'dist/web');
const stampFile = path.join(distDir, '.source-hash');
const SOURCES = ['web', 'contract', 'vite.config.ts', 'package-lock.json'];

/** Hash of everything the web build reads, so `npm start` rebuilds only when something changed. */
function webSourceHash(): string {
  const hash = createHash('sha256');
  const visit = (p: string) => {
    const stat = fs.statSync(p, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(p).sort()) {
        if (name === 'node_modules' || name.endsWith('.test.ts') || name.endsWith('.test.tsx')) continue;
        visit(path.join(p, name));
      }
    } else {
      hash.update(path.relative(root, p)).update(fs.readFileSync(p));
    }
  };
  for (const source of SOURCES) visit(path.join(root, source));
  return hash.digest('hex');
}

export async function ensureWebBuild(): Promise<void> {
  const wanted = webSourceHash();
  const built = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8').trim() : '';
  if (built === wanted && fs.existsSync(path.join(distDir, 'index.html'))) return;
  process.stdout.write('Building the KAI web app (first start or changed sources)...\n');
  const vite = path.join(root, 'node_modules/.bin/vite');
  const result = spawnSync(vite, ['build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the web build failed (see the output above)');
  fs.writeFileSync(stampFile, wanted);
}
