/** Ground truth in the shape bench/invoices/score.ts reads, amounts in dollars (or euros...). */
import { dollars, sum } from './format';
import type { Document } from './sheet';

export interface TruthItem {
  description: string;
  quantity: number | null;
  unit_price: number | null;
  amount: number;
}

export interface InvoiceTruth {
  vendor: string;
  invoice_number: string | null;
  invoice_date: string;
  due_date: string | null;
  total_amount: number;
  tax_amount: number | null;
  currency: string;
  reference: string | null;
  job_number: string | null;
  line_items: TruthItem[];
  /** Not scored: what the page asks to be paid when it differs from the invoice total. */
  amount_due?: number;
  layout: string;
  pages: number;
  source: 'third-synthetic';
  notes?: string;
}

/** A priced row as the generator keeps it: cents, and the printed quantity and price if any. */
export interface Row {
  description: string;
  quantity: number | null;
  unitPrice: number | null;
  cents: number;
}

export function truthItems(rows: Row[], sign: 1 | -1 = 1): TruthItem[] {
  return rows.map((row) => ({ description: row.description, quantity: row.quantity, unit_price: row.unitPrice, amount: dollars(sign * row.cents) }));
}

export const centsOf = (rows: Row[]) => sum(rows.map((row) => row.cents));

/** What a layout hands back: the drawn document and its truth (an array for several invoices). */
export interface Generated {
  document: Document;
  truth: InvoiceTruth | InvoiceTruth[];
}
