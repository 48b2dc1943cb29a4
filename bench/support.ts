import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../server/config';
import type { FakeIssuer } from '../server/test/fake-issuer';

export { freePort } from '../server/test/free-port';

export const BENCH_AUDIENCE = 'https://kai.bench/api';

/** Config of a benchmarked KAI: quiet, no web build, tokens from the fake issuer. */
export function benchConfig(issuer: FakeIssuer, extra: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    KAI_WEB_DIST: '/nonexistent',
    OIDC_ISSUER: issuer.issuer,
    OIDC_CLIENT_ID: 'bench',
    OIDC_AUDIENCE: BENCH_AUDIENCE,
    ...extra,
  });
}

/** Access tokens for `count` distinct users. */
export function benchTokens(issuer: FakeIssuer, count: number): Promise<string[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => issuer.sign({ sub: `bench|${i}`, aud: BENCH_AUDIENCE })));
}

const root = fileURLToPath(new URL('..', import.meta.url));

/** Runs a TypeScript entry point in its own process and resolves once its output matches `ready`. */
export async function startProcess(script: string, env: Record<string, string>, ready: RegExp): Promise<ChildProcess> {
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, script)], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}:\n${output}`)));
  });
  return child;
}

/** A seeded PRNG (mulberry32): the same seed always gives the same corpus. Numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Min, median and max of sorted timings, rounded to whole milliseconds. */
export function spread(sorted: number[]): { min: number; median: number; max: number } {
  return { min: Math.round(sorted[0]), median: Math.round(sorted[Math.floor(sorted.length / 2)]), max: Math.round(sorted.at(-1)!) };
}
