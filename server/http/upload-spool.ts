import { createHash } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import { AppError, ValidationError } from '../errors';
import { sanitizeFilename } from './filename';

/** Bytes handed to type detection; the extraction worker checks the same length again. */
const HEAD_BYTES = 64 * 1024;

export interface SpooledFile<T = unknown> {
  /** Where the file stood in the request, counting refused files too. */
  index: number;
  /** Temp file holding the bytes; the caller removes its directory. */
  path: string;
  /** Sanitised display name. */
  name: string;
  size: number;
  sha256: string;
  /** What `inspect` answered for the file's first bytes. */
  inspected: T;
}

/** A file refused on its own (type, size): the rest of the upload goes on. */
export interface RefusedFile {
  index: number;
  name: string;
  error: AppError;
}

export interface SpoolOptions<T> {
  dir: string;
  maxFileBytes: number;
  /** The refusal of one file over `maxFileBytes`. */
  tooLarge(name: string): AppError;
  onField(name: string, value: string): void;
  /** Decides on the first bytes, before the rest is read; throw an AppError to refuse the file. */
  inspect(head: Buffer, name: string): Promise<T>;
}

/**
 * Streams every file part of a multipart upload to its own temp file while hashing and counting,
 * never holding a whole file in memory. A file refused by `inspect` or over the size limit is
 * skipped to its end and reported, so the files after it are still read. How much of a refused
 * file is read is bounded by the multipart file-size limit (see `uploads.ts`), past which the
 * whole upload stops.
 */
export async function spoolUpload<T>(
  parts: AsyncIterable<Multipart>,
  options: SpoolOptions<T>,
): Promise<{ files: Array<SpooledFile<T>>; refused: RefusedFile[] }> {
  const files: Array<SpooledFile<T>> = [];
  const refused: RefusedFile[] = [];
  let index = 0;
  for await (const part of parts) {
    if (part.type === 'field') {
      if (part.valueTruncated || part.fieldnameTruncated) throw new ValidationError(`The form field "${part.fieldname.slice(0, 50)}" is too long.`);
      options.onField(part.fieldname, String(part.value));
      continue;
    }
    const outcome = await spoolFile(part, index, path.join(options.dir, `${index}.upload`), options);
    if ('error' in outcome) refused.push(outcome);
    else files.push(outcome);
    index++;
  }
  return { files, refused };
}

async function spoolFile<T>(part: MultipartFile, index: number, target: string, options: SpoolOptions<T>): Promise<SpooledFile<T> | RefusedFile> {
  const name = sanitizeFilename(part.filename);
  // The multipart limit is the most of a refused file KAI reads (uploads.ts): past it, stop the upload.
  part.file.once('limit', () => part.file.destroy(options.tooLarge(name)));
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headBytes = 0;
  let size = 0;
  let inspection: { value: T } | undefined;
  let refusal: AppError | undefined;
  const out = createWriteStream(target, { flags: 'wx', mode: 0o600 });
  try {
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      // A refused file is still read to its end: the next file of the upload comes after it.
      if (refusal) continue;
      if (size > options.maxFileBytes) {
        refusal = options.tooLarge(name);
        continue;
      }
      hash.update(chunk);
      if (!inspection && headBytes < HEAD_BYTES) {
        head.push(chunk);
        headBytes += chunk.length;
        if (headBytes >= HEAD_BYTES) {
          const inspected = await inspectOrRefuse(options, Buffer.concat(head).subarray(0, HEAD_BYTES), name);
          if ('refusal' in inspected) refusal = inspected.refusal;
          else inspection = inspected;
          if (refusal) continue;
        }
      }
      await write(out, chunk);
    }
    if (!refusal && !inspection) {
      const inspected = await inspectOrRefuse(options, Buffer.concat(head), name);
      if ('refusal' in inspected) refusal = inspected.refusal;
      else inspection = inspected;
    }
  } finally {
    out.end();
    await once(out, 'close').catch(() => {});
  }
  if (refusal) return { index, name, error: refusal };
  return { index, path: target, name, size, sha256: hash.digest('hex'), inspected: inspection!.value };
}

async function inspectOrRefuse<T>(options: SpoolOptions<T>, head: Buffer, name: string): Promise<{ value: T } | { refusal: AppError }> {
  try {
    return { value: await options.inspect(head, name) };
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) return { refusal: error };
    throw error;
  }
}

async function write(out: WriteStream, chunk: Buffer): Promise<void> {
  if (!out.write(chunk)) await once(out, 'drain');
}
