import { z } from 'zod';

/** What an upload is for (docs/product-rules.md, Uploads); 'knowledge' adds a guide article (admins). */
const uploadPurpose = z.enum(['analyze', 'invoice', 'vendor', 'report', 'knowledge']);
export type UploadPurpose = z.infer<typeof uploadPurpose>;

const documentKind = z.enum(['pdf', 'docx', 'doc', 'xlsx', 'xls', 'csv', 'png', 'jpeg', 'webp']);

/** queued -> extracting -> ready | failed (with a reason the user can read). */
const documentStatus = z.enum(['queued', 'extracting', 'ready', 'failed']);
export type DocumentStatus = z.infer<typeof documentStatus>;

export const documentDto = z.object({
  id: z.string(),
  filename: z.string(),
  /** MIME type decided from the content. */
  fileType: z.string(),
  kind: documentKind,
  fileSize: z.number().int(),
  purpose: uploadPurpose,
  status: documentStatus,
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  uploadedAt: z.string(),
  /** pages, sheets, ocrConfidence, method (text | ocr | mixed | structured), title, author, warnings. */
  metadata: z.record(z.string(), z.unknown()).nullable(),
});
export type DocumentDto = z.infer<typeof documentDto>;

/** GET /api/document/{id}: the document with its extracted text (null until ready). */
export const documentWithContent = documentDto.extend({ processedContent: z.string().nullable() });
export type DocumentWithContent = z.infer<typeof documentWithContent>;

/**
 * A file of a multi-file upload that was not stored (wrong type, too large, unreadable, not a
 * vendor list): it fails alone with its own reason while the others go through.
 */
const uploadFailure = z.object({ name: z.string(), code: z.string(), message: z.string() });
export type UploadFailure = z.infer<typeof uploadFailure>;

/** Form fields of POST /api/upload besides the files. */
export const uploadFields = z.object({
  purpose: z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), uploadPurpose.default('analyze')),
  /** The chat session the files belong to; absent, empty, 'null' or 'undefined' for none. */
  sessionId: z.preprocess(
    (value) => (value === undefined || value === '' || value === 'null' || value === 'undefined' ? null : value),
    z
      .string()
      .regex(/^\d{1,9}$/, 'sessionId must be a chat session number.')
      .transform(Number)
      .nullable(),
  ),
});
export type UploadFields = z.infer<typeof uploadFields>;

/**
 * POST /api/upload (multipart: files, sessionId, purpose). `files` lists what was stored (or was
 * already there); `failed` the files refused, each with its reason. When every file fails the
 * call answers with the first failure's status instead.
 */
export const uploadResponse = z.object({
  files: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      size: z.number().int(),
      fileType: z.string(),
      status: documentStatus,
      /** The same bytes were already uploaded by this user: the existing document is returned. */
      duplicate: z.boolean(),
    }),
  ),
  failed: z.array(uploadFailure).default([]),
});
export type UploadResponse = z.infer<typeof uploadResponse>;

export const deleteDocumentResponse = z.object({ success: z.literal(true) });

/** The picker's accept list (docs/product-rules.md, Uploads); every one of these is read. */
export const ACCEPTED_UPLOAD_EXTENSIONS = ['.pdf', '.doc', '.docx', '.xls', '.xlsx', '.csv', '.jpg', '.jpeg', '.png', '.webp'];
