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

/** Half of a surrogate pair, or NUL: JSON and PostgreSQL's jsonb cannot store them. */
const UNSTORABLE = /[\u0000]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text a clerk types at review, stored as typed (trimmed). */
function typedText(max: number, tooLong: string) {
  return z
    .string()
    .trim()
    .max(max, tooLong)
    .refine((value) => !UNSTORABLE.test(value), { error: 'Text must not contain NUL or broken Unicode characters.' });
}

/** Charges a user may add to one invoice at review (docs/product-rules.md, Invoices). */
export const MAX_ADDED_CHARGES = 20;

/** The user's choice for one line (or, with invoice_total_only, for the whole invoice). */
const invoiceMapping = z
  .object({
    /** Which invoice the line belongs to; required by confirm-invoices, implied by confirm-invoice. */
    invoice_id: z.string().optional(),
    line_number: z.number().int().min(1),
    invoice_number: z.string().nullable().optional(),
    amount: money,
    /** Required unless the line is removed. */
    chosen_vendor: typedText(200, 'A vendor name is at most 200 characters.'),
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
    /** A read line the user dropped at review (a footer or totals row read as an item): nothing is written for it. */
    removed: z.boolean().optional(),
    /** The line's description: a read line's corrected one (empty: as printed), an added charge's (empty: 'Charge added at review'). */
    description: typedText(200, 'A line description is at most 200 characters.').optional(),
  })
  .refine((mapping) => mapping.removed === true || mapping.chosen_vendor !== '', {
    error: 'Choose a vendor for every line.',
    path: ['chosen_vendor'],
  });
export type InvoiceMapping = z.infer<typeof invoiceMapping>;

/** Header fields a clerk may correct at review; the read values are kept beside them. */
export const CORRECTABLE_FIELDS = ['invoice_number', 'invoice_date', 'due_date', 'job_number', 'reference'] as const;
export type CorrectableField = (typeof CORRECTABLE_FIELDS)[number];

/** A corrected text field: trimmed, at most 200 characters; empty or null clears it. */
const correctedText = typedText(200, 'A corrected field is at most 200 characters.')
  .nullable()
  .transform((value) => value || null);

/** A corrected date: a real calendar date written yyyy-mm-dd; empty or null clears it. */
const correctedDate = z.iso
  .date({ error: 'Dates are written yyyy-mm-dd and must exist (2026-02-30 does not).' })
  .or(z.literal(''))
  .nullable()
  .transform((value) => value || null);

const invoiceCorrections = z.strictObject({
  invoice_number: correctedText.optional(),
  invoice_date: correctedDate.optional(),
  due_date: correctedDate.optional(),
  job_number: correctedText.optional(),
  reference: correctedText.optional(),
});
export type InvoiceCorrections = z.input<typeof invoiceCorrections>;

/** Confirming lines that do not add up to the printed total, and why (printed on the Summary sheet). */
const acceptDifference = z.strictObject({
  reason: typedText(500, 'A reason is at most 500 characters.').pipe(z.string().min(1, 'Say why the lines may differ from the total.')),
});

/** What one invoice carries besides its mappings when it is confirmed. */
const invoiceReview = {
  corrections: invoiceCorrections.optional(),
  accept_difference: acceptDifference.optional(),
};

export const confirmInvoiceInput = z.object({
  parsed_invoice: parsedInvoice.pick({ invoice_id: true }).loose(),
  mappings: z.array(invoiceMapping).max(500),
  is_last_invoice: z.boolean(),
  /** Generated once per dialog: the invoices confirmed under it go into one workbook. */
  session_id: z.string().trim().min(1).max(100),
  invoice_total_only: z.boolean().default(false),
  /** The 'Invoice Vendor' picker; used for the single line when invoice_total_only is on. */
  invoice_vendor: z.string().trim().min(1).max(200).optional(),
  ...invoiceReview,
});
export type ConfirmInvoiceInput = z.input<typeof confirmInvoiceInput>;

/** Formats of a written import: the workbook, or Vista-style AP header / line CSVs. */
export const importFormat = z.enum(['xlsx', 'aphb', 'aplb']);
export type ImportFormat = z.infer<typeof importFormat>;

/** A written import in each format it can be downloaded in, the workbook first. */
const importFile = z.object({ format: importFormat, label: z.string(), download_url: z.string() });
export type ImportFile = z.infer<typeof importFile>;

export const confirmInvoiceResponse = z.object({
  /** Set once the workbook is written (the last invoice of the session). */
  filename: z.string().nullable(),
  download_url: z.string().nullable(),
  /** The workbook and the Vista CSVs of the written import; empty until it is written. */
  import_files: z.array(importFile),
  invoice_id: z.string(),
  /** Invoices of this session confirmed so far. */
  confirmed_count: z.number().int(),
});
export type ConfirmInvoiceResponse = z.infer<typeof confirmInvoiceResponse>;

export const confirmInvoicesInput = z.object({
  invoices: z
    .array(parsedInvoice.pick({ invoice_id: true }).extend(invoiceReview).loose())
    .min(1)
    .max(50),
  mappings: z.array(invoiceMapping).max(5000),
  invoice_total_only: z.boolean().default(false),
});
export type ConfirmInvoicesInput = z.input<typeof confirmInvoicesInput>;

/** What became of one invoice of a batch confirm. */
const batchResult = z.object({
  invoice_id: z.string(),
  invoice_number: z.string().nullable(),
  confirmed: z.boolean(),
  /** Why it was skipped (the error code a single confirm would answer); null when confirmed. */
  code: z.string().nullable(),
  message: z.string().nullable(),
});
export type BatchResult = z.infer<typeof batchResult>;

export const confirmInvoicesResponse = z.object({
  /** True when at least one invoice was written; `results` says which. */
  success: z.boolean(),
  /** Invoices written to the import. */
  processed_count: z.number().int(),
  error: z.string().nullable(),
  filename: z.string().nullable(),
  download_url: z.string().nullable(),
  import_files: z.array(importFile),
  /** One per invoice sent, in the order sent. */
  results: z.array(batchResult),
});
export type ConfirmInvoicesResponse = z.infer<typeof confirmInvoicesResponse>;

/** One change a clerk made at review: a header field, or a line's amount or description, or a removed line. */
const invoiceCorrection = z.object({
  /** 'invoice_date', 'line 3 amount', 'line 4' (removed), ... */
  field: z.string(),
  /** What a person reads: 'Invoice date', 'Line 3 amount', 'Line 4 removed'. */
  label: z.string(),
  read: z.string().nullable(),
  confirmed: z.string().nullable(),
});
export type InvoiceCorrection = z.infer<typeof invoiceCorrection>;

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
  /** Who confirmed it (name, else e-mail) and when; null while pending. */
  confirmedBy: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  /** What the clerk changed at review, each beside the value as read. */
  corrections: z.array(invoiceCorrection),
  /** Why lines that do not add up to the total were accepted; null when they tie out. */
  differenceReason: z.string().nullable(),
  /** The written import it went into, in each format; empty until then. */
  importFiles: z.array(importFile),
});
export type InvoiceDto = z.infer<typeof invoiceDto>;

/** Whether `value` (yyyy-mm-dd) names a day that exists. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
