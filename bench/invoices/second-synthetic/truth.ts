/**
 * The ground truth written beside each PDF, in the shape bench/invoices/score.ts reads (the
 * invoices-dev / invoices-public fields), and what every layout returns.
 */
import type { PDFDocument } from 'pdf-lib';
import { cents } from './format';
import type { Deal, Vendor } from './parties';
import type { Random } from './random';

export interface TruthItem {
  description: string;
  quantity: number | null;
  unit_price: number | null;
  amount: number;
}

export interface Truth {
  vendor: string;
  invoice_number: string;
  /** ISO yyyy-mm-dd. */
  invoice_date: string;
  /** Only when a due date is printed; payment terms alone ("Net 30") give null, as in invoices-public. */
  due_date: string | null;
  /** This invoice's own total, tax included; never a statement's balance. */
  total_amount: number;
  /** What the page asks to be paid (differs from the total on statement-style invoices). Not scored. */
  amount_due: number;
  /** null when no sales tax line is printed. */
  tax_amount: number | null;
  currency: 'USD';
  /** The customer's PO (or subcontract) number, never the supplier's sales order. */
  reference: string | null;
  job_number: string | null;
  line_items: TruthItem[];
  layout: string;
  pages: number;
  notes?: string;
}

export interface Layout {
  name: string;
  /** Draws one invoice into `doc` and says what it holds. */
  draw(doc: PDFDocument, random: Random): Promise<Truth>;
}

export function item(description: string, quantity: number | null, unitPrice: number | null, amount: number): TruthItem {
  return { description, quantity, unit_price: unitPrice, amount };
}

export function total(values: number[]): number {
  return cents(values.reduce((sum, value) => sum + value, 0));
}

/** Sales tax on `base` at `rate` percent, to the cent. */
export function salesTax(base: number, rate: number): number {
  return cents((base * rate) / 100);
}

/** The truth of a plain sale, invoice total = amount due, as most layouts print it. */
export function saleTruth(fields: {
  vendor: Vendor;
  number: string;
  sale: Deal;
  dueDate: string | null;
  grand: number;
  tax: number | null;
  printJob: boolean;
  lineItems: TruthItem[];
  layout: string;
  pages: number;
}): Truth {
  const { vendor, number, sale, dueDate, grand, tax, printJob, lineItems, layout, pages } = fields;
  return {
    vendor: vendor.name,
    invoice_number: number,
    invoice_date: sale.date,
    due_date: dueDate,
    total_amount: grand,
    amount_due: grand,
    tax_amount: tax,
    currency: 'USD',
    reference: sale.po,
    job_number: printJob ? sale.job : null,
    line_items: lineItems,
    layout,
    pages,
  };
}
