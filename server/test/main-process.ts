import { spawn, type ChildProcess } from 'node:child_process';

const mainFile = new URL('../main.ts', import.meta.url).pathname;

export interface MainProcess {
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
}

/** Starts the real server (`server/main.ts` through tsx) with only this environment. */
export function startMain(env: Record<string, string>): MainProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', mainFile], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', KAI_WEB_DIST: '/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  return { child, exited, output: () => output };
}

/** Polls `url` until it answers 2xx; rejects after the deadline or when `exited` settles first. */
export async function waitReady(url: string, deadlineMs = 60_000, exited?: Promise<unknown>): Promise<void> {
  let gone = false;
  void exited?.then(() => (gone = true));
  const until = Date.now() + deadlineMs;
  while (Date.now() < until && !gone) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(gone ? `the server exited before ${url} became ready` : `${url} never became ready`);
}
