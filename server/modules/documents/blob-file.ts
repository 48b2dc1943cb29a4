import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Copies a stored blob to a private temp file for the extractor sandbox, removed afterwards. */
export async function withBlobFile<T>(bytes: Readable, use: (file: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'kai-blob-'));
  try {
    const file = path.join(dir, 'document');
    await pipeline(bytes, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
    return await use(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
