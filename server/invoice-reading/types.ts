/**
 * What the invoice readers (the rules, or the e-invoice XML) make of a page layout; the layout
 * itself is the extractors' (InvoiceLayout). Pure data: no pdf.js, no database.
 */
import type { InvoiceCheck, InvoiceSection, PageRegion } from '@contract/invoices';

export interface ExtractedField<T> {
  value: T;
  /** 0..1 */
  confidence: number;
  region: PageRegion | null;
  /** Worked out rather than printed (a due date from 'Net 30'). */
  derived?: boolean;
}

export interface ExtractedLineItem {
  /** Item, catalog or SKU number as printed. */
  id: string | null;
  description: string;
  quantity: number | null;
  unitPrice: number | null;
  amount: number;
  region: PageRegion | null;
}

export interface VendorContact {
  address?: string;
  phone?: string;
  email?: string;
}

export interface ExtractedInvoice {
  method: 'xml' | 'text' | 'ocr' | 'mixed';
  /** The PDF pages this invoice covers (1-based). */
  pages: number[];
  /** The issuer, never the Bill To / Ship To party. */
  vendor: ExtractedField<string> | null;
  vendorContact: VendorContact;
  /**
   * Other names the page's letterhead and footer could be the issuer's, best first: evidence the
   * company's vendor list can weigh (a known vendor's name on the page beats an unknown heading).
   */
  vendorAlternatives?: Array<ExtractedField<string>>;
  invoiceNumber: ExtractedField<string> | null;
  /** ISO yyyy-mm-dd */
  invoiceDate: ExtractedField<string> | null;
  dueDate: ExtractedField<string> | null;
  /** The grand total of this invoice: not subtotal, tax, freight or a previous balance. */
  totalAmount: ExtractedField<number> | null;
  subtotal: ExtractedField<number> | null;
  taxAmount: ExtractedField<number> | null;
  freightAmount: ExtractedField<number> | null;
  jobNumber: ExtractedField<string> | null;
  /** PO / customer PO / reference. */
  reference: ExtractedField<string> | null;
  /** ISO 4217; 'USD' unless the invoice says otherwise. */
  currency: string;
  lineItems: ExtractedLineItem[];
  sections: Partial<Record<InvoiceSection, PageRegion>>;
  /** totals_tie_out and dates_in_order; the service adds duplicate. */
  checks: InvoiceCheck[];
  warnings: string[];
}
