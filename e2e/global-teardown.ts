import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Removes this run's server data directories (see dataDir in playwright.config.ts). */
export default function globalTeardown() {
  const prefix = `kai-e2e-${process.pid}-`;
  for (const name of fs.readdirSync(os.tmpdir())) {
    if (name.startsWith(prefix)) fs.rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
  }
}
