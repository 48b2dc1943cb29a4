/**
 * Checking a user's choice for one invoice (a vendor and amount per line, or the invoice total
 * alone, and the header as corrected) against what was read from it, and working out what
 * confirming it stores.
 */
import type { InvoiceCorrection, InvoiceMapping } from '@contract/invoices';
import { ConflictError, ValidationError } from '../../errors';
import type { ConfirmedInvoiceLine } from '../../import-files';
import type { InvoiceConfirmationValues, InvoiceRow, InvoicesRepository } from './invoices.repository';
import { storedParse, type InvoicesService } from './invoices.service';
import { correctHeader, lineCorrections, removedLine, totalCorrection, type HeaderCorrections } from './review-corrections';
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
  corrections?: HeaderCorrections;
  /** The clerk's reason for confirming lines that do not add up to the total. */
  acceptDifference?: { reason: string };
}

/** One invoice's confirmation, checked and ready to store. */
export interface PreparedConfirmation {
  row: InvoiceRow;
  values: InvoiceConfirmationValues;
  alias?: { printedName: string; vendorId: string };
}

/** What `invoices.confirmation` holds. The review fields are absent on invoices confirmed before review kept them. */
export interface StoredConfirmation {
  totalOnly: boolean;
  vendorName: string;
  vendorCode: string | null;
  lines: ConfirmedInvoiceLine[];
  /** Who confirmed it: a name, else an e-mail address. */
  confirmedBy?: string;
  /** What the clerk changed, each beside the value as read. */
  corrections?: InvoiceCorrection[];
  /** Why lines that differ from the total were accepted. */
  differenceReason?: string | null;
}

/**
 * Checks one invoice's confirmation and works out what to store, writing nothing: a batch is
 * only opened once its invoices are known to be valid. `batchId`: the session's batch, under
 * which an already confirmed invoice may be confirmed again.
 */
export function createChoiceCheck(deps: ChoiceCheckDeps) {
  const { repository } = deps;
  const resolveVendor = vendorResolver(deps.vendors);

  async function totalLine(row: InvoiceRow, choice: Choice): Promise<{ lines: ConfirmedInvoiceLine[]; corrections: InvoiceCorrection[] }> {
    const [first] = choice.mappings;
    const amount = first?.amount ?? (row.totalAmount === null ? undefined : Number(row.totalAmount));
    if (amount === undefined) throw new ValidationError(`${describe(row)} has no total: enter the amount to post.`, 'amount_required');
    const vendorName = choice.invoiceVendor ?? first?.chosen_vendor ?? row.vendorName;
    if (!vendorName) throw new ValidationError(`Choose the vendor of ${describe(row)}.`, 'vendor_required');
    const vendor = await resolveVendor(vendorName);
    const line = { lineNumber: 1, description: totalDescription(row), amount: round(amount), vendorName: vendor.name, vendorCode: vendor.code };
    return { lines: [line], corrections: totalCorrection(storedParse(row).extracted.totalAmount?.value ?? null, line.amount) };
  }

  return async function prepare(ownerId: string, invoiceId: string, choice: Choice, batchId: string | undefined): Promise<PreparedConfirmation> {
    const row = await deps.invoices.findOwned(ownerId, invoiceId);
    if (row.status !== 'pending' && (!batchId || row.batchId !== batchId)) {
      throw new ConflictError(`${describe(row)} was already confirmed.`, 'already_confirmed');
    }
    const { extracted } = storedParse(row);
    const { header, corrected } = correctHeader(extracted, choice.corrections);
    const posted = choice.totalOnly ? await totalLine(row, choice) : await itemLines(row, choice.mappings, resolveVendor);
    const lines = posted.lines;
    const firstVendor = choice.invoiceVendor ?? lines[0]?.vendorName ?? choice.mappings.find((mapping) => mapping.chosen_vendor)?.chosen_vendor;
    if (!firstVendor) throw new ValidationError(`Choose the vendor of ${describe(row)}.`, 'vendor_required');
    const invoiceVendor = await resolveVendor(firstVendor);

    if (header.invoiceNumber) {
      const duplicate = await repository.findConfirmedDuplicate({
        vendorId: invoiceVendor.id,
        vendorName: invoiceVendor.name,
        invoiceNumber: header.invoiceNumber,
        excludeId: row.id,
      });
      if (duplicate) throw duplicateError(header.invoiceNumber, invoiceVendor.name);
    }
    const confirmation: StoredConfirmation = {
      totalOnly: choice.totalOnly,
      vendorName: invoiceVendor.name,
      vendorCode: invoiceVendor.code,
      lines,
      corrections: [...corrected, ...posted.corrections],
    };
    return {
      row,
      values: { invoiceId: row.id, vendorId: invoiceVendor.id, vendorName: invoiceVendor.name, header, confirmation },
      alias: invoiceVendor.id && extracted.vendor ? { printedName: extracted.vendor.value, vendorId: invoiceVendor.id } : undefined,
    };
  };
}

type VendorResolver = ReturnType<typeof vendorResolver>;

/** A vendor name typed or picked, as the vendor master has it (id and code), else as typed. */
function vendorResolver(vendors: Pick<VendorDirectory, 'findByName'>) {
  return async (name: string) => {
    const found = await vendors.findByName(name);
    return { id: found?.id ?? null, code: found?.code ?? null, name: found?.name ?? name };
  };
}

/**
 * Every read line is posted with the clerk's vendor, amount and description, or removed; none
 * is left out silently (docs/product-rules.md, Invoices).
 */
async function itemLines(
  row: InvoiceRow,
  mappings: InvoiceMapping[],
  resolveVendor: VendorResolver,
): Promise<{ lines: ConfirmedInvoiceLine[]; corrections: InvoiceCorrection[] }> {
  if (mappings.length === 0) {
    throw new ValidationError(`Choose a vendor and amount for the lines of ${describe(row)}, or use Invoice Total Only.`, 'mappings_required');
  }
  const items = storedParse(row).extracted.lineItems;
  const seen = new Set<number>();
  const lines: ConfirmedInvoiceLine[] = [];
  const corrections: InvoiceCorrection[] = [];
  for (const mapping of [...mappings].sort((a, b) => a.line_number - b.line_number)) {
    if (seen.has(mapping.line_number)) throw new ValidationError(`Line ${mapping.line_number} is mapped twice.`, 'duplicate_line');
    seen.add(mapping.line_number);
    const item = items[mapping.line_number - 1];
    // An invoice whose items could not be read offers one line: its total.
    if (!item && !(items.length === 0 && mapping.line_number === 1)) {
      throw new ValidationError(`${describe(row)} has no line ${mapping.line_number}.`, 'unknown_line');
    }
    const read = item ? { description: item.description, amount: item.amount } : { description: totalDescription(row), amount: readTotal(row) };
    if (mapping.removed) {
      corrections.push(removedLine(mapping.line_number, { description: read.description, amount: read.amount ?? 0 }));
      continue;
    }
    const vendor = await resolveVendor(mapping.chosen_vendor);
    const line = {
      lineNumber: mapping.line_number,
      description: mapping.description || read.description,
      amount: round(mapping.amount),
      vendorName: vendor.name,
      vendorCode: vendor.code,
    };
    lines.push(line);
    corrections.push(...lineCorrections(line.lineNumber, read, line));
  }
  const unmapped = items.map((_, index) => index + 1).filter((lineNumber) => !seen.has(lineNumber));
  if (unmapped.length > 0) {
    throw new ValidationError(
      `${describe(row)}: line ${unmapped.join(', ')} has no vendor and amount; map every read line, or send it with removed: true.`,
      'line_not_mapped',
    );
  }
  return { lines, corrections };
}

/** The same vendor's same invoice number, as findConfirmedDuplicate compares them. */
export function sameBill(a: PreparedConfirmation, b: PreparedConfirmation): boolean {
  const number = (p: PreparedConfirmation) => p.values.header.invoiceNumber?.toLowerCase();
  if (!number(a) || number(a) !== number(b)) return false;
  return a.values.vendorId ? a.values.vendorId === b.values.vendorId : a.values.vendorName.toLowerCase() === b.values.vendorName.toLowerCase();
}

export function describe(row: InvoiceRow): string {
  return row.invoiceNumber ? `Invoice ${row.invoiceNumber}` : `The invoice in ${row.filename}`;
}

function duplicateError(invoiceNumber: string, vendorName: string): ConflictError {
  return new ConflictError(`Invoice ${invoiceNumber} from ${vendorName} was already confirmed; it is not added twice.`, 'duplicate_invoice');
}

function readTotal(row: InvoiceRow): number | null {
  return storedParse(row).extracted.totalAmount?.value ?? null;
}

function totalDescription(row: InvoiceRow): string {
  return row.invoiceNumber ? `Invoice ${row.invoiceNumber} total` : 'Invoice total';
}

function round(amount: number): number {
  return Math.round(amount * 100) / 100;
}
