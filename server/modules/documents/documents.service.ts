import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import { uploadPurpose, type DocumentDto, type DocumentWithContent, type UploadPurpose, type UploadResponse } from '@contract/documents';
import { detectFileType, type DocumentKind } from '../../adapters/extractors';
import type { UploadLimits } from '../../config';
import { AppError, ForbiddenError, NotFoundError, ValidationError } from '../../errors';
import type { RetrievalService } from '../retrieval';
import type { DocumentRow, DocumentsRepository, Usage } from './documents.repository';
import { formatBytes } from './filename';
import { spoolUpload, type SpooledFile } from './upload-spool';
import { isUuid } from '../../db/ids';

export interface Uploader {
  id: string;
  role: 'user' | 'admin';
}

export interface DocumentsServiceDeps {
  repository: DocumentsRepository;
  retrieval: Pick<RetrievalService, 'deleteUploadedDocument'>;
  uploads: UploadLimits;
  /** Called once new documents are queued, so extraction starts at once. */
  onQueued?: () => void;
  /** Where uploads are spooled; the OS temp directory by default. */
  tempDir?: string;
}

export type Detected = { kind: DocumentKind; mime: string };

const DAY_MS = 24 * 60 * 60 * 1000;
const KEEP_UNTIL_DELETED = new Date('9999-12-31T00:00:00Z');

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

/**
 * What another module does with an upload of its purpose: `beforeStore` may refuse the file (a
 * vendor list that cannot be imported stores nothing); `afterStore` works on the stored document
 * and its failures leave the document in place.
 */
export interface PurposeHandler {
  beforeStore?(owner: Uploader, file: SpooledFile<Detected>): Promise<void>;
  afterStore?(owner: Uploader, document: DocumentRow, file: SpooledFile<Detected>): Promise<void>;
}

export function createDocumentsService(deps: DocumentsServiceDeps) {
  const { repository, retrieval, uploads } = deps;
  const purposeHandlers = new Map<UploadPurpose, PurposeHandler>();

  async function findOwned(ownerId: string, id: string): Promise<DocumentRow> {
    // A malformed id answers like another user's: 404, so ids cannot be probed.
    const row = isUuid(id) ? await repository.findOwned(ownerId, id) : undefined;
    if (!row) throw new NotFoundError('Document not found', 'document_not_found');
    return row;
  }

  /** Refuses early what cannot fit, before any work; `store` checks again, authoritatively, as it writes. */
  async function requireQuota(ownerId: string, adding: Usage): Promise<void> {
    const used = await repository.usage(ownerId);
    if (used.files + adding.files > uploads.quotaFiles || used.bytes + adding.bytes > uploads.quotaBytes) throw quotaError(used, adding);
  }

  function quotaError(used: Usage, adding: Usage): AppError {
    if (used.files + adding.files > uploads.quotaFiles) {
      return new AppError(413, 'quota_exceeded', `You can keep at most ${uploads.quotaFiles} documents; delete some before uploading more.`);
    }
    const left = Math.max(0, uploads.quotaBytes - used.bytes);
    return new AppError(
      413,
      'quota_exceeded',
      `Your documents may take up at most ${formatBytes(uploads.quotaBytes)} (${formatBytes(left)} left); delete some before uploading more.`,
    );
  }

  async function store(owner: Uploader, file: SpooledFile<Detected>, purpose: UploadPurpose, sessionId: number | null) {
    const stored = await repository.insertWithBlob(
      {
        ownerId: owner.id,
        filename: file.name,
        mime: file.inspected.mime,
        kind: file.inspected.kind,
        size: file.size,
        sha256: file.sha256,
        blobId: randomUUID(),
        purpose,
        sessionId,
        // Guide knowledge stays until an administrator deletes it; everything else is purged on schedule.
        expiresAt: purpose === 'knowledge' ? KEEP_UNTIL_DELETED : new Date(Date.now() + uploads.retentionDays * DAY_MS),
      },
      file.path,
      { maxBytes: uploads.maxFileBytes, quota: { files: uploads.quotaFiles, bytes: uploads.quotaBytes } },
    );
    if (stored.outcome === 'over_quota') throw quotaError(stored.used, { files: 1, bytes: file.size });
    return stored.outcome === 'stored'
      ? { row: stored.row, duplicate: false }
      : { row: await repository.findBySha256(owner.id, file.sha256), duplicate: true };
  }

  return {
    /** Lets the invoices and vendors modules act on uploads of their purpose. */
    handlePurpose(purpose: UploadPurpose, handler: PurposeHandler): void {
      purposeHandlers.set(purpose, handler);
    },

    /**
     * Stores one file another module has spooled (invoice PDFs): the same dedupe, quota and queue
     * as /api/upload, so the file is also listed, previewed and searchable like any upload.
     */
    async storeSpooled(owner: Uploader, file: SpooledFile<Detected>, purpose: UploadPurpose): Promise<{ row: DocumentRow; duplicate: boolean }> {
      const existing = await repository.findBySha256(owner.id, file.sha256);
      if (existing) return { row: existing, duplicate: true };
      await requireQuota(owner.id, { files: 1, bytes: file.size });
      const stored = await store(owner, file, purpose, null);
      if (!stored.row) throw new Error('an uploaded document vanished while it was being stored');
      if (!stored.duplicate) deps.onQueued?.();
      return { row: stored.row, duplicate: stored.duplicate };
    },

    async upload(owner: Uploader, parts: AsyncIterable<Multipart>): Promise<UploadResponse> {
      let purpose: UploadPurpose = 'analyze';
      let sessionId: number | null = null;
      const dir = await mkdtemp(path.join(deps.tempDir ?? tmpdir(), 'kai-upload-'));
      try {
        const files = await spoolUpload(parts, {
          dir,
          maxFileBytes: uploads.maxFileBytes,
          maxFiles: uploads.maxFilesPerRequest,
          onField: (name, value) => {
            if (name === 'purpose') purpose = parsePurpose(value, owner);
            else if (name === 'sessionId') sessionId = parseSessionId(value);
          },
          inspect: inspectUpload,
        });
        if (files.length === 0) throw new ValidationError('No files selected: send at least one file in the "files" field.', 'no_files');

        // Duplicates (of earlier uploads or within this one) store nothing and cost no quota.
        const existing = new Map<string, DocumentRow>();
        const fresh = new Map<string, SpooledFile<Detected>>();
        for (const file of files) {
          if (existing.has(file.sha256) || fresh.has(file.sha256)) continue;
          const row = await repository.findBySha256(owner.id, file.sha256);
          if (row) existing.set(file.sha256, row);
          else fresh.set(file.sha256, file);
        }
        await requireQuota(owner.id, { files: fresh.size, bytes: [...fresh.values()].reduce((sum, f) => sum + f.size, 0) });

        const handler = purposeHandlers.get(purpose);
        for (const file of fresh.values()) await handler?.beforeStore?.(owner, file);
        const stored = new Map<string, { row: DocumentRow | undefined; duplicate: boolean }>();
        try {
          for (const [sha256, file] of fresh) stored.set(sha256, await store(owner, file, purpose, sessionId));
        } finally {
          // A parallel upload can take the last of the quota between two files: what was stored is still read.
          if ([...stored.values()].some((s) => !s.duplicate)) deps.onQueued?.();
        }
        for (const [sha256, file] of fresh) {
          const row = stored.get(sha256)?.row;
          if (row && handler?.afterStore) await handler.afterStore(owner, row, file);
        }

        const seen = new Set<string>();
        return {
          files: files.map((file) => {
            const fromThisUpload = stored.get(file.sha256);
            const row = fromThisUpload?.row ?? existing.get(file.sha256);
            if (!row) throw new Error('an uploaded document vanished while it was being stored');
            const duplicate = !fromThisUpload || fromThisUpload.duplicate || seen.has(file.sha256);
            seen.add(file.sha256);
            return { id: row.id, name: row.filename, size: row.size, fileType: row.mime, status: row.status, duplicate };
          }),
        };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },

    async list(ownerId: string): Promise<DocumentDto[]> {
      return (await repository.listOwned(ownerId)).map(toDocumentDto);
    },

    async get(ownerId: string, id: string): Promise<DocumentDto> {
      return toDocumentDto(await findOwned(ownerId, id));
    },

    async getWithContent(ownerId: string, id: string): Promise<DocumentWithContent> {
      const row = await findOwned(ownerId, id);
      return { ...toDocumentDto(row), processedContent: row.processedContent };
    },

    /** Passages first: a search meanwhile finds nothing of a document about to go. */
    async delete(ownerId: string, id: string): Promise<void> {
      await findOwned(ownerId, id);
      await retrieval.deleteUploadedDocument(ownerId, id);
      if (!(await repository.deleteOwned(ownerId, id))) throw new NotFoundError('Document not found', 'document_not_found');
    },

    async open(ownerId: string, id: string): Promise<{ document: DocumentRow; bytes: Readable }> {
      const document = await findOwned(ownerId, id);
      return { document, bytes: repository.openBlob(document.blobId) };
    },

    findOwned,
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;

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

function parsePurpose(value: string, owner: Uploader): UploadPurpose {
  const parsed = uploadPurpose.safeParse(value.trim() || 'analyze');
  if (!parsed.success) throw new ValidationError(`purpose must be one of: ${uploadPurpose.options.join(', ')}.`, 'invalid_purpose');
  if (parsed.data === 'knowledge' && owner.role !== 'admin') {
    throw new ForbiddenError('Only administrators can add documents to the knowledge base.', 'admin_only');
  }
  return parsed.data;
}

function parseSessionId(value: string): number | null {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed === 'null' || trimmed === 'undefined') return null;
  if (!/^\d{1,9}$/.test(trimmed)) throw new ValidationError('sessionId must be a chat session number.', 'invalid_session_id');
  return Number(trimmed);
}

export function toDocumentDto(row: DocumentRow): DocumentDto {
  return {
    id: row.id,
    filename: row.filename,
    fileType: row.mime,
    kind: row.kind,
    fileSize: row.size,
    purpose: row.purpose,
    status: row.status,
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
    uploadedAt: row.createdAt.toISOString(),
    metadata: (row.metadata as Record<string, unknown> | null) ?? null,
  };
}
