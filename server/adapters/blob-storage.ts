import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { is, sql, type SQL } from 'drizzle-orm';
import { NodePgSession } from 'drizzle-orm/node-postgres';
import type { Database } from '../db/client';

/**
 * File bytes kept in PostgreSQL (embedded PGlite or a server) as fixed-size chunks of one table,
 * `blob_chunks (blob_id, seq, data)`, so every app instance sees them and they commit together
 * with the row that points at them. Written bytes go to a PostgreSQL server as a binary bytea
 * parameter (node-postgres sends a Buffer as is), and to PGlite as base64 text decoded in SQL:
 * PGlite turns a raw bytea parameter into hex one byte at a time, ~20x slower than Node's native
 * base64. Reading uses base64 on both, so one decoding path serves both drivers.
 */
export const BLOB_CHUNK_BYTES = 256 * 1024;
/** Chunks fetched per query when reading: bounds memory (~4 MiB of bytes plus its base64 text). */
const READ_PAGE_CHUNKS = 16;

export class BlobTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`The file is larger than the limit of ${limitBytes} bytes`);
    this.name = 'BlobTooLargeError';
  }
}

/**
 * Streams `source` into chunks of the given blob inside the caller's transaction; hashes as it
 * goes; throws BlobTooLargeError the moment `maxBytes` is crossed (stop reading the source at once).
 * The chunks are written under a savepoint (or their own transaction when given the database), so
 * a failure leaves none of them behind. Note that the transaction is held for as long as the
 * source takes to deliver: on PGlite that blocks every other query meanwhile.
 */
export async function writeBlob(
  tx: Database,
  blobId: string,
  source: AsyncIterable<Uint8Array> | NodeJS.ReadableStream,
  options: { maxBytes: number },
): Promise<{ size: number; sha256: string }> {
  const { maxBytes } = options;
  if (!(maxBytes >= 0)) throw new RangeError(`maxBytes must be a number >= 0, not ${maxBytes}`);
  return tx.transaction(async (inner) => {
    const hash = createHash('sha256');
    const chunk = Buffer.allocUnsafe(BLOB_CHUNK_BYTES);
    let filled = 0;
    let seq = 0;
    let size = 0;
    // Leaving this loop by a throw calls the source's return(): a stream is destroyed, a generator finished.
    for await (const piece of source) {
      const bytes = asBytes(piece);
      size += bytes.length;
      if (size > maxBytes) throw new BlobTooLargeError(maxBytes);
      hash.update(bytes);
      for (let offset = 0; offset < bytes.length;) {
        const n = Math.min(bytes.length - offset, BLOB_CHUNK_BYTES - filled);
        chunk.set(bytes.subarray(offset, offset + n), filled);
        filled += n;
        offset += n;
        if (filled === BLOB_CHUNK_BYTES) {
          await insertChunk(inner, blobId, seq++, chunk);
          filled = 0;
        }
      }
    }
    if (filled > 0) await insertChunk(inner, blobId, seq, chunk.subarray(0, filled));
    return { size, sha256: hash.digest('hex') };
  });
}

/**
 * Streams the blob's bytes back chunk by chunk, `READ_PAGE_CHUNKS` chunks per query, fetched only
 * as the consumer reads; destroying the stream stops further queries. `range` is inclusive at
 * both ends, as in HTTP `Range: bytes=start-end` and `fs.createReadStream`; `end` is clamped to
 * the last byte and a `start` past it gives no bytes (answer 416 before calling). An unknown blob
 * reads as empty: the row that names the blob is the source of truth. The stream fails if the
 * blob is deleted or changed while it is read, rather than ending short.
 */
export function readBlob(db: Database, blobId: string, range?: { start: number; end?: number }): Readable {
  const start = range?.start ?? 0;
  const end = range?.end ?? Number.POSITIVE_INFINITY;
  if (!Number.isSafeInteger(start) || start < 0) throw new RangeError(`range start must be an integer >= 0, not ${start}`);
  if (end !== Number.POSITIVE_INFINITY && (!Number.isSafeInteger(end) || end < start)) {
    throw new RangeError(`range end must be an integer >= start, not ${end}`);
  }
  return Readable.from(readChunks(db, blobId, start, end), { objectMode: false });
}

export async function deleteBlob(db: Database, blobId: string): Promise<void> {
  await db.execute(sql`delete from blob_chunks where blob_id = ${blobId}`);
}

/** Bytes stored for the blob; 0 for an unknown blob. Reads chunk lengths only, never the bytes. */
export async function blobSize(db: Database, blobId: string): Promise<number> {
  return (await describeBlob(db, blobId)).size;
}

async function* readChunks(db: Database, blobId: string, start: number, requestedEnd: number): AsyncGenerator<Buffer> {
  const { size, chunkSize, chunks } = await describeBlob(db, blobId);
  if (size === 0 || start >= size) return;
  if (chunks !== Math.ceil(size / chunkSize)) throw new Error(`blob ${blobId} has inconsistent chunks`);
  const end = Math.min(requestedEnd, size - 1);
  // Chunk length comes from the stored chunk 0, so blobs written with another BLOB_CHUNK_BYTES still read right.
  const lastSeq = Math.floor(end / chunkSize);
  let seq = Math.floor(start / chunkSize);
  while (seq <= lastSeq) {
    const pageEnd = Math.min(lastSeq, seq + READ_PAGE_CHUNKS - 1);
    const rows = await selectRows<{ seq: number; data: string }>(
      db,
      sql`select seq, encode(data, 'base64') as data from blob_chunks
          where blob_id = ${blobId} and seq between ${seq} and ${pageEnd} order by seq`,
    );
    if (rows.length !== pageEnd - seq + 1) throw new Error(`blob ${blobId} changed while it was being read`);
    for (const row of rows) {
      const data = Buffer.from(row.data, 'base64');
      const expected = seq === chunks - 1 ? size - seq * chunkSize : chunkSize;
      if (Number(row.seq) !== seq || data.length !== expected) throw new Error(`blob ${blobId} changed while it was being read`);
      const chunkStart = seq * chunkSize;
      const from = Math.max(start - chunkStart, 0);
      const to = Math.min(end - chunkStart + 1, data.length);
      seq += 1;
      yield from === 0 && to === data.length ? data : data.subarray(from, to);
    }
  }
}

async function describeBlob(db: Database, blobId: string): Promise<{ size: number; chunkSize: number; chunks: number }> {
  // octet_length of a bytea reads the stored length without fetching the bytes from TOAST.
  const [row] = await selectRows<{ chunks: unknown; size: unknown; chunk_size: unknown }>(
    db,
    sql`select count(*) as chunks, coalesce(sum(octet_length(data)), 0) as size,
               max(octet_length(data)) filter (where seq = 0) as chunk_size
        from blob_chunks where blob_id = ${blobId}`,
  );
  return { size: Number(row.size), chunkSize: Number(row.chunk_size ?? 0), chunks: Number(row.chunks) };
}

async function insertChunk(db: Database, blobId: string, seq: number, data: Buffer): Promise<void> {
  if (sendsBinary(db)) {
    // No text copy of the chunk: a 25 MB upload otherwise leaves ~35 MB of base64 strings for the GC.
    await db.execute(sql`insert into blob_chunks (blob_id, seq, data) values (${blobId}, ${seq}, ${data})`);
    return;
  }
  const base64 = Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64');
  await db.execute(sql`insert into blob_chunks (blob_id, seq, data) values (${blobId}, ${seq}, decode(${base64}, 'base64'))`);
}

/** node-postgres (a PostgreSQL server) rather than PGlite; a transaction shares its database's session kind. */
function sendsBinary(db: Database): boolean {
  return is(db._.session, NodePgSession);
}

/** node-postgres and PGlite both answer `execute` with an object holding `rows`. */
async function selectRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

function asBytes(piece: unknown): Uint8Array {
  if (piece instanceof Uint8Array) return piece;
  throw new TypeError('A blob source must yield bytes (Buffer or Uint8Array), not text');
}
