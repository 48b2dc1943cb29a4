import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
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

/**
 * CPU time (user + system, ms) used so far by a process and its descendants, from Linux's
 * /proc; undefined elsewhere. A benchmark started through tsx runs the real program in a child.
 */
export function processTreeCpuMs(pid: number): number | undefined {
  const tick = 1000 / 100; // USER_HZ is 100 on Linux
  const read = (id: number): number => {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${id}/stat`, 'utf8');
    } catch {
      return 0;
    }
    // Fields after the command name (which may hold spaces) start at ')'; utime and stime are 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const own = (Number(fields[11]) + Number(fields[12])) * tick;
    const children = fs.readdirSync(`/proc/${id}/task`).flatMap((task) => {
      try {
        return fs.readFileSync(`/proc/${id}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
      } catch {
        return [];
      }
    });
    return own + children.reduce((sum, child) => sum + read(child), 0);
  };
  return fs.existsSync(`/proc/${pid}/stat`) ? read(pid) : undefined;
}
