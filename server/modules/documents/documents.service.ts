import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { DocumentDto, DocumentWithContent, UploadFields, UploadPurpose, UploadResponse } from '@contract/documents';
import type { UploadLimits } from '../../config';
import { isUuid } from '../../db/ids';
import { AppError, ForbiddenError, NotFoundError } from '../../errors';
import { formatBytes } from '../../http/filename';
import { fileRefusal, toUploadFailure, type Detected, type RefusedFile, type SpooledFile } from '../../http/uploads';
import type { RetrievalService } from '../retrieval';
import type { DocumentRow, DocumentsRepository, Usage } from './documents.repository';

export interface Uploader {
  id: string;
  role: 'user' | 'admin';
}

export interface DocumentsServiceDeps {
  repository: DocumentsRepository;
  retrieval: Pick<RetrievalService, 'deleteUploadedDocument' | 'renameUploadedDocument'>;
  uploads: UploadLimits;
  /** Called once new documents are queued, so extraction starts at once. */
  onQueued?: () => void;
}

/** One file of an upload, stored (or found stored already) as a document. */
interface StoredFile {
  index: number;
  name: string;
  row: DocumentRow;
  duplicate: boolean;
}

/** What became of each file of an upload: stored, or refused with its own reason. */
export type FileOutcome = StoredFile | RefusedFile;

/**
 * What an upload of one purpose does with the files the intake took; the table of these is built
 * in `buildApp` (analyze, report, knowledge: stored; invoice: stored and read; vendor: imported).
 */
type UploadPurposeHandler = (owner: Uploader, files: Array<SpooledFile<Detected>>, fields: UploadFields) => Promise<FileOutcome[]>;
export type UploadPurposes = Record<UploadPurpose, UploadPurposeHandler>;

const DAY_MS = 24 * 60 * 60 * 1000;
const KEEP_UNTIL_DELETED = new Date('9999-12-31T00:00:00Z');

export function createDocumentsService(deps: DocumentsServiceDeps) {
  return { ...documentUploads(deps), ...ownedDocuments(deps) };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;

/** Storing uploaded files as documents: one copy of the same bytes, within the owner's quota. */
function documentUploads(deps: DocumentsServiceDeps) {
  const { repository, retrieval, uploads } = deps;

  /**
   * Stores one file, unless its bytes are already stored: then the stored document takes this
   * upload's name. The quota is checked as it writes.
   */
  async function store(owner: Uploader, file: SpooledFile<Detected>, purpose: UploadPurpose, sessionId: number | null) {
    const earlier = await repository.renameBySha256(owner.id, file.sha256, file.name);
    if (earlier) {
      await retrieval.renameUploadedDocument(owner.id, earlier.id, file.name);
      return { row: earlier, duplicate: true };
    }
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
    if (stored.outcome === 'over_quota') throw quotaError(uploads, stored.used, { files: 1, bytes: file.size });
    const row = stored.outcome === 'stored' ? stored.row : await repository.renameBySha256(owner.id, file.sha256, file.name);
    if (!row) throw new Error('an uploaded document vanished while it was being stored');
    return { row, duplicate: stored.outcome !== 'stored' };
  }

  /**
   * Stores each file as a document, in order; one over the quota fails alone. The same bytes again
   * (uploaded before or earlier in this upload) store nothing, cost no quota and answer the
   * existing document, which takes the name given this time.
   */
  async function storeFiles(owner: Uploader, files: Array<SpooledFile<Detected>>, fields: UploadFields): Promise<FileOutcome[]> {
    if (fields.purpose === 'knowledge' && owner.role !== 'admin') {
      throw new ForbiddenError('Only administrators can add documents to the knowledge base.', 'admin_only');
    }
    const outcomes: FileOutcome[] = [];
    const seen = new Set<string>();
    try {
      for (const file of files) {
        try {
          const { row, duplicate } = await store(owner, file, fields.purpose, fields.sessionId);
          outcomes.push({ index: file.index, name: file.name, row, duplicate: duplicate || seen.has(file.sha256) });
          seen.add(file.sha256);
        } catch (error) {
          outcomes.push({ index: file.index, name: file.name, error: fileRefusal(error) });
        }
      }
    } finally {
      // What was stored is read even when a later file fails.
      if (outcomes.some((outcome) => 'row' in outcome && !outcome.duplicate)) deps.onQueued?.();
    }
    return outcomes;
  }

  return {
    storeFiles,

    /** Stores one file another module took (an invoice PDF), or throws why it could not. */
    async storeOne(owner: Uploader, file: SpooledFile<Detected>, purpose: UploadPurpose): Promise<StoredFile> {
      const [outcome] = await storeFiles(owner, [file], { purpose, sessionId: null });
      if ('error' in outcome) throw outcome.error;
      return outcome;
    },
  };
}

/** An owner's stored documents: listed, read, opened and deleted. */
function ownedDocuments({ repository, retrieval }: DocumentsServiceDeps) {
  async function findOwned(ownerId: string, id: string): Promise<DocumentRow> {
    // A malformed id answers like another user's: 404, so ids cannot be probed.
    const row = isUuid(id) ? await repository.findOwned(ownerId, id) : undefined;
    if (!row) throw new NotFoundError('Document not found', 'document_not_found');
    return row;
  }

  return {
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

function quotaError(uploads: UploadLimits, used: Usage, adding: Usage): AppError {
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

/** The answer to POST /api/upload: what was stored, and what was refused and why, in request order. */
export function toUploadResponse(outcomes: FileOutcome[]): UploadResponse {
  const ordered = [...outcomes].sort((a, b) => a.index - b.index);
  return {
    files: ordered
      .filter((outcome): outcome is StoredFile => 'row' in outcome)
      .map(({ name, row, duplicate }) => ({ id: row.id, name, size: row.size, fileType: row.mime, status: row.status, duplicate })),
    failed: ordered.filter((outcome): outcome is RefusedFile => 'error' in outcome).map(toUploadFailure),
  };
}

function toDocumentDto(row: DocumentRow): DocumentDto {
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
