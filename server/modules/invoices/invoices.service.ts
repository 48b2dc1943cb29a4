import type { FastifyBaseLogger } from 'fastify';
import type { UploadFields } from '@contract/documents';
import type { InvoiceDto, ParsedInvoice, UploadInvoicesResult } from '@contract/invoices';
import type { InvoiceLayout } from '../../adapters/extractors';
import { isUuid } from '../../db/ids';
import { AppError, ConflictError, NotFoundError } from '../../errors';
import { fileRefusal, inspectUpload, type Detected, type ReceivedUpload, type SpooledFile } from '../../http/uploads';
import { looksLikeInvoice, type ExtractedInvoice } from '../../invoice-reading';
import type { DocumentRow } from '../documents/documents.repository';
import type { DocumentsService, FileOutcome, Uploader } from '../documents/documents.service';
import type { VendorDirectory } from '../vendors/vendor-directory';
import { weighVendorList } from './vendor-evidence';
import { toInvoiceDto, toNewInvoiceRow, toParsedInvoice, type StoredParse } from './invoice-dto';
import type { InvoiceRow, InvoicesRepository } from './invoices.repository';
import type { FillFields } from './model-fill';

export interface InvoicesServiceDeps {
  repository: InvoicesRepository;
  documents: Pick<DocumentsService, 'storeOne' | 'storeFiles'>;
  vendors: Pick<VendorDirectory, 'match'>;
  /** Reads a PDF's layout in the extractor sandbox. */
  readLayout(file: string): Promise<InvoiceLayout>;
  parseLayout(layout: InvoiceLayout): ExtractedInvoice[];
  /** With a language model configured: fills what the rules could not settle (decision 014). */
  fillFields?: FillFields;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

export function createInvoicesService(deps: InvoicesServiceDeps) {
  return { ...invoiceUploads(deps), ...ownedInvoices(deps.repository) };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;

/** Uploaded PDFs read into Pending invoices, each PDF once. */
function invoiceUploads(deps: InvoicesServiceDeps) {
  const { repository } = deps;

  /** Stores the PDF as a document, reads its invoices and saves them as Pending. */
  async function processFile(owner: Uploader, file: SpooledFile<Detected>): Promise<ParsedInvoice[]> {
    const layout = startLayoutRead(file);
    const { row: document } = await deps.documents.storeOne(owner, file, 'invoice');
    return readStoredPdf(owner, document, layout);
  }

  /**
   * Asks the sandbox for the layout before the document is stored: storing wakes the extraction
   * queue, and the pool runs jobs in order, so the person waiting on this invoice is served first.
   */
  function startLayoutRead(file: SpooledFile<Detected>): Promise<InvoiceLayout> {
    const layout = deps.readLayout(file.path);
    layout.catch(() => {}); // awaited by readStoredPdf, unless every invoice of the PDF was confirmed before
    return layout;
  }

  /**
   * The invoices of a PDF stored as `document`. The same PDF again is read afresh (vendor
   * suggestions use what KAI has learnt since) under the name it was uploaded with this time,
   * keeping each pending invoice's id; a confirmed invoice stays as it was confirmed.
   */
  async function readStoredPdf(owner: Uploader, document: DocumentRow, layout: Promise<InvoiceLayout>): Promise<ParsedInvoice[]> {
    const existing = await repository.listRenamedForDocument(owner.id, document.id, document.filename);
    if (existing.length > 0 && existing.every((row) => row.status !== 'pending')) return Promise.all(existing.map((row) => present(repository, row)));
    const pageLayout = await layout;
    const read = deps.parseLayout(pageLayout);
    if (read.length === 0) {
      throw new AppError(422, 'no_invoice_found', `${document.filename}: no invoice could be read from this PDF.`);
    }
    const extracted = read.filter(looksLikeInvoice);
    if (extracted.length === 0) {
      throw new AppError(
        422,
        'not_an_invoice',
        `${document.filename}: this PDF does not look like an invoice; no invoice number, amount due or priced line was found on it.`,
      );
    }
    const fresh = await Promise.all(extracted.map((invoice, position) => newRow(deps, { owner, document, layout: pageLayout }, invoice, position)));
    await repository.saveReading(owner.id, document.id, fresh);
    // Read back: a request reading the same PDF side by side may have saved its rows first.
    const rows = await repository.listRenamedForDocument(owner.id, document.id, document.filename);
    return Promise.all(rows.map((row) => present(repository, row)));
  }

  return {
    /** POST /api/upload-invoice: one PDF, which may hold several invoices. */
    uploadOne: processFile,

    /** POST /api/upload-invoices: up to ten PDFs; each file succeeds or fails alone, in request order. */
    async uploadMany(owner: Uploader, upload: Pick<ReceivedUpload<unknown, Detected>, 'files' | 'refused'>): Promise<UploadInvoicesResult[]> {
      const results = new Map<number, UploadInvoicesResult>();
      for (const file of upload.refused) results.set(file.index, failed(file.name, file.error));
      for (const file of upload.files) {
        try {
          results.set(file.index, { success: true, filename: file.name, error: null, parsed_invoices: await processFile(owner, file) });
        } catch (error) {
          results.set(file.index, failed(file.name, fileRefusal(error)));
        }
      }
      return [...results.entries()].sort(([a], [b]) => a - b).map(([, result]) => result);
    },

    /**
     * The sidebar's upload with the purpose 'invoice': every file is stored like any upload, and a
     * PDF is also read as an invoice; one that holds no readable invoice stays an ordinary document.
     */
    async intake(owner: Uploader, files: Array<SpooledFile<Detected>>, fields: UploadFields): Promise<FileOutcome[]> {
      const layouts = new Map(files.filter((file) => file.inspected.kind === 'pdf').map((file) => [file.index, startLayoutRead(file)]));
      const outcomes = await deps.documents.storeFiles(owner, files, fields);
      for (const outcome of outcomes) {
        const layout = layouts.get(outcome.index);
        if (!layout || !('row' in outcome)) continue;
        await readStoredPdf(owner, outcome.row, layout).catch((err: unknown) => {
          deps.log.warn({ err, documentId: outcome.row.id }, 'an upload marked as invoice could not be read as one');
        });
      }
      return outcomes;
    },
  };
}

/** The row of one invoice read: what a model may fill is filled before its vendor is matched. */
async function newRow(
  deps: InvoicesServiceDeps,
  { owner, document, layout }: { owner: Uploader; document: DocumentRow; layout: InvoiceLayout },
  read: ExtractedInvoice,
  position: number,
) {
  const { invoice, filledByModel } = deps.fillFields
    ? await deps.fillFields(read, layout, { documentId: document.id, userId: owner.id })
    : { invoice: read, filledByModel: [] };
  const { invoice: weighed, vendorMatches } = await weighVendorList(deps.vendors, invoice);
  return toNewInvoiceRow(weighed, {
    ownerId: owner.id,
    documentId: document.id,
    filename: document.filename,
    fileSize: document.size,
    position,
    vendorMatches,
    filledByModel,
  });
}

/** An owner's invoices, as listed and as read. */
function ownedInvoices(repository: InvoicesRepository) {
  async function findOwned(ownerId: string, id: string): Promise<InvoiceRow> {
    const row = isUuid(id) ? await repository.findOwned(ownerId, id) : undefined;
    if (!row) throw new NotFoundError('Invoice not found', 'invoice_not_found');
    return row;
  }

  return {
    async list(ownerId: string): Promise<InvoiceDto[]> {
      return (await repository.listOwned(ownerId)).map(toInvoiceDto);
    },

    async get(ownerId: string, id: string): Promise<InvoiceDto> {
      return toInvoiceDto(await findOwned(ownerId, id));
    },

    async getParsed(ownerId: string, id: string): Promise<ParsedInvoice> {
      return present(repository, await findOwned(ownerId, id));
    },

    /** Discards a pending invoice; one confirmed (or exported) is part of an import and stays. */
    async discard(ownerId: string, id: string): Promise<void> {
      const row = await findOwned(ownerId, id);
      const confirmed = () =>
        new ConflictError(
          `${row.invoiceNumber ? `Invoice ${row.invoiceNumber}` : 'This invoice'} was already confirmed; it cannot be discarded.`,
          'invoice_confirmed',
        );
      if (row.status !== 'pending') throw confirmed();
      // Confirmed between the read and the delete: the delete names status, so it removes nothing.
      if (!(await repository.deletePending(ownerId, id))) throw confirmed();
    },

    /** The invoice's PDF (an invoice goes when its PDF does). */
    async documentOf(ownerId: string, id: string): Promise<{ invoice: InvoiceRow; documentId: string }> {
      const invoice = await findOwned(ownerId, id);
      return { invoice, documentId: invoice.documentId };
    },

    findOwned,
  };
}

/**
 * The invoice as read, with the confirmed invoice it would repeat, if any. A confirmed invoice
 * shown again (its PDF uploaded once more, under any name) repeats itself.
 */
async function present(repository: Pick<InvoicesRepository, 'findConfirmedDuplicate'>, row: InvoiceRow): Promise<ParsedInvoice> {
  if (row.status !== 'pending') return toParsedInvoice(row, { confirmedAt: row.confirmedAt });
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

export function storedParse(row: InvoiceRow): StoredParse {
  return row.parsed as StoredParse;
}

function failed(filename: string, error: AppError): UploadInvoicesResult {
  return { success: false, filename, error: error.message, parsed_invoices: [] };
}

/** Invoices are read from PDFs only. */
export async function inspectPdf(head: Buffer, name: string): Promise<Detected> {
  const detected = await inspectUpload(head, name);
  if (detected.kind !== 'pdf') throw new AppError(415, 'unsupported_type', `${name}: invoices must be PDF files.`);
  return detected;
}
