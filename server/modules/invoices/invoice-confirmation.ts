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
  type ConfirmedInvoiceLine,
  type ImportLayout,
} from '../../import-files';
import type { ImportBatchRow, InvoiceConfirmationValues, InvoiceRow, InvoicesRepository } from './invoices.repository';
import { storedParse, type InvoicesService } from './invoices.service';
import type { VendorDirectory } from '../vendors/vendor-directory';

export interface ConfirmationDeps {
  repository: InvoicesRepository;
  invoices: Pick<InvoicesService, 'findOwned'>;
  vendors: Pick<VendorDirectory, 'findByName' | 'rememberAlias'>;
  layout: () => Promise<ImportLayout | undefined>;
  now?: () => Date;
}

export interface Choice {
  mappings: InvoiceMapping[];
  totalOnly: boolean;
  invoiceVendor?: string;
}

/** One invoice's confirmation, checked and ready to store. */
interface Prepared {
  row: InvoiceRow;
  values: InvoiceConfirmationValues;
  alias?: { printedName: string; vendorId: string };
}

/** What `invoices.confirmation` holds. */
interface StoredConfirmation {
  totalOnly: boolean;
  vendorName: string;
  vendorCode: string | null;
  lines: ConfirmedInvoiceLine[];
}

export function createInvoiceConfirmation(deps: ConfirmationDeps) {
  const { repository, vendors } = deps;
  const now = deps.now ?? (() => new Date());

  async function resolveVendor(name: string) {
    const found = await vendors.findByName(name);
    return { id: found?.id ?? null, code: found?.code ?? null, name: found?.name ?? name };
  }

  /**
   * Checks one invoice's confirmation and works out what to store, writing nothing: a batch is
   * only opened once its invoices are known to be valid. `batchId`: the session's batch, under
   * which an already confirmed invoice may be confirmed again.
   */
  async function prepare(ownerId: string, invoiceId: string, choice: Choice, batchId: string | undefined): Promise<Prepared> {
    const row = await deps.invoices.findOwned(ownerId, invoiceId);
    if (row.status !== 'pending' && (!batchId || row.batchId !== batchId)) {
      throw new ConflictError(`${describe(row)} was already confirmed.`, 'already_confirmed');
    }
    const { extracted } = storedParse(row);
    const lines = choice.totalOnly ? [await totalLine(row, choice)] : await itemLines(row, choice.mappings);
    const invoiceVendor = await resolveVendor(choice.invoiceVendor ?? lines[0].vendorName);

    if (row.invoiceNumber) {
      const duplicate = await repository.findConfirmedDuplicate({
        vendorId: invoiceVendor.id,
        vendorName: invoiceVendor.name,
        invoiceNumber: row.invoiceNumber,
        excludeId: row.id,
      });
      if (duplicate) throw duplicateError(row, invoiceVendor.name);
    }
    const confirmation: StoredConfirmation = { totalOnly: choice.totalOnly, vendorName: invoiceVendor.name, vendorCode: invoiceVendor.code, lines };
    return {
      row,
      values: { invoiceId: row.id, vendorId: invoiceVendor.id, vendorName: invoiceVendor.name, confirmation },
      alias: invoiceVendor.id && extracted.vendor ? { printedName: extracted.vendor.value, vendorId: invoiceVendor.id } : undefined,
    };
  }

  /** Stores the prepared confirmations under the session's batch, then learns their vendor aliases. */
  async function commit(ownerId: string, clientSessionId: string, prepared: Prepared[]): Promise<ImportBatchRow> {
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

  async function totalLine(row: InvoiceRow, choice: Choice): Promise<ConfirmedInvoiceLine> {
    const [first] = choice.mappings;
    const amount = first?.amount ?? (row.totalAmount === null ? undefined : Number(row.totalAmount));
    if (amount === undefined) throw new ValidationError(`${describe(row)} has no total: enter the amount to post.`, 'amount_required');
    const vendorName = choice.invoiceVendor ?? first?.chosen_vendor ?? row.vendorName;
    if (!vendorName) throw new ValidationError(`Choose the vendor of ${describe(row)}.`, 'vendor_required');
    const vendor = await resolveVendor(vendorName);
    return { lineNumber: 1, description: totalDescription(row), amount: round(amount), vendorName: vendor.name, vendorCode: vendor.code };
  }

  async function itemLines(row: InvoiceRow, mappings: InvoiceMapping[]): Promise<ConfirmedInvoiceLine[]> {
    if (mappings.length === 0) {
      throw new ValidationError(`Choose a vendor and amount for the lines of ${describe(row)}, or use Invoice Total Only.`, 'mappings_required');
    }
    const items = storedParse(row).extracted.lineItems;
    const seen = new Set<number>();
    const lines: ConfirmedInvoiceLine[] = [];
    for (const mapping of [...mappings].sort((a, b) => a.line_number - b.line_number)) {
      if (seen.has(mapping.line_number)) throw new ValidationError(`Line ${mapping.line_number} is mapped twice.`, 'duplicate_line');
      seen.add(mapping.line_number);
      const item = items[mapping.line_number - 1];
      // An invoice whose items could not be read offers one line: its total.
      if (!item && !(items.length === 0 && mapping.line_number === 1)) {
        throw new ValidationError(`${describe(row)} has no line ${mapping.line_number}.`, 'unknown_line');
      }
      const vendor = await resolveVendor(mapping.chosen_vendor);
      lines.push({
        lineNumber: mapping.line_number,
        description: item?.description ?? totalDescription(row),
        amount: round(mapping.amount),
        vendorName: vendor.name,
        vendorCode: vendor.code,
      });
    }
    return lines;
  }

  /** Writes the batch's workbook from everything confirmed under it so far. */
  async function writeBatch(ownerId: string, batch: ImportBatchRow): Promise<{ filename: string; download_url: string; count: number }> {
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
      const written = await writeBatch(ownerId, batch);
      return { filename: written.filename, download_url: written.download_url, invoice_id: input.invoiceId, confirmed_count: written.count };
    },

    /** POST /api/confirm-invoices: every invoice of the full-page flow into one new workbook. */
    async confirmMany(
      ownerId: string,
      input: { invoiceIds: string[]; mappings: InvoiceMapping[]; totalOnly: boolean },
    ): Promise<ConfirmInvoicesResponse> {
      const prepared: Prepared[] = [];
      const failures: string[] = [];
      const invoiceIds = [...new Set(input.invoiceIds)];
      for (const invoiceId of invoiceIds) {
        const mappings = input.mappings.filter((mapping) => mapping.invoice_id === invoiceId);
        try {
          const next = await prepare(ownerId, invoiceId, { mappings, totalOnly: input.totalOnly || mappings.length === 0 }, undefined);
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
      const written = await writeBatch(ownerId, await commit(ownerId, `page-${randomUUID()}`, prepared));
      return {
        success: true,
        processed_count: written.count,
        error: failures.length ? failures.join(' ') : null,
        filename: written.filename,
        download_url: written.download_url,
      };
    },

    /** The batch's import as a workbook (as written) or as Vista-style header/line CSV. */
    async openImport(
      ownerId: string,
      batchId: string,
      format: ImportFormat,
    ): Promise<{ filename: string; contentType: string; body: Readable | Buffer }> {
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

export type InvoiceConfirmation = ReturnType<typeof createInvoiceConfirmation>;

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
    totalOnly: confirmation.totalOnly,
    lines: confirmation.lines,
    sourceFile: row.filename,
    confirmedAt: row.confirmedAt ?? row.updatedAt,
  };
}

function duplicateError(row: InvoiceRow, vendorName: string): ConflictError {
  return new ConflictError(`${describe(row)} from ${vendorName} was already confirmed; it is not added twice.`, 'duplicate_invoice');
}

/** The same vendor's same invoice number, as findConfirmedDuplicate compares them. */
function sameBill(a: Prepared, b: Prepared): boolean {
  const number = (p: Prepared) => p.row.invoiceNumber?.toLowerCase();
  if (!number(a) || number(a) !== number(b)) return false;
  return a.values.vendorId ? a.values.vendorId === b.values.vendorId : a.values.vendorName.toLowerCase() === b.values.vendorName.toLowerCase();
}

function describe(row: InvoiceRow): string {
  return row.invoiceNumber ? `Invoice ${row.invoiceNumber}` : `The invoice in ${row.filename}`;
}

function totalDescription(row: InvoiceRow): string {
  return row.invoiceNumber ? `Invoice ${row.invoiceNumber} total` : 'Invoice total';
}

function round(amount: number): number {
  return Math.round(amount * 100) / 100;
}
