import { z } from 'zod';
import { vendorMatch } from './vendors';

/**
 * Invoice processing (docs/product-rules.md, Invoices). The payloads of the upload and confirm
 * calls keep the seed's snake_case names at the boundary; everything KAI adds follows the same
 * style inside them.
 */

/** Invoices per batch (full-page flow and help text). */
export const MAX_INVOICES_PER_BATCH = 10;
export const TOO_MANY_INVOICES_MESSAGE = 'Maximum 10 invoices can be uploaded at once';

/** A box on a page, as fractions of the page (0..1) from its top-left corner. */
const pageRegion = z.object({
  page: z.number().int().min(1),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
});
export type PageRegion = z.infer<typeof pageRegion>;

const fieldEvidence = z.object({
  /** 0..1 */
  confidence: z.number(),
  region: pageRegion.nullable(),
  /** True when the value was worked out (a due date from 'Net 30') rather than printed. */
  derived: z.boolean().optional(),
  /** Who read the value: the text rules, the embedded e-invoice XML, or a language model (decision 014). */
  source: z.enum(['rules', 'xml', 'model']).optional(),
});

const invoiceFieldName = z.enum(['vendor', 'invoice_number', 'invoice_date', 'due_date', 'total_amount', 'job_number', 'reference']);
export type InvoiceFieldName = z.infer<typeof invoiceFieldName>;

/** The sections the full-page preview can highlight. */
const invoiceSection = z.enum(['header', 'line_items', 'total', 'reference']);
export type InvoiceSection = z.infer<typeof invoiceSection>;

const invoiceCheck = z.object({
  code: z.enum(['totals_tie_out', 'dates_in_order', 'duplicate']),
  passed: z.boolean(),
  message: z.string(),
});
export type InvoiceCheck = z.infer<typeof invoiceCheck>;

const parsedLineItem = z.object({
  line_number: z.number().int().min(1),
  /** Item, catalog or SKU number as printed, when there is one. */
  id: z.string().nullable(),
  description: z.string(),
  quantity: z.number().nullable(),
  unit_price: z.number().nullable(),
  amount: z.number(),
  vendor_candidates: z.array(z.string()),
});

/** The default mapping of each line, before the user changes vendor or amount. */
const invoiceLine = z.object({
  line_number: z.number().int().min(1),
  invoice_number: z.string().nullable(),
  amount: z.number(),
  vendor_name: z.string().nullable(),
});

export const parsedInvoice = z.object({
  /** The stored invoice this was parsed into; confirm calls name it. */
  invoice_id: z.string(),
  source_filename: z.string(),
  invoice_number: z.string().nullable(),
  /** ISO yyyy-mm-dd */
  invoice_date: z.string().nullable(),
  due_date: z.string().nullable(),
  /** The amount due of this invoice (not subtotal, tax, freight or previous balance). */
  total_amount: z.number().nullable(),
  subtotal: z.number().nullable(),
  tax_amount: z.number().nullable(),
  freight_amount: z.number().nullable(),
  currency: z.string(),
  job_number: z.string().nullable(),
  reference: z.string().nullable(),
  /** The issuer as printed on the invoice. */
  vendor_name: z.string().nullable(),
  /** Vendor master names, best first (at most 5). */
  vendor_candidates: z.array(z.string()),
  vendor_matches: z.array(vendorMatch),
  line_items: z.array(parsedLineItem),
  invoice_lines: z.array(invoiceLine),
  /** URL of a PNG of the invoice's first page. */
  image_path: z.string().nullable(),
  method: z.enum(['xml', 'text', 'ocr', 'mixed']),
  fields: z.partialRecord(invoiceFieldName, fieldEvidence),
  sections: z.partialRecord(invoiceSection, pageRegion),
  checks: z.array(invoiceCheck),
  warnings: z.array(z.string()),
});
export type ParsedInvoice = z.infer<typeof parsedInvoice>;

/** POST /api/upload-invoice (multipart: file): one PDF may hold several invoices. */
export const uploadInvoiceResponse = z.object({ parsed_invoice: z.array(parsedInvoice) });
export type UploadInvoiceResponse = z.infer<typeof uploadInvoiceResponse>;

/** POST /api/upload-invoices (multipart: files, at most 10 PDFs). */
const uploadInvoicesResult = z.object({
  success: z.boolean(),
  filename: z.string(),
  error: z.string().nullable(),
  parsed_invoices: z.array(parsedInvoice),
});
export type UploadInvoicesResult = z.infer<typeof uploadInvoicesResult>;
export const uploadInvoicesResponse = z.object({ results: z.array(uploadInvoicesResult) });
export type UploadInvoicesResponse = z.infer<typeof uploadInvoicesResponse>;

const money = z.number().finite().min(-1e10).max(1e10);

/** Charges a user may add to one invoice at review (docs/product-rules.md, Invoices). */
export const MAX_ADDED_CHARGES = 20;

/** The user's choice for one line (or, with invoice_total_only, for the whole invoice). */
const invoiceMapping = z.object({
  /** Which invoice the line belongs to; required by confirm-invoices, implied by confirm-invoice. */
  invoice_id: z.string().optional(),
  line_number: z.number().int().min(1),
  invoice_number: z.string().nullable().optional(),
  amount: money,
  chosen_vendor: z.string().trim().min(1, 'Choose a vendor for every line.').max(200),
  /**
   * confirm-invoices: this invoice's one mapping is its Invoice Total Only line (amount and
   * vendor), for this invoice alone; the body's invoice_total_only sets it for every invoice.
   */
  invoice_total_only: z.boolean().optional(),
  /**
   * A charge the user added at review (a fee, tax or freight no read line carries), numbered
   * after the invoice's own lines and written like any line.
   */
  added: z.boolean().optional(),
  /** An added charge's description (empty: 'Charge added at review'); a read line keeps its printed one. */
  description: z.string().trim().max(200).optional(),
});
export type InvoiceMapping = z.infer<typeof invoiceMapping>;

export const confirmInvoiceInput = z.object({
  parsed_invoice: parsedInvoice.pick({ invoice_id: true }).loose(),
  mappings: z.array(invoiceMapping).max(500),
  is_last_invoice: z.boolean(),
  /** Generated once per dialog: the invoices confirmed under it go into one workbook. */
  session_id: z.string().trim().min(1).max(100),
  invoice_total_only: z.boolean().default(false),
  /** The 'Invoice Vendor' picker; used for the single line when invoice_total_only is on. */
  invoice_vendor: z.string().trim().min(1).max(200).optional(),
});
export type ConfirmInvoiceInput = z.input<typeof confirmInvoiceInput>;

export const confirmInvoiceResponse = z.object({
  /** Set once the workbook is written (the last invoice of the session). */
  filename: z.string().nullable(),
  download_url: z.string().nullable(),
  invoice_id: z.string(),
  /** Invoices of this session confirmed so far. */
  confirmed_count: z.number().int(),
});
export type ConfirmInvoiceResponse = z.infer<typeof confirmInvoiceResponse>;

export const confirmInvoicesInput = z.object({
  invoices: z
    .array(parsedInvoice.pick({ invoice_id: true }).loose())
    .min(1)
    .max(50),
  mappings: z.array(invoiceMapping).max(5000),
  invoice_total_only: z.boolean().default(false),
});
export type ConfirmInvoicesInput = z.input<typeof confirmInvoicesInput>;

export const confirmInvoicesResponse = z.object({
  success: z.boolean(),
  processed_count: z.number().int(),
  error: z.string().nullable(),
  filename: z.string().nullable(),
  download_url: z.string().nullable(),
});
export type ConfirmInvoicesResponse = z.infer<typeof confirmInvoicesResponse>;

const invoiceStatus = z.enum(['Pending', 'Confirmed', 'Exported']);
export type InvoiceStatus = z.infer<typeof invoiceStatus>;

/** GET /api/invoices (list) and the invoice preview dialog. */
export const invoiceDto = z.object({
  id: z.string(),
  invoiceNumber: z.string().nullable(),
  vendorName: z.string().nullable(),
  amount: z.number().nullable(),
  /** ISO 4217 code of the amount, as read from the invoice. */
  currency: z.string(),
  status: invoiceStatus,
  /** Invoice date, ISO yyyy-mm-dd. */
  date: z.string().nullable(),
  dueDate: z.string().nullable(),
  jobNumber: z.string().nullable(),
  reference: z.string().nullable(),
  filename: z.string(),
  fileType: z.string(),
  fileSize: z.number().int(),
  documentId: z.string().nullable(),
  createdAt: z.string(),
});
export type InvoiceDto = z.infer<typeof invoiceDto>;

/** Formats of a written import: the workbook, or Vista-style AP header / line CSVs. */
export const importFormat = z.enum(['xlsx', 'aphb', 'aplb']);
export type ImportFormat = z.infer<typeof importFormat>;
