import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import { AppError, ValidationError } from '../../errors';
import { formatBytes, sanitizeFilename } from './filename';

/** Bytes handed to type detection; the extraction worker checks the same length again. */
export const HEAD_BYTES = 64 * 1024;

export interface SpooledFile<T> {
  /** Temp file holding the bytes; the caller removes its directory. */
  path: string;
  /** Sanitised display name. */
  name: string;
  size: number;
  sha256: string;
  /** What `inspect` answered for the file's first bytes. */
  inspected: T;
}

export interface SpoolOptions<T> {
  dir: string;
  maxFileBytes: number;
  maxFiles: number;
  onField(name: string, value: string): void;
  /** Decides on the first bytes, before the rest is read; throw to refuse the file at once. */
  inspect(head: Buffer, name: string): Promise<T>;
}

/**
 * Streams every file part of a multipart upload to its own temp file while hashing and counting,
 * never holding a whole file in memory. A file over the limit, or refused by `inspect`, stops the
 * upload where it is: the rest of the request body is not read.
 */
export async function spoolUpload<T>(parts: AsyncIterable<Multipart>, options: SpoolOptions<T>): Promise<Array<SpooledFile<T>>> {
  const files: Array<SpooledFile<T>> = [];
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated || part.fieldnameTruncated) throw new ValidationError(`The form field "${part.fieldname.slice(0, 50)}" is too long.`);
        options.onField(part.fieldname, String(part.value));
        continue;
      }
      files.push(await spoolFile(part, path.join(options.dir, `${files.length}.upload`), options));
    }
  } catch (err) {
    throw translateMultipartError(err, options);
  }
  return files;
}

async function spoolFile<T>(part: MultipartFile, target: string, options: SpoolOptions<T>): Promise<SpooledFile<T>> {
  const name = sanitizeFilename(part.filename);
  const tooLarge = () => fileTooLarge(name, options.maxFileBytes);
  // busboy stops delivering at the limit but would go on reading the request to the part's end.
  part.file.once('limit', () => part.file.destroy(tooLarge()));
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headBytes = 0;
  let size = 0;
  let inspection: { value: T } | undefined;
  await pipeline(
    part.file,
    async function* (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        size += chunk.length;
        if (size > options.maxFileBytes) throw tooLarge();
        hash.update(chunk);
        if (!inspection) {
          head.push(chunk);
          headBytes += chunk.length;
          if (headBytes >= HEAD_BYTES) inspection = { value: await options.inspect(Buffer.concat(head).subarray(0, HEAD_BYTES), name) };
        }
        yield chunk;
      }
    },
    createWriteStream(target, { flags: 'wx', mode: 0o600 }),
  );
  if (part.file.truncated) throw tooLarge();
  inspection ??= { value: await options.inspect(Buffer.concat(head), name) };
  return { path: target, name, size, sha256: hash.digest('hex'), inspected: inspection.value };
}

function fileTooLarge(name: string, limit: number): AppError {
  return new AppError(413, 'file_too_large', `${name} is larger than the ${formatBytes(limit)} limit.`);
}

function translateMultipartError(err: unknown, options: { maxFiles: number; maxFileBytes: number }): unknown {
  if (err instanceof AppError) return err;
  const { code, part } = err as { code?: string; part?: { filename?: string } };
  switch (code) {
    case 'FST_FILES_LIMIT':
      return new AppError(413, 'too_many_files', `You can upload at most ${options.maxFiles} files at once.`);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError(413, 'too_many_parts', 'The upload has too many form fields.');
    case 'FST_REQ_FILE_TOO_LARGE':
      return fileTooLarge(sanitizeFilename(part?.filename), options.maxFileBytes);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(415, 'unsupported_media_type', 'Send the files as multipart/form-data.');
    case 'FST_PROTO_VIOLATION':
      return new ValidationError('The upload has an invalid field name.');
    default:
      if (err instanceof Error && /multipart|Part terminated|Unexpected end/i.test(err.message)) {
        return new ValidationError('The upload was cut off or is not valid multipart/form-data.');
      }
      return err;
  }
}
