/**
 * Charges a user adds to an invoice at review (a fee, tax or freight that no read line carries),
 * so the lines written tie to the printed total. They are numbered after the invoice's own lines
 * and written like any line; the workbook's Summary names how many there are.
 */
import { MAX_ADDED_CHARGES, type InvoiceMapping } from '@contract/invoices';
import { ValidationError } from '../../errors';
import type { ConfirmedInvoiceLine } from '../../import-files';
import { describe, type PreparedConfirmation, type StoredConfirmation } from './invoice-choice';
import { storedParse } from './invoices.service';
import type { VendorDirectory } from '../vendors/vendor-directory';

const ADDED_CHARGE_DESCRIPTION = 'Charge added at review';

/** The mappings of lines read from the invoice, apart from the charges the user added. */
export function splitAddedCharges(mappings: InvoiceMapping[]): { read: InvoiceMapping[]; added: InvoiceMapping[] } {
  return { read: mappings.filter((mapping) => mapping.added !== true), added: mappings.filter((mapping) => mapping.added === true) };
}

/** The prepared confirmation with the added charges checked and among its lines, in line order. */
export async function withAddedCharges(
  prepared: PreparedConfirmation,
  added: InvoiceMapping[],
  vendors: Pick<VendorDirectory, 'findByName'>,
): Promise<PreparedConfirmation> {
  if (added.length === 0) return prepared;
  const { row, values } = prepared;
  const confirmation = values.confirmation as StoredConfirmation;
  const name = describe(row);
  if (confirmation.totalOnly) {
    throw new ValidationError(
      `${name} is posted as Invoice Total Only, which writes one line: remove its added charges or untick Invoice Total Only.`,
      'added_charge_with_total_only',
    );
  }
  if (added.length > MAX_ADDED_CHARGES) {
    throw new ValidationError(
      `${name} has ${added.length} added charges; at most ${MAX_ADDED_CHARGES} can be added to one invoice.`,
      'too_many_added_charges',
    );
  }
  // An invoice whose items could not be read offers one line, its total.
  const ownLines = Math.max(storedParse(row).extracted.lineItems.length, 1);
  const taken = new Set(confirmation.lines.map((line) => line.lineNumber));
  const lines: ConfirmedInvoiceLine[] = [];
  for (const mapping of added) {
    if (mapping.line_number <= ownLines) {
      throw new ValidationError(
        `${name}: an added charge is numbered after the invoice's ${ownLines} line(s), not ${mapping.line_number}.`,
        'added_line_number',
      );
    }
    if (taken.has(mapping.line_number)) throw new ValidationError(`Line ${mapping.line_number} is mapped twice.`, 'duplicate_line');
    taken.add(mapping.line_number);
    const vendor = await vendors.findByName(mapping.chosen_vendor);
    lines.push({
      lineNumber: mapping.line_number,
      description: mapping.description || ADDED_CHARGE_DESCRIPTION,
      amount: Math.round(mapping.amount * 100) / 100,
      vendorName: vendor?.name ?? mapping.chosen_vendor,
      vendorCode: vendor?.code ?? null,
      added: true,
    });
  }
  const all = [...confirmation.lines, ...lines].sort((a, b) => a.lineNumber - b.lineNumber);
  return { ...prepared, values: { ...values, confirmation: { ...confirmation, lines: all } satisfies StoredConfirmation } };
}
