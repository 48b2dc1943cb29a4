/** One synthetic invoice as the layouts draw it, and the ground truth it stands for. */
export type InvoiceKind = 'ready-mix' | 'lumber' | 'rental' | 'electrical' | 'progress' | 'trucking' | 'service';

export interface Party {
  name: string;
  lines: string[];
  phone?: string;
}

export interface Column {
  key: string;
  header: string;
  /** Share of the table width. */
  width: number;
  align: 'left' | 'right' | 'center';
}

export interface LineItem {
  description: string;
  quantity: number | null;
  unitPrice: number | null;
  amount: number;
  /** The printed cells by column key ('description' and 'amount' included). */
  cells: Record<string, string>;
}

/** A row of the table that is not a line item (a section heading such as 'LABOR'). */
export interface TableNote {
  note: string;
}

export interface TotalRow {
  label: string;
  value: string;
  /** The row the invoice's total sits on. */
  total?: boolean;
}

export interface InvoiceModel {
  kind: InvoiceKind;
  vendor: Party & { email?: string; tagline?: string };
  billTo: Party;
  shipTo: Party | null;
  invoiceNumber: string;
  /** ISO */
  invoiceDate: string;
  /** ISO, printed or worked out from the terms. */
  dueDate: string | null;
  dueDatePrinted: boolean;
  terms: string | null;
  po: string | null;
  job: { number: string; name: string; style: 'job' | 'project' | 'ship-to' } | null;
  /** Extra header facts (rental period, application number...), label and printed value. */
  meta: Array<[string, string]>;
  columns: Column[];
  rows: Array<LineItem | TableNote>;
  totals: TotalRow[];
  /** Lines under the totals block: a previous balance, a remittance note. */
  afterTotals: TotalRow[];
  total: number;
  tax: number | null;
  notes: string[];
}

export interface GroundTruth {
  source: string;
  vendor: string;
  invoice_number: string;
  invoice_date: string;
  due_date: string | null;
  total_amount: number;
  amount_due: number;
  tax_amount: number | null;
  currency: 'USD';
  reference: string | null;
  job_number: string | null;
  line_items: Array<{ description: string; quantity: number | null; unit_price: number | null; amount: number }>;
  layout: string;
  kind: InvoiceKind;
  pages: number;
}

export const isLineItem = (row: LineItem | TableNote): row is LineItem => 'amount' in row;

export function groundTruth(model: InvoiceModel, layout: string, source: string, pages: number): GroundTruth {
  return {
    source,
    vendor: model.vendor.name,
    invoice_number: model.invoiceNumber,
    invoice_date: model.invoiceDate,
    due_date: model.dueDate,
    total_amount: model.total,
    amount_due: model.total,
    tax_amount: model.tax,
    currency: 'USD',
    reference: model.po,
    job_number: model.job?.number ?? null,
    line_items: model.rows.filter(isLineItem).map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unit_price: line.unitPrice,
      amount: line.amount,
    })),
    layout,
    kind: model.kind,
    pages,
  };
}
