import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Multipart } from '@fastify/multipart';
import {
  MAX_INVOICES_PER_BATCH,
  TOO_MANY_INVOICES_MESSAGE,
  type InvoiceDto,
  type ParsedInvoice,
  type UploadInvoicesResult,
} from '@contract/invoices';
import type { VendorMatch } from '@contract/vendors';
import type { InvoiceLayout } from '../../adapters/extractors';
import { AppError, NotFoundError, ValidationError } from '../../errors';
import type { ExtractedInvoice } from '../../invoice-reading';
import type { Detected, DocumentsService, Uploader } from '../documents/documents.service';
import { inspectUpload } from '../documents/documents.service';
import type { DocumentRow } from '../documents/documents.repository';
import { spoolUpload, type SpooledFile } from '../documents/upload-spool';
import { toInvoiceDto, toNewInvoiceRow, toParsedInvoice, type StoredParse } from './invoice-dto';
import type { InvoiceRow, InvoicesRepository } from './invoices.repository';
import { isUuid } from '../../db/ids';

/** The vendor master as invoices need it (the vendors module answers). */
export interface VendorDirectory {
  match(query: { name: string; address?: string; phone?: string; email?: string }): Promise<VendorMatch[]>;
}

export interface InvoicesServiceDeps {
  repository: InvoicesRepository;
  documents: Pick<DocumentsService, 'storeSpooled'>;
  vendors: VendorDirectory;
  /** Reads a PDF's layout in the extractor sandbox. */
  readLayout(file: string): Promise<InvoiceLayout>;
  parseLayout(layout: InvoiceLayout): ExtractedInvoice[];
  maxFileBytes: number;
  tempDir?: string;
}

export function createInvoicesService(deps: InvoicesServiceDeps) {
  const { repository } = deps;

  async function findOwned(ownerId: string, id: string): Promise<InvoiceRow> {
    const row = isUuid(id) ? await repository.findOwned(ownerId, id) : undefined;
    if (!row) throw new NotFoundError('Invoice not found', 'invoice_not_found');
    return row;
  }

  async function present(row: InvoiceRow): Promise<ParsedInvoice> {
    const duplicate = row.invoiceNumber
      ? await repository.findConfirmedDuplicate({
          vendorId: row.vendorId,
          vendorName: row.vendorName,
          invoiceNumber: row.invoiceNumber,
          excludeId: row.id,
        })
      : undefined;
    return toParsedInvoice(row, duplicate);
  }

  /** Stores the PDF as a document, reads its invoices and saves them as Pending. */
  async function processFile(owner: Uploader, file: SpooledFile<Detected>): Promise<ParsedInvoice[]> {
    const layout = startLayoutRead(file);
    const { row: document } = await deps.documents.storeSpooled(owner, file, 'invoice');
    return readStoredPdf(owner, document, layout);
  }

  /**
   * Asks the sandbox for the layout before the document is stored: storing wakes the extraction
   * queue, and the pool runs jobs in order, so the person waiting on this invoice is served first.
   */
  function startLayoutRead(file: SpooledFile<Detected>): Promise<InvoiceLayout> {
    const layout = deps.readLayout(file.path);
    layout.catch(() => {}); // awaited by readStoredPdf, unless the PDF was read before
    return layout;
  }

  /** The invoices of a PDF stored as `document`, read once: the same PDF again gives back the same invoices. */
  async function readStoredPdf(owner: Uploader, document: DocumentRow, layout: Promise<InvoiceLayout>): Promise<ParsedInvoice[]> {
    const existing = await repository.listForDocument(owner.id, document.id);
    if (existing.length > 0) return Promise.all(existing.map(present));
    const extracted = deps.parseLayout(await layout);
    if (extracted.length === 0) {
      throw new AppError(422, 'no_invoice_found', `${document.filename}: no invoice could be read from this PDF.`);
    }
    const fresh = await Promise.all(extracted.map((invoice, position) => newRow(owner, document, invoice, position)));
    const rows = await repository.insertOrGetForDocument(owner.id, document.id, fresh);
    return Promise.all(rows.map(present));
  }

  async function newRow(owner: Uploader, document: DocumentRow, invoice: ExtractedInvoice, position: number) {
    const vendorMatches = invoice.vendor ? await deps.vendors.match({ name: invoice.vendor.value, ...invoice.vendorContact }) : [];
    return toNewInvoiceRow(invoice, {
      ownerId: owner.id,
      documentId: document.id,
      filename: document.filename,
      fileSize: document.size,
      position,
      vendorMatches,
    });
  }

  /** Spools the request's PDFs to a temp dir, hands them to `use`, and always cleans up. */
  async function withSpooledPdfs<T>(
    parts: AsyncIterable<Multipart>,
    maxFiles: number,
    use: (files: Array<SpooledFile<Detected>>) => Promise<T>,
  ): Promise<T> {
    const dir = await mkdtemp(path.join(deps.tempDir ?? tmpdir(), 'kai-invoice-'));
    try {
      const files = await spoolUpload(parts, {
        dir,
        maxFileBytes: deps.maxFileBytes,
        maxFiles,
        onField: () => {},
        inspect: inspectPdf,
      });
      if (files.length === 0) throw new ValidationError('No files selected: send a PDF in the "file" field.', 'no_files');
      return await use(files);
    } catch (error) {
      if (error instanceof AppError && error.code === 'too_many_files') {
        throw maxFiles === 1
          ? new ValidationError('Send one PDF per call to /api/upload-invoice; use /api/upload-invoices for several.', 'too_many_files')
          : new AppError(413, 'too_many_files', TOO_MANY_INVOICES_MESSAGE);
      }
      throw error;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  return {
    /** POST /api/upload-invoice: one PDF, which may hold several invoices. */
    async uploadOne(owner: Uploader, parts: AsyncIterable<Multipart>): Promise<ParsedInvoice[]> {
      return withSpooledPdfs(parts, 1, async ([file]) => processFile(owner, file));
    },

    /** POST /api/upload-invoices: up to ten PDFs; one file failing does not fail the others. */
    async uploadMany(owner: Uploader, parts: AsyncIterable<Multipart>): Promise<UploadInvoicesResult[]> {
      return withSpooledPdfs(parts, MAX_INVOICES_PER_BATCH, async (files) => {
        const results: UploadInvoicesResult[] = [];
        for (const file of files) {
          try {
            results.push({ success: true, filename: file.name, error: null, parsed_invoices: await processFile(owner, file) });
          } catch (error) {
            if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
            results.push({ success: false, filename: file.name, error: error.message, parsed_invoices: [] });
          }
        }
        return results;
      });
    },

    /** For a PDF uploaded through /api/upload with the purpose 'invoice': start before storing, read after. */
    startLayoutRead,
    readStoredPdf,

    async list(ownerId: string): Promise<InvoiceDto[]> {
      return (await repository.listOwned(ownerId)).map(toInvoiceDto);
    },

    async get(ownerId: string, id: string): Promise<InvoiceDto> {
      return toInvoiceDto(await findOwned(ownerId, id));
    },

    async getParsed(ownerId: string, id: string): Promise<ParsedInvoice> {
      return present(await findOwned(ownerId, id));
    },

    /** The invoice's PDF (an invoice goes when its PDF does). */
    async documentOf(ownerId: string, id: string): Promise<{ invoice: InvoiceRow; documentId: string }> {
      const invoice = await findOwned(ownerId, id);
      return { invoice, documentId: invoice.documentId };
    },

    findOwned,
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;

export function storedParse(row: InvoiceRow): StoredParse {
  return row.parsed as StoredParse;
}

/** Invoices are read from PDFs only (spec part 2). */
async function inspectPdf(head: Buffer, name: string): Promise<Detected> {
  const detected = await inspectUpload(head, name);
  if (detected.kind !== 'pdf') throw new AppError(415, 'unsupported_type', `${name}: invoices must be PDF files.`);
  return detected;
}
