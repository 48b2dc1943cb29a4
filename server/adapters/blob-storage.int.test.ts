import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../test/databases';
import { BLOB_CHUNK_BYTES, BlobTooLargeError, blobSize, deleteBlob, readBlob, writeBlob } from './blob-storage';

const MB = 1024 * 1024;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Yields `bytes` in pieces of `pieceSize`, counting what was pulled. */
function pieces(bytes: Uint8Array, pieceSize: number, pulled = { bytes: 0 }): AsyncGenerator<Uint8Array> {
  return (async function* () {
    for (let offset = 0; offset < bytes.length; offset += pieceSize) {
      const piece = bytes.subarray(offset, offset + pieceSize);
      pulled.bytes += piece.length;
      yield piece;
    }
  })();
}

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

async function chunkRows(db: Database, blobId: string): Promise<number> {
  const result = (await db.execute(sql`select count(*)::int as n from blob_chunks where blob_id = ${blobId}`)) as unknown as {
    rows: Array<{ n: number }>;
  };
  return result.rows[0].n;
}

describe.each(databaseKinds)('blob storage on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.handle.db;
  });
  afterAll(() => database?.dispose());

  it.each([
    ['empty', 0],
    ['one byte', 1],
    ['exactly one chunk', BLOB_CHUNK_BYTES],
    ['one chunk and a byte', BLOB_CHUNK_BYTES + 1],
    ['about 3 MB', 3 * MB + 12_345],
  ])('writes and reads back %s', async (_name, length) => {
    const bytes = randomBytes(length);
    const blobId = randomUUID();
    const written = await db.transaction((tx) => writeBlob(tx, blobId, pieces(bytes, 100_003), { maxBytes: 25 * MB }));
    expect(written).toEqual({ size: length, sha256: sha256(bytes) });
    expect(await blobSize(db, blobId)).toBe(length);
    expect(await chunkRows(db, blobId)).toBe(Math.ceil(length / BLOB_CHUNK_BYTES));
    const back = await readAll(readBlob(db, blobId));
    expect(back.length).toBe(length);
    expect(sha256(back)).toBe(sha256(bytes));
  });

  it('takes a Node stream of Buffers as the source', async () => {
    const bytes = randomBytes(BLOB_CHUNK_BYTES * 2 + 7);
    const blobId = randomUUID();
    const written = await db.transaction((tx) => writeBlob(tx, blobId, Readable.from([bytes.subarray(0, 10), bytes.subarray(10)]), { maxBytes: MB }));
    expect(written.sha256).toBe(sha256(bytes));
    expect((await readAll(readBlob(db, blobId))).equals(bytes)).toBe(true);
  });

  it('reads byte ranges that start and end inside chunks and span their boundaries', async () => {
    const bytes = randomBytes(BLOB_CHUNK_BYTES * 3 + 1000);
    const blobId = randomUUID();
    await writeBlob(db, blobId, pieces(bytes, 65_536), { maxBytes: 10 * MB });
    const ranges: Array<{ start: number; end?: number }> = [
      { start: BLOB_CHUNK_BYTES - 10, end: 2 * BLOB_CHUNK_BYTES + 9 },
      { start: 0, end: 0 },
      { start: BLOB_CHUNK_BYTES, end: BLOB_CHUNK_BYTES * 2 - 1 },
      { start: BLOB_CHUNK_BYTES * 3 + 999 },
      { start: 5, end: bytes.length + 1000 },
      { start: 123_456 },
    ];
    for (const range of ranges) {
      const expected = bytes.subarray(range.start, range.end === undefined ? undefined : range.end + 1);
      expect((await readAll(readBlob(db, blobId, range))).equals(expected), JSON.stringify(range)).toBe(true);
    }
    expect((await readAll(readBlob(db, blobId, { start: bytes.length }))).length).toBe(0);
    expect(() => readBlob(db, blobId, { start: 10, end: 9 })).toThrow(RangeError);
  });

  it('throws BlobTooLargeError as soon as the limit is crossed, without draining the source, and leaves no chunks', async () => {
    const blobId = randomUUID();
    const pulled = { bytes: 0 };
    const limit = MB;
    const write = db.transaction((tx) => writeBlob(tx, blobId, pieces(randomBytes(10 * MB), 64 * 1024, pulled), { maxBytes: limit }));
    const error = await write.catch((err: unknown) => err);
    expect(error).toBeInstanceOf(BlobTooLargeError);
    expect((error as BlobTooLargeError).limitBytes).toBe(limit);
    expect(pulled.bytes).toBe(limit + 64 * 1024);
    expect(await chunkRows(db, blobId)).toBe(0);
  });

  it('accepts a file of exactly the limit', async () => {
    const bytes = randomBytes(BLOB_CHUNK_BYTES + 5);
    const written = await writeBlob(db, randomUUID(), pieces(bytes, 4096), { maxBytes: bytes.length });
    expect(written.size).toBe(bytes.length);
  });

  it('leaves no chunks when the transaction fails after some chunks were written', async () => {
    const blobId = randomUUID();
    const bytes = randomBytes(BLOB_CHUNK_BYTES * 4);
    const failing = (async function* () {
      yield* pieces(bytes.subarray(0, BLOB_CHUNK_BYTES * 3), 50_000);
      throw new Error('client went away');
    })();
    await expect(db.transaction((tx) => writeBlob(tx, blobId, failing, { maxBytes: 25 * MB }))).rejects.toThrow('client went away');
    expect(await chunkRows(db, blobId)).toBe(0);
    expect(await blobSize(db, blobId)).toBe(0);
  });

  it('rolls the chunks back with the rest of the transaction when a later statement fails', async () => {
    const blobId = randomUUID();
    await expect(
      db.transaction(async (tx) => {
        await writeBlob(tx, blobId, pieces(randomBytes(BLOB_CHUNK_BYTES * 2), 8192), { maxBytes: MB });
        await tx.execute(sql`select 1 / 0`);
      }),
    ).rejects.toThrow();
    expect(await chunkRows(db, blobId)).toBe(0);
  });

  it('deletes the bytes at once', async () => {
    const blobId = randomUUID();
    const other = randomUUID();
    await writeBlob(db, blobId, pieces(randomBytes(BLOB_CHUNK_BYTES + 1), 8192), { maxBytes: MB });
    await writeBlob(db, other, pieces(randomBytes(10), 8192), { maxBytes: MB });
    await deleteBlob(db, blobId);
    expect(await chunkRows(db, blobId)).toBe(0);
    expect(await blobSize(db, blobId)).toBe(0);
    expect((await readAll(readBlob(db, blobId))).length).toBe(0);
    expect(await blobSize(db, other)).toBe(10);
  });

  it('fetches lazily and stops querying when the reader is destroyed early', async () => {
    const blobId = randomUUID();
    const chunkCount = 40;
    await writeBlob(db, blobId, pieces(randomBytes(BLOB_CHUNK_BYTES * chunkCount), BLOB_CHUNK_BYTES), { maxBytes: 20 * MB });
    let queries = 0;
    const counting = new Proxy(db, {
      get: (target, prop, receiver) =>
        prop === 'execute' ? (...args: Parameters<Database['execute']>) => (queries++, target.execute(...args)) : Reflect.get(target, prop, receiver),
    });
    const stream = readBlob(counting, blobId);
    let received = 0;
    for await (const part of stream) {
      received += (part as Buffer).length;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toBeGreaterThan(0);
    expect(stream.destroyed).toBe(true);
    // One query for the blob's size, one for the first page of chunks: never the whole 40.
    expect(queries).toBe(2);
  });

  it('fails the stream instead of ending short when the blob is deleted while being read', async () => {
    const blobId = randomUUID();
    await writeBlob(db, blobId, pieces(randomBytes(BLOB_CHUNK_BYTES * 40), BLOB_CHUNK_BYTES), { maxBytes: 20 * MB });
    const stream = readBlob(db, blobId);
    const read = (async () => {
      let first = true;
      for await (const _part of stream) {
        if (first) await deleteBlob(db, blobId);
        first = false;
      }
    })();
    await expect(read).rejects.toThrow('changed while it was being read');
  });

  it('refuses a source that yields text', async () => {
    await expect(writeBlob(db, randomUUID(), Readable.from(['text']), { maxBytes: MB })).rejects.toThrow(TypeError);
  });
});
