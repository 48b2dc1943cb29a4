/**
 * Confirming invoices: the user's vendor and amount per line (or the invoice total alone) and the
 * header as corrected are checked against what was read, gated on the lines tying out to the
 * total, stored, and, at the end of a session, written into one import workbook. Invoices
 * confirmed under one dialog session_id share a batch and a workbook.
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { ConfirmInvoiceResponse, ImportFormat } from '@contract/invoices';
import { isUuid } from '../../db/ids';
import { NotFoundError } from '../../errors';
import {
  importFileName,
  writeImportWorkbook,
  writeVistaHeaderCsv,
  writeVistaLinesCsv,
  type ConfirmedInvoice,
  type ImportLayout,
} from '../../import-files';
import { committer, confirmBatch, createPreparation, type BatchInput } from './confirmation-steps';
import type { Choice, StoredConfirmation } from './invoice-choice';
import { importFilesOf } from './invoice-dto';
import type { ImportBatchRow, InvoiceRow, InvoicesRepository } from './invoices.repository';
import { storedParse, type InvoicesService } from './invoices.service';
import type { VendorDirectory } from '../vendors/vendor-directory';

export interface ConfirmationDeps {
  repository: InvoicesRepository;
  invoices: Pick<InvoicesService, 'findOwned'>;
  vendors: Pick<VendorDirectory, 'findByName' | 'rememberAlias'>;
  layout: () => Promise<ImportLayout | undefined>;
  now?: () => Date;
}

export function createInvoiceConfirmation(deps: ConfirmationDeps) {
  const { repository } = deps;
  const prepare = createPreparation(deps);
  const commit = committer(deps);
  const workbooks = batchWorkbooks(deps);

  return {
    /** POST /api/confirm-invoice */
    async confirmOne(
      confirmer: Confirmer,
      input: { invoiceId: string; sessionId: string; isLast: boolean; choice: Choice },
    ): Promise<ConfirmInvoiceResponse> {
      const ownerId = confirmer.id;
      const open = await repository.findBatchBySession(ownerId, input.sessionId);
      const batch = await commit(ownerId, input.sessionId, [await prepare(confirmer, input.invoiceId, input.choice, open?.id)]);
      if (!input.isLast) {
        const count = (await repository.listBatchInvoices(ownerId, batch.id)).length;
        return { filename: null, download_url: null, import_files: [], invoice_id: input.invoiceId, confirmed_count: count };
      }
      const written = await workbooks.write(ownerId, batch);
      return {
        filename: written.filename,
        download_url: written.download_url,
        import_files: importFilesOf(batch.id),
        invoice_id: input.invoiceId,
        confirmed_count: written.count,
      };
    },

    /** POST /api/confirm-invoices */
    confirmMany: (confirmer: Confirmer, input: BatchInput) => confirmBatch({ prepare, commit, workbooks, invoices: deps.invoices }, confirmer, input),

    openImport: workbooks.open,
  };
}

export type InvoiceConfirmation = ReturnType<typeof createInvoiceConfirmation>;

/** The signed-in user confirming: the owner of the invoices, named in what confirming stores. */
export interface Confirmer {
  id: string;
  name: string;
}

/** A batch's import files: the workbook written and stored at the end of a session, and read back. */
function batchWorkbooks(deps: ConfirmationDeps) {
  const { repository } = deps;
  const now = deps.now ?? (() => new Date());

  /** Writes the batch's workbook from everything confirmed under it so far. */
  async function write(ownerId: string, batch: ImportBatchRow): Promise<{ filename: string; download_url: string; count: number }> {
    const rows = await repository.listBatchInvoices(ownerId, batch.id);
    const when = now();
    const bytes = await writeImportWorkbook(rows.map(toConfirmedInvoice), { layout: await deps.layout(), postingDate: when });
    const filename = importFileName('xlsx', when, rows.length);
    await repository.saveBatchFile(ownerId, batch.id, { filename, bytes, blobId: randomUUID() });
    await repository.markExported(
      ownerId,
      rows.map((row) => row.id),
    );
    return { filename, download_url: `/api/invoice-imports/${batch.id}/download`, count: rows.length };
  }

  return {
    write,

    /**
     * The batch's import as a workbook (as written) or as Vista-style header/line CSV. A batch
     * whose dialog was closed before its last invoice has confirmed invoices and no file yet: it
     * is written now, so a confirmed invoice always reaches an import.
     */
    async open(ownerId: string, batchId: string, format: ImportFormat): Promise<{ filename: string; contentType: string; body: Readable | Buffer }> {
      let batch = isUuid(batchId) ? await repository.findBatchOwned(ownerId, batchId) : undefined;
      if (batch && !batch.blobId && (await repository.listBatchInvoices(ownerId, batch.id)).length > 0) {
        await write(ownerId, batch);
        batch = await repository.findBatchOwned(ownerId, batch.id);
      }
      if (!batch?.blobId || !batch.filename || !batch.writtenAt) throw new NotFoundError('Import file not found', 'import_not_found');
      if (format === 'xlsx') {
        return {
          filename: batch.filename,
          contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          body: repository.openBlob(batch.blobId),
        };
      }
      const invoices = (await repository.listBatchInvoices(ownerId, batch.id)).map(toConfirmedInvoice);
      const csv =
        format === 'aphb' ? writeVistaHeaderCsv(invoices, { month: batch.writtenAt }) : writeVistaLinesCsv(invoices, { month: batch.writtenAt });
      return {
        filename: importFileName(format, batch.writtenAt, invoices.length),
        contentType: 'text/csv; charset=utf-8',
        body: Buffer.from(csv, 'utf8'),
      };
    },
  };
}

function toConfirmedInvoice(row: InvoiceRow): ConfirmedInvoice {
  const confirmation = row.confirmation as StoredConfirmation;
  return {
    invoiceId: row.id,
    invoiceNumber: row.invoiceNumber,
    invoiceDate: row.invoiceDate,
    dueDate: row.dueDate,
    jobNumber: row.jobNumber,
    reference: row.reference,
    vendorName: confirmation.vendorName,
    vendorCode: confirmation.vendorCode,
    invoiceTotal: row.totalAmount === null ? null : Number(row.totalAmount),
    currency: storedParse(row).extracted.currency,
    totalOnly: confirmation.totalOnly,
    lines: confirmation.lines,
    sourceFile: row.filename,
    confirmedAt: row.confirmedAt ?? row.updatedAt,
    confirmedBy: confirmation.confirmedBy ?? null,
    corrections: confirmation.corrections ?? [],
    differenceReason: confirmation.differenceReason ?? null,
  };
}
