import { z } from 'zod';

/** What an upload is for (spec part 2, upload panel); 'knowledge' adds a guide article (admins). */
export const uploadPurpose = z.enum(['analyze', 'invoice', 'vendor', 'report', 'knowledge']);
export type UploadPurpose = z.infer<typeof uploadPurpose>;

export const documentKind = z.enum(['pdf', 'docx', 'doc', 'xlsx', 'xls', 'csv', 'png', 'jpeg', 'webp']);
export type DocumentKind = z.infer<typeof documentKind>;

/** queued -> extracting -> ready | failed (with a reason the user can read). */
export const documentStatus = z.enum(['queued', 'extracting', 'ready', 'failed']);
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

/** POST /api/upload (multipart: files, sessionId, purpose). */
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
});
export type UploadResponse = z.infer<typeof uploadResponse>;

export const deleteDocumentResponse = z.object({ success: z.literal(true) });

/** The picker's accept list (spec part 2); every one of these is read. */
export const ACCEPTED_UPLOAD_EXTENSIONS = ['.pdf', '.doc', '.docx', '.xls', '.xlsx', '.csv', '.jpg', '.jpeg', '.png', '.webp'];
