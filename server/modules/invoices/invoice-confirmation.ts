/**
 * Confirming invoices: the user's vendor and amount per line (or the invoice total alone) are
 * checked against what was read, stored, and, at the end of a session, written into one import
 * workbook. Invoices confirmed under one dialog session_id share a batch and a workbook.
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { ConfirmInvoiceResponse, ConfirmInvoicesResponse, ImportFormat, InvoiceMapping } from '@contract/invoices';
import { isUuid } from '../../db/ids';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import {
  importFileName,
  writeImportWorkbook,
  writeVistaHeaderCsv,
  writeVistaLinesCsv,
  type ConfirmedInvoice,
  type ImportLayout,
} from '../../import-files';
import { splitAddedCharges, withAddedCharges } from './added-charges';
import { createChoiceCheck, describe, sameBill, type Choice, type PreparedConfirmation, type StoredConfirmation } from './invoice-choice';
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
  const { repository, vendors } = deps;
  const check = createChoiceCheck(deps);
  const workbooks = batchWorkbooks(deps);

  /** One invoice's choice checked: the lines read from it, then any charges the user added. */
  async function prepare(ownerId: string, invoiceId: string, choice: Choice, batchId: string | undefined): Promise<PreparedConfirmation> {
    const { read, added } = splitAddedCharges(choice.mappings);
    return withAddedCharges(await check(ownerId, invoiceId, { ...choice, mappings: read }, batchId), added, vendors);
  }

  /** Stores the prepared confirmations under the session's batch, then learns their vendor aliases. */
  async function commit(ownerId: string, clientSessionId: string, prepared: PreparedConfirmation[]): Promise<ImportBatchRow> {
    const batch = await repository.confirmIntoBatch(
      ownerId,
      clientSessionId,
      prepared.map((p) => p.values),
    );
    if (!batch) {
      const names = prepared.map((p) => describe(p.row)).join(', ');
      throw new ConflictError(`${names} changed while being confirmed (deleted, or confirmed elsewhere); reload and try again.`, 'already_confirmed');
    }
    for (const { alias } of prepared) if (alias) await vendors.rememberAlias(alias.printedName, alias.vendorId, ownerId);
    return batch;
  }

  return {
    /** POST /api/confirm-invoice */
    async confirmOne(
      ownerId: string,
      input: { invoiceId: string; sessionId: string; isLast: boolean; choice: Choice },
    ): Promise<ConfirmInvoiceResponse> {
      const open = await repository.findBatchBySession(ownerId, input.sessionId);
      const batch = await commit(ownerId, input.sessionId, [await prepare(ownerId, input.invoiceId, input.choice, open?.id)]);
      if (!input.isLast) {
        const count = (await repository.listBatchInvoices(ownerId, batch.id)).length;
        return { filename: null, download_url: null, invoice_id: input.invoiceId, confirmed_count: count };
      }
      const written = await workbooks.write(ownerId, batch);
      return { filename: written.filename, download_url: written.download_url, invoice_id: input.invoiceId, confirmed_count: written.count };
    },

    /** POST /api/confirm-invoices: every invoice of the full-page flow into one new workbook. */
    async confirmMany(
      ownerId: string,
      input: { invoiceIds: string[]; mappings: InvoiceMapping[]; totalOnly: boolean },
    ): Promise<ConfirmInvoicesResponse> {
      const prepared: PreparedConfirmation[] = [];
      const failures: string[] = [];
      const invoiceIds = [...new Set(input.invoiceIds)];
      for (const invoiceId of invoiceIds) {
        const mappings = input.mappings.filter((mapping) => mapping.invoice_id === invoiceId);
        const { read } = splitAddedCharges(mappings);
        try {
          const totalOnly = input.totalOnly || read.length === 0 || read.some((mapping) => mapping.invoice_total_only === true);
          const next = await prepare(ownerId, invoiceId, { mappings, totalOnly }, undefined);
          // Nothing is stored until all are checked, so a bill sent twice in one batch is caught here.
          if (prepared.some((earlier) => sameBill(earlier, next))) {
            throw new ConflictError(
              `${describe(next.row)} from ${next.values.vendorName} is in this batch twice; it is added once.`,
              'duplicate_invoice',
            );
          }
          prepared.push(next);
        } catch (error) {
          if (!(error instanceof ValidationError || error instanceof ConflictError || error instanceof NotFoundError)) throw error;
          failures.push(error.message);
        }
      }
      if (prepared.length === 0) {
        return { success: false, processed_count: 0, error: failures.join(' '), filename: null, download_url: null };
      }
      const written = await workbooks.write(ownerId, await commit(ownerId, `page-${randomUUID()}`, prepared));
      return {
        success: true,
        processed_count: written.count,
        error: failures.length ? failures.join(' ') : null,
        filename: written.filename,
        download_url: written.download_url,
      };
    },

    openImport: workbooks.open,
  };
}

export type InvoiceConfirmation = ReturnType<typeof createInvoiceConfirmation>;

/** A batch's import files: the workbook written and stored at the end of a session, and read back. */
function batchWorkbooks(deps: ConfirmationDeps) {
  const { repository } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    /** Writes the batch's workbook from everything confirmed under it so far. */
    async write(ownerId: string, batch: ImportBatchRow): Promise<{ filename: string; download_url: string; count: number }> {
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
    },

    /** The batch's import as a workbook (as written) or as Vista-style header/line CSV. */
    async open(ownerId: string, batchId: string, format: ImportFormat): Promise<{ filename: string; contentType: string; body: Readable | Buffer }> {
      const batch = isUuid(batchId) ? await repository.findBatchOwned(ownerId, batchId) : undefined;
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
  };
}
