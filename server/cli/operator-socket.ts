import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { BuiltinIdentityConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { AppError } from '../errors';
import { BackupError, writeBackup } from './backup-file';
import { checkUsersArgs, runUsersCommand, UsageError, type CliIo, type UsersCommandInput } from './users.commands';

/**
 * While the server holds the embedded database, the CLI asks it over a Unix domain socket in the
 * data directory (decision 020). The socket sits in a 0700 directory and is itself 0600, so only
 * the operator account that runs KAI can connect: no network exposure, no token to leak.
 */
export function operatorSocketPath(dataDir: string): string {
  return path.join(dataDir, 'operator', 'kai.sock');
}

/** One line from the CLI: a `users` command (no area, as before backups) or a backup to write. */
export type OperatorRequest = UsersCommandInput | { area: 'backup'; file: string; force: boolean };

interface OperatorReply {
  code: number;
  stdout: string;
  stderr: string;
}

const MAX_REQUEST_BYTES = 64 * 1024;
const REPLY_TIMEOUT_MS = 60_000;

interface OperatorDeps {
  database: DatabaseHandle;
  /** Undefined when KAI signs in through OIDC_ISSUER: accounts are managed there. */
  identity?: BuiltinIdentityConfig;
}

/** Serves `users ...` and `backup` on the data directory's socket; returns a function that stops it. */
export async function serveOperatorSocket(deps: OperatorDeps & { dataDir: string }): Promise<() => Promise<void>> {
  const socketPath = operatorSocketPath(deps.dataDir);
  fs.mkdirSync(path.dirname(socketPath), { recursive: true, mode: 0o700 });
  fs.chmodSync(path.dirname(socketPath), 0o700);
  // We hold the data directory's lock, so a socket file left here is a dead server's.
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((socket) => {
    let received = '';
    socket.setEncoding('utf8');
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: string) => {
      received += chunk;
      if (received.length > MAX_REQUEST_BYTES) return void socket.destroy();
      const end = received.indexOf('\n');
      if (end < 0) return;
      socket.removeAllListeners('data');
      void answer(received.slice(0, end), deps).then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  fs.chmodSync(socketPath, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      fs.rmSync(socketPath, { force: true });
    });
}

async function answer(line: string, deps: OperatorDeps): Promise<OperatorReply> {
  let stdout = '';
  let stderr = '';
  const io = { stdout: (t: string) => void (stdout += t), stderr: (t: string) => void (stderr += t) };
  try {
    const request = JSON.parse(line) as OperatorRequest;
    if ('area' in request) {
      // The CLI sends an absolute path: this process's working directory is not the operator's.
      if (request.area !== 'backup' || typeof request.file !== 'string' || !path.isAbsolute(request.file)) {
        throw new UsageError('The running server expects a backup request with an absolute file path');
      }
      await writeBackup(deps.database, request.file, { force: request.force === true, io });
      return { code: 0, stdout, stderr };
    }
    checkUsersArgs(request);
    await runUsersCommand(request, { database: deps.database, identity: deps.identity, io });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const known = err instanceof AppError || err instanceof UsageError || err instanceof BackupError;
    return { code: 1, stdout, stderr: `${stderr}Error: ${known ? (err as Error).message : 'the running server could not do this (see its log)'}\n` };
  }
}

/** Runs the request on the running server and prints its reply here; undefined when no server answers. */
export async function relayToRunningServer(
  dataDir: string,
  request: OperatorRequest,
  io: CliIo,
  timeoutMs = REPLY_TIMEOUT_MS,
): Promise<number | undefined> {
  const reply = await askRunningServer(dataDir, request, timeoutMs);
  if (!reply) return undefined;
  io.stdout(reply.stdout);
  io.stderr(reply.stderr);
  return reply.code;
}

/** Sends one request to the running server; undefined when no server answers on the socket. */
async function askRunningServer(dataDir: string, request: OperatorRequest, timeoutMs = REPLY_TIMEOUT_MS): Promise<OperatorReply | undefined> {
  const socketPath = operatorSocketPath(dataDir);
  if (!fs.existsSync(socketPath)) return undefined;
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let received = '';
    let connected = false;
    socket.setEncoding('utf8');
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error('The running KAI server did not answer in time')));
    socket.on('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (!connected && ['ECONNREFUSED', 'ENOENT', 'EACCES'].includes(err.code ?? '')) resolve(undefined);
      else reject(err);
    });
    socket.on('end', () => {
      try {
        resolve(JSON.parse(received) as OperatorReply);
      } catch {
        reject(new Error('The running KAI server sent an answer this command does not understand'));
      }
    });
  });
}
