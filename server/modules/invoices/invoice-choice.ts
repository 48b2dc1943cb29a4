/**
 * Checking a user's choice for one invoice (a vendor and amount per line, or the invoice total
 * alone) against what was read from it, and working out what confirming it stores.
 */
import type { InvoiceMapping } from '@contract/invoices';
import { ConflictError, ValidationError } from '../../errors';
import type { ConfirmedInvoiceLine } from '../../import-files';
import type { InvoiceConfirmationValues, InvoiceRow, InvoicesRepository } from './invoices.repository';
import { storedParse, type InvoicesService } from './invoices.service';
import type { VendorDirectory } from '../vendors/vendor-directory';

interface ChoiceCheckDeps {
  repository: Pick<InvoicesRepository, 'findConfirmedDuplicate'>;
  invoices: Pick<InvoicesService, 'findOwned'>;
  vendors: Pick<VendorDirectory, 'findByName'>;
}

export interface Choice {
  mappings: InvoiceMapping[];
  totalOnly: boolean;
  invoiceVendor?: string;
}

/** One invoice's confirmation, checked and ready to store. */
export interface PreparedConfirmation {
  row: InvoiceRow;
  values: InvoiceConfirmationValues;
  alias?: { printedName: string; vendorId: string };
}

/** What `invoices.confirmation` holds. */
export interface StoredConfirmation {
  totalOnly: boolean;
  vendorName: string;
  vendorCode: string | null;
  lines: ConfirmedInvoiceLine[];
}

/**
 * Checks one invoice's confirmation and works out what to store, writing nothing: a batch is
 * only opened once its invoices are known to be valid. `batchId`: the session's batch, under
 * which an already confirmed invoice may be confirmed again.
 */
export function createChoiceCheck(deps: ChoiceCheckDeps) {
  const { repository, vendors } = deps;

  async function resolveVendor(name: string) {
    const found = await vendors.findByName(name);
    return { id: found?.id ?? null, code: found?.code ?? null, name: found?.name ?? name };
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

  return async function prepare(ownerId: string, invoiceId: string, choice: Choice, batchId: string | undefined): Promise<PreparedConfirmation> {
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
  };
}

/** The same vendor's same invoice number, as findConfirmedDuplicate compares them. */
export function sameBill(a: PreparedConfirmation, b: PreparedConfirmation): boolean {
  const number = (p: PreparedConfirmation) => p.row.invoiceNumber?.toLowerCase();
  if (!number(a) || number(a) !== number(b)) return false;
  return a.values.vendorId ? a.values.vendorId === b.values.vendorId : a.values.vendorName.toLowerCase() === b.values.vendorName.toLowerCase();
}

export function describe(row: InvoiceRow): string {
  return row.invoiceNumber ? `Invoice ${row.invoiceNumber}` : `The invoice in ${row.filename}`;
}

function duplicateError(row: InvoiceRow, vendorName: string): ConflictError {
  return new ConflictError(`${describe(row)} from ${vendorName} was already confirmed; it is not added twice.`, 'duplicate_invoice');
}

function totalDescription(row: InvoiceRow): string {
  return row.invoiceNumber ? `Invoice ${row.invoiceNumber} total` : 'Invoice total';
}

function round(amount: number): number {
  return Math.round(amount * 100) / 100;
}
