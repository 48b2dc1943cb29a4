/**
 * The one way an upload enters KAI: multipart is registered once, each file is spooled to a temp
 * file with the route's limits and its type detected from its bytes, the form fields are checked
 * with the route's zod schema, and every multipart error is translated here. Routes get
 * `{ fields, files, refused }`; services never see a multipart stream.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { UploadFailure } from '@contract/documents';
import { detectFileType, type DocumentKind } from '../adapters/extractors';
import { AppError, ValidationError } from '../errors';
import { formatBytes, sanitizeFilename } from './filename';
import { spoolUpload, type RefusedFile, type SpooledFile } from './upload-spool';

export type { RefusedFile, SpooledFile } from './upload-spool';

/** A file's type as its bytes show it. */
export type Detected = { kind: DocumentKind; mime: string };

export interface UploadRules<F, T> {
  fields: z.ZodType<F>;
  maxFiles: number;
  maxFileBytes: number;
  /** Decides on a file's first bytes (`inspectUpload`: every type KAI reads); throw an AppError to refuse it. */
  inspect: (head: Buffer, name: string) => Promise<T>;
  /** The refusal of a file over `maxFileBytes`. */
  tooLarge?: (name: string, maxFileBytes: number) => AppError;
  tooManyFiles?: AppError;
  /** What to say when the request holds no file at all. */
  noFiles: string;
  tempDir?: string;
}

export interface ReceivedUpload<F, T> {
  fields: F;
  /** The files taken, in request order; at least one. */
  files: Array<SpooledFile<T>>;
  /** The files refused on their own (type, size), in request order. */
  refused: RefusedFile[];
}

/**
 * A file over the limit is read on to its end, up to this many times the limit, so the files after
 * it still arrive; a body that goes on past that stops the whole upload and the connection.
 */
const SKIP_ALLOWANCE = 2;
const MAX_FIELDS = 10;

/** Registers multipart for the whole app; each upload route passes its own limits. */
export async function registerUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fields: MAX_FIELDS, fieldSize: 1000, files: 1, parts: MAX_FIELDS + 1 } });
}

/**
 * Spools the request's files and fields, hands them to `use`, and always removes the temp files.
 * When every file was refused the first refusal is the answer (with the others named).
 */
export async function receiveUpload<F, T, R>(
  request: FastifyRequest,
  reply: FastifyReply,
  rules: UploadRules<F, T>,
  use: (upload: ReceivedUpload<F, T>) => Promise<R>,
): Promise<R> {
  const dir = await mkdtemp(path.join(rules.tempDir ?? tmpdir(), 'kai-upload-'));
  try {
    const upload = await spool(request, dir, rules).catch((error: unknown) => {
      // The rest of the body may still be on its way: close rather than read it.
      reply.header('connection', 'close');
      throw error;
    });
    return await use(upload);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function spool<F, T>(request: FastifyRequest, dir: string, rules: UploadRules<F, T>): Promise<ReceivedUpload<F, T>> {
  const limits = { maxFiles: rules.maxFiles, maxFileBytes: rules.maxFileBytes };
  const tooLarge = (name: string) => (rules.tooLarge ?? fileTooLarge)(name, rules.maxFileBytes);
  const rawFields: Record<string, string> = {};
  const parts = request.parts({
    limits: {
      fileSize: rules.maxFileBytes * SKIP_ALLOWANCE,
      files: rules.maxFiles,
      fields: MAX_FIELDS,
      fieldSize: 1000,
      parts: rules.maxFiles + MAX_FIELDS,
    },
  });
  let spooled;
  try {
    spooled = await spoolUpload(parts, {
      dir,
      maxFileBytes: rules.maxFileBytes,
      tooLarge,
      onField: (name, value) => (rawFields[name] ??= value),
      inspect: rules.inspect,
    });
  } catch (error) {
    throw translateMultipartError(error, limits, tooLarge, rules.tooManyFiles);
  }
  const fields = rules.fields.safeParse(rawFields);
  if (!fields.success) {
    const issue = fields.error.issues[0];
    throw new ValidationError(`${issue.path.join('.') || 'form'}: ${issue.message}`, 'invalid_form_field');
  }
  if (spooled.files.length === 0) {
    if (spooled.refused.length > 0) throw allRefused(spooled.refused);
    throw new ValidationError(rules.noFiles, 'no_files');
  }
  return { fields: fields.data, ...spooled };
}

/** The answer when no file of the upload was taken: the first refusal, naming the others too. */
export function allRefused(refused: Array<Pick<RefusedFile, 'error'>>): AppError {
  const [first] = refused;
  if (refused.length === 1) return first.error;
  const reasons = refused.map((file) => file.error.message).join(' ');
  return new AppError(first.error.statusCode, first.error.code, `None of the ${refused.length} files could be uploaded. ${reasons}`);
}

/** A file's own failure (4xx) is reported with it; anything else fails the request. */
export function fileRefusal(error: unknown): AppError {
  if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
  return error;
}

/** The API's shape of a refused file. */
export function toUploadFailure(file: { name: string; error: AppError }): UploadFailure {
  return { name: file.name, code: file.error.code, message: file.error.message };
}

const CONTENT_NOUN: Record<DocumentKind, string> = {
  pdf: 'a PDF',
  docx: 'a Word document',
  doc: 'a Word (.doc) document',
  xlsx: 'an Excel workbook',
  xls: 'an Excel (.xls) workbook',
  csv: 'a CSV file',
  png: 'a PNG image',
  jpeg: 'a JPEG image',
  webp: 'a WebP image',
};

/** Refuses what KAI cannot read, and names that lie about their content (415). */
export async function inspectUpload(head: Buffer, name: string): Promise<Detected> {
  const detected = await detectFileType(head, name);
  if ('unsupported' in detected) throw new AppError(415, 'unsupported_type', `${name}: ${detected.reason}`);
  if (detected.mismatch) {
    const extension = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
    throw new AppError(415, 'unsupported_type', `${name} says .${extension} but contains ${CONTENT_NOUN[detected.kind]}.`);
  }
  return { kind: detected.kind, mime: detected.mime };
}

function fileTooLarge(name: string, limit: number): AppError {
  return new AppError(413, 'file_too_large', `${name} is larger than the ${formatBytes(limit)} limit.`);
}

function translateMultipartError(
  err: unknown,
  limits: { maxFiles: number; maxFileBytes: number },
  tooLarge: (name: string) => AppError,
  tooManyFiles?: AppError,
): unknown {
  if (err instanceof AppError) return err;
  const { code, part } = err as { code?: string; part?: { filename?: string } };
  switch (code) {
    case 'FST_FILES_LIMIT':
      return tooManyFiles ?? new AppError(413, 'too_many_files', `You can upload at most ${limits.maxFiles} files at once.`);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError(413, 'too_many_parts', 'The upload has too many form fields.');
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge(sanitizeFilename(part?.filename));
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
