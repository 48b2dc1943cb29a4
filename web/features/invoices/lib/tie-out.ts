import type { ParsedInvoice } from '@contract/invoices';
import { formatCurrency } from './format';

/** What the Summary sheet says about an invoice: its lines as written against its printed total. */
export type TieOut =
  | { status: 'ties'; linesTotal: number; invoiceTotal: number }
  | { status: 'differs'; linesTotal: number; invoiceTotal: number; difference: number; unwrittenCharge: UnwrittenCharge | null }
  | { status: 'no-total'; linesTotal: number };

/** Printed charges the workbook writes no row for, when the difference is exactly them. */
type UnwrittenCharge = 'tax' | 'freight' | 'tax and freight';

/** Whole cents as the server stores a confirmed amount (to the cent) and the workbook sums it (half away from zero). */
function toCents(amount: number): number {
  const stored = Math.round(amount * 100) / 100;
  return Math.sign(stored) * Math.round(Math.abs(stored) * 100 + 1e-7) || 0;
}

/**
 * Mirrors server/import-files: the Daily-Detail sheet gets one row per confirmed line (or the one
 * Invoice Total Only line) and nothing else. Tax and freight get no rows of their own: they reach
 * the ERP only inside a line's amount. The Summary compares the rows' sum with the printed total.
 */
export function tieOut(invoice: Pick<ParsedInvoice, 'total_amount' | 'tax_amount' | 'freight_amount'>, lineAmounts: number[]): TieOut {
  const linesCents = lineAmounts.reduce((sum, amount) => sum + toCents(amount), 0);
  const linesTotal = linesCents / 100;
  if (invoice.total_amount === null) return { status: 'no-total', linesTotal };
  // The server keeps the printed total to the cent (numeric(14, 2)).
  const totalCents = toCents(Number(invoice.total_amount.toFixed(2)));
  const invoiceTotal = totalCents / 100;
  const differenceCents = totalCents - linesCents;
  if (differenceCents === 0) return { status: 'ties', linesTotal, invoiceTotal };
  return {
    status: 'differs',
    linesTotal,
    invoiceTotal,
    difference: differenceCents / 100,
    unwrittenCharge: unwrittenCharge(invoice, differenceCents),
  };
}

/**
 * The read lines whose removal fits the difference, for the 'Remove line N' fix: first those
 * carrying exactly what the lines are over the total (removing one ties them), then those equal
 * to the total that bring the lines nearer it. The footer case: 'Loaded by ... $7,530.18' read as
 * an item makes lines of $15,060.36 against a total of $7,530.18. Amounts are compared in cents.
 */
export function removableLines(result: TieOut, lines: ReadonlyArray<{ lineNumber: number; amount: number }>): number[] {
  if (result.status !== 'differs') return [];
  const overCents = -toCents(result.difference);
  const totalCents = toCents(result.invoiceTotal);
  const cents = lines.map((line) => ({ lineNumber: line.lineNumber, cents: toCents(line.amount) })).filter((line) => line.cents !== 0);
  const tying = cents.filter((line) => line.cents === overCents);
  const nearer = cents.filter(
    (line) => line.cents !== overCents && line.cents === totalCents && Math.abs(overCents - line.cents) < Math.abs(overCents),
  );
  return [...tying, ...nearer].map((line) => line.lineNumber);
}

function unwrittenCharge(invoice: Pick<ParsedInvoice, 'tax_amount' | 'freight_amount'>, differenceCents: number): UnwrittenCharge | null {
  const tax = invoice.tax_amount ? toCents(invoice.tax_amount) : 0;
  const freight = invoice.freight_amount ? toCents(invoice.freight_amount) : 0;
  if (tax !== 0 && freight !== 0 && differenceCents === tax + freight) return 'tax and freight';
  if (tax !== 0 && differenceCents === tax) return 'tax';
  if (freight !== 0 && differenceCents === freight) return 'freight';
  return null;
}

/** The sentence shown where the user confirms, amounts in the invoice's currency. */
export function tieOutMessage(result: TieOut, currency: string): string {
  const money = (amount: number) => formatCurrency(amount, currency);
  if (result.status === 'no-total') return `No invoice total was read; the lines come to ${money(result.linesTotal)}.`;
  if (result.status === 'ties') return `Lines add up to the invoice total of ${money(result.invoiceTotal)}.`;
  const gap = `Lines come to ${money(result.linesTotal)}; the invoice total is ${money(result.invoiceTotal)} (difference ${money(Math.abs(result.difference))}).`;
  const fix = result.unwrittenCharge
    ? `The difference is the invoice's ${result.unwrittenCharge}, which gets no line of its own: add it as a charge or choose Invoice Total Only.`
    : 'Edit or remove a line, add the missing charge, choose Invoice Total Only, or confirm with a difference and say why.';
  return `${gap} ${fix}`;
}
