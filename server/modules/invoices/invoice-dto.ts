/**
 * Shapes stored invoices for the API: the parsed invoice of the upload calls (snake_case, the names
 * the upload calls have always used; docs/product-rules.md, Invoices) and the list/preview DTO.
 */
import type { ImportFile, InvoiceCheck, InvoiceDto, InvoiceFieldName, InvoiceStatus, ParsedInvoice } from '@contract/invoices';
import type { VendorMatch } from '@contract/vendors';
import type { ExtractedField, ExtractedInvoice } from '../../invoice-reading';
import type { InvoiceRow, NewInvoiceRow } from './invoices.repository';

/** What the upload stored in `invoices.parsed`: the extraction plus what matching added. */
export interface StoredParse {
  extracted: ExtractedInvoice;
  vendorMatches: VendorMatch[];
  duplicateOf: string | null;
  /** Fields a language model filled (decision 014); absent on invoices read before it could. */
  filledByModel?: InvoiceFieldName[];
}

/** A vendor match at or above this score is taken as the invoice's vendor. */
const CONFIDENT_MATCH = 0.85;

export function toNewInvoiceRow(
  extracted: ExtractedInvoice,
  context: {
    ownerId: string;
    documentId: string;
    filename: string;
    fileSize: number;
    position: number;
    vendorMatches: VendorMatch[];
    filledByModel: InvoiceFieldName[];
  },
): NewInvoiceRow {
  const best = context.vendorMatches[0];
  const parse: StoredParse = {
    extracted,
    vendorMatches: context.vendorMatches,
    duplicateOf: null,
    ...(context.filledByModel.length ? { filledByModel: context.filledByModel } : {}),
  };
  return {
    ownerId: context.ownerId,
    documentId: context.documentId,
    position: context.position,
    filename: context.filename,
    fileSize: context.fileSize,
    invoiceNumber: extracted.invoiceNumber?.value ?? null,
    vendorName: best && best.score >= CONFIDENT_MATCH ? best.name : (extracted.vendor?.value ?? null),
    vendorId: best && best.score >= CONFIDENT_MATCH ? best.vendor_id : null,
    invoiceDate: extracted.invoiceDate?.value ?? null,
    dueDate: extracted.dueDate?.value ?? null,
    totalAmount: extracted.totalAmount ? extracted.totalAmount.value.toFixed(2) : null,
    jobNumber: extracted.jobNumber?.value ?? null,
    reference: extracted.reference?.value ?? null,
    parsed: parse,
  };
}

export function toParsedInvoice(row: InvoiceRow, duplicate: { confirmedAt: Date | null } | undefined): ParsedInvoice {
  const { extracted, vendorMatches, filledByModel = [] } = row.parsed as StoredParse;
  const candidates = vendorMatches.map((match) => match.name);
  const printedVendor = extracted.vendor?.value ?? null;
  const defaultVendor = candidates[0] ?? printedVendor;
  const checks: InvoiceCheck[] = [...extracted.checks];
  if (extracted.invoiceNumber) {
    checks.push(
      duplicate
        ? {
            code: 'duplicate',
            passed: false,
            message: `Invoice ${extracted.invoiceNumber.value} from this vendor was already confirmed${duplicate.confirmedAt ? ` on ${duplicate.confirmedAt.toISOString().slice(0, 10)}` : ''}.`,
          }
        : { code: 'duplicate', passed: true, message: 'No confirmed invoice has this vendor and number.' },
    );
  }
  const lineItems = extracted.lineItems.map((item, index) => ({
    line_number: index + 1,
    id: item.id,
    description: item.description,
    quantity: item.quantity,
    unit_price: item.unitPrice,
    amount: item.amount,
    vendor_candidates: candidates,
  }));
  return {
    invoice_id: row.id,
    source_filename: row.filename,
    invoice_number: extracted.invoiceNumber?.value ?? null,
    invoice_date: extracted.invoiceDate?.value ?? null,
    due_date: extracted.dueDate?.value ?? null,
    total_amount: extracted.totalAmount?.value ?? null,
    subtotal: extracted.subtotal?.value ?? null,
    tax_amount: extracted.taxAmount?.value ?? null,
    freight_amount: extracted.freightAmount?.value ?? null,
    currency: extracted.currency,
    job_number: extracted.jobNumber?.value ?? null,
    reference: extracted.reference?.value ?? null,
    vendor_name: printedVendor,
    vendor_candidates: candidates,
    vendor_matches: vendorMatches,
    line_items: lineItems,
    invoice_lines: invoiceLines(lineItems, extracted, defaultVendor),
    image_path: `/api/invoices/${row.id}/preview`,
    method: extracted.method,
    fields: fieldEvidence(extracted, filledByModel),
    sections: extracted.sections,
    checks,
    warnings: extracted.warnings,
  };
}

/**
 * One line per item. An invoice without readable items gets one line with its total, or with 0
 * when no total was read either (a utility bill): the user types the amount to post there.
 */
function invoiceLines(items: ParsedInvoice['line_items'], extracted: ExtractedInvoice, vendor: string | null): ParsedInvoice['invoice_lines'] {
  const invoiceNumber = extracted.invoiceNumber?.value ?? null;
  if (items.length === 0) {
    return [{ line_number: 1, invoice_number: invoiceNumber, amount: extracted.totalAmount?.value ?? 0, vendor_name: vendor }];
  }
  return items.map((item) => ({ line_number: item.line_number, invoice_number: invoiceNumber, amount: item.amount, vendor_name: vendor }));
}

function fieldEvidence(extracted: ExtractedInvoice, filledByModel: InvoiceFieldName[]): ParsedInvoice['fields'] {
  const byName: Record<InvoiceFieldName, ExtractedField<unknown> | null> = {
    vendor: extracted.vendor,
    invoice_number: extracted.invoiceNumber,
    invoice_date: extracted.invoiceDate,
    due_date: extracted.dueDate,
    total_amount: extracted.totalAmount,
    job_number: extracted.jobNumber,
    reference: extracted.reference,
  };
  const fields: ParsedInvoice['fields'] = {};
  for (const [name, field] of Object.entries(byName) as Array<[InvoiceFieldName, ExtractedField<unknown> | null]>) {
    if (!field) continue;
    const source = filledByModel.includes(name) ? 'model' : extracted.method === 'xml' ? 'xml' : 'rules';
    fields[name] = { confidence: field.confidence, region: field.region, ...(field.derived ? { derived: true } : {}), source };
  }
  return fields;
}

const STATUS_LABEL: Record<InvoiceRow['status'], InvoiceStatus> = { pending: 'Pending', confirmed: 'Confirmed', exported: 'Exported' };

/** Confirmed invoices keep the review's record beside what was read (StoredConfirmation). */
interface ReviewRecord {
  confirmedBy?: string;
  corrections?: InvoiceDto['corrections'];
  differenceReason?: string | null;
}

/** The import an invoice went into, in each format it can be downloaded in, the workbook first. */
export function importFilesOf(batchId: string): ImportFile[] {
  const url = (format: ImportFile['format']) => `/api/invoice-imports/${batchId}/download?format=${format}`;
  return [
    { format: 'xlsx', label: 'Import workbook (Excel)', download_url: url('xlsx') },
    { format: 'aphb', label: 'Vista AP headers (APHB CSV)', download_url: url('aphb') },
    { format: 'aplb', label: 'Vista AP lines (APLB CSV)', download_url: url('aplb') },
  ];
}

/** The list and preview: the header as confirmed (corrected at review), and the review's record. */
export function toInvoiceDto(row: InvoiceRow): InvoiceDto {
  const review = (row.confirmation ?? {}) as ReviewRecord;
  return {
    id: row.id,
    invoiceNumber: row.invoiceNumber,
    vendorName: row.vendorName,
    amount: row.totalAmount === null ? null : Number(row.totalAmount),
    currency: (row.parsed as StoredParse).extracted.currency,
    status: STATUS_LABEL[row.status],
    date: row.invoiceDate,
    dueDate: row.dueDate,
    jobNumber: row.jobNumber,
    reference: row.reference,
    filename: row.filename,
    fileType: 'application/pdf',
    fileSize: row.fileSize,
    documentId: row.documentId,
    createdAt: row.createdAt.toISOString(),
    confirmedBy: row.status === 'pending' ? null : (review.confirmedBy ?? null),
    confirmedAt: row.status === 'pending' ? null : (row.confirmedAt?.toISOString() ?? null),
    corrections: row.status === 'pending' ? [] : (review.corrections ?? []),
    differenceReason: row.status === 'pending' ? null : (review.differenceReason ?? null),
    // Exported: in a written import. Confirmed: in a batch whose dialog closed before its last
    // invoice; downloading writes its import (invoice-confirmation.ts, open).
    importFiles: row.status !== 'pending' && row.batchId ? importFilesOf(row.batchId) : [],
  };
}
