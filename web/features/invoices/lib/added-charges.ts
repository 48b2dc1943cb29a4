import { MAX_ADDED_CHARGES, type InvoiceMapping, type ParsedInvoice } from '@contract/invoices';
import { reviewLines } from './review-lines';
import type { TieOut } from './tie-out';

/**
 * A charge the user adds at review (a fee, tax or freight no read line carries) so the lines tie
 * to the total. It is numbered after the invoice's own lines (docs/product-rules.md, Invoices).
 */
export type AddedCharge = {
  lineNumber: number;
  description: string;
  amount: number;
  /** null: the invoice's vendor, whichever it is when confirming. */
  vendor: string | null;
};

export type TieOutDifference = Extract<TieOut, { status: 'differs' }>;
/**
 * When a charge can be added: the lines differ from the total, or no total was read (a bill read
 * without its lines or total, where an added charge is the only way to confirm it).
 */
export type ChargeOffer = TieOutDifference | Extract<TieOut, { status: 'no-total' }>;

export function offersCharge(result: TieOut): result is ChargeOffer {
  return result.status === 'differs' || result.status === 'no-total';
}

export function canAddCharge(charges: AddedCharge[]): boolean {
  return charges.length < MAX_ADDED_CHARGES;
}

/** What the tie-out note's button says it will add. */
export function addChargeLabel(result: ChargeOffer): string {
  if (result.status === 'no-total') return 'Add a charge';
  return result.unwrittenCharge ? `Add the ${result.unwrittenCharge} as a charge` : 'Add the missing charge';
}

/**
 * A new charge carrying what the lines are short of (or over) the total, after the invoice's own
 * lines and the charges before it; named when the difference is exactly the printed tax or freight.
 * With no total read there is no difference: the user types the amount.
 */
export function missingCharge(invoice: ParsedInvoice, charges: AddedCharge[], result: ChargeOffer): AddedCharge {
  const last = Math.max(0, ...reviewLines(invoice).map((line) => line.lineNumber), ...charges.map((charge) => charge.lineNumber));
  const named = result.status === 'differs' ? result.unwrittenCharge : null;
  return {
    lineNumber: last + 1,
    description: named ? named.charAt(0).toUpperCase() + named.slice(1) : '',
    amount: result.status === 'differs' ? result.difference : 0,
    vendor: null,
  };
}

export function changeCharge(charges: AddedCharge[], lineNumber: number, change: Partial<Omit<AddedCharge, 'lineNumber'>>): AddedCharge[] {
  return charges.map((charge) => (charge.lineNumber === lineNumber ? { ...charge, ...change } : charge));
}

export function removeCharge(charges: AddedCharge[], lineNumber: number): AddedCharge[] {
  return charges.filter((charge) => charge.lineNumber !== lineNumber);
}

/** An added charge in the confirm calls' shape, under the vendor it resolves to. */
export function chargeMapping(invoice: ParsedInvoice, charge: AddedCharge, vendor: string): InvoiceMapping {
  const description = charge.description.trim();
  return {
    line_number: charge.lineNumber,
    invoice_number: invoice.invoice_number,
    amount: charge.amount,
    chosen_vendor: vendor,
    added: true,
    ...(description ? { description } : {}),
  };
}
