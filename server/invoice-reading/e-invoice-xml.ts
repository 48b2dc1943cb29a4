/**
 * Structured e-invoices: the XML a ZUGFeRD / Factur-X / XRechnung PDF carries as an attachment,
 * or a bare XRechnung / Peppol file. When one is present its figures are the invoice, so every
 * field gets the same high confidence; page regions are left for the layout reader to fill.
 */
import type { InvoiceCheck } from '@contract/invoices';
import { readCii } from './e-invoice-cii';
import type { EInvoiceFields } from './e-invoice-fields';
import { readUbl } from './e-invoice-ubl';
import type { ExtractedField, ExtractedInvoice } from './types';
import { readXmlRoot } from './xml-tree';

const XML_CONFIDENCE = 0.99;
/** Cent rounding on each side of a sum. */
const TOLERANCE = 0.015;

/** The invoice in `xml`, or null when it is not a CII, ZUGFeRD 1.0 or UBL invoice / credit note. */
export function parseEInvoiceXml(xml: string): ExtractedInvoice | null {
  const root = readXmlRoot(xml);
  if (!root) return null;
  const fields =
    root.name === 'CrossIndustryInvoice' || root.name === 'CrossIndustryDocument'
      ? readCii(root.node)
      : root.name === 'Invoice' || root.name === 'CreditNote'
        ? readUbl(root.node)
        : null;
  if (!fields || (fields.invoiceNumber === null && fields.total === null)) return null;
  return toExtractedInvoice(fields.creditNote || root.name === 'CreditNote' ? asCredit(fields) : fields);
}

/**
 * A credit note's XML amounts are positive and its type says "credit"; the page prints them
 * negative and the AP entry must be negative. KAI's amounts are signed as they post.
 */
function asCredit(fields: EInvoiceFields): EInvoiceFields {
  const negate = (value: number | null) => (value === null || value === 0 ? value : -value);
  return {
    ...fields,
    total: negate(fields.total),
    subtotal: negate(fields.subtotal),
    tax: negate(fields.tax),
    freight: negate(fields.freight),
    chargesLessAllowances: -fields.chargesLessAllowances,
    lines: fields.lines.map((line) => ({ ...line, amount: -line.amount })),
    creditNote: true,
  };
}

function toExtractedInvoice(fields: EInvoiceFields): ExtractedInvoice {
  const invoice: ExtractedInvoice = {
    method: 'xml',
    pages: [1],
    vendor: field(fields.vendor),
    vendorContact: Object.fromEntries(Object.entries(fields.contact).filter(([, value]) => value)),
    invoiceNumber: field(fields.invoiceNumber),
    invoiceDate: field(fields.invoiceDate),
    dueDate: field(fields.dueDate),
    totalAmount: field(fields.total),
    subtotal: field(fields.subtotal),
    taxAmount: field(fields.tax),
    freightAmount: field(fields.freight),
    jobNumber: field(fields.jobNumber),
    reference: field(fields.reference),
    currency: fields.currency ?? 'USD',
    lineItems: fields.lines.map((line) => ({ ...line, region: null })),
    sections: {},
    checks: [],
    warnings: fields.creditNote ? ['This is a credit note: its amounts are negative, so it posts as a credit.'] : [],
  };
  invoice.checks = [checkTotalsTieOut(invoice, fields.chargesLessAllowances - (fields.freight ?? 0)), checkDatesInOrder(invoice)].filter(
    (check): check is InvoiceCheck => check !== null,
  );
  return invoice;
}

function field<T>(value: T | null): ExtractedField<T> | null {
  return value === null ? null : { value, confidence: XML_CONFIDENCE, region: null };
}

const money = (value: number) => value.toFixed(2);
const close = (a: number, b: number) => Math.abs(a - b) <= TOLERANCE;

/**
 * Lines add up to the subtotal (or to the total when there is no subtotal), and subtotal + tax +
 * freight (+ any other document charges less allowances) make the total. Null when the invoice
 * has too few figures to compare.
 */
export function checkTotalsTieOut(invoice: ExtractedInvoice, otherCharges = 0): InvoiceCheck | null {
  const total = invoice.totalAmount?.value ?? null;
  const subtotal = invoice.subtotal?.value ?? null;
  const tax = invoice.taxAmount?.value ?? 0;
  const freight = invoice.freightAmount?.value ?? 0;
  const problems: string[] = [];
  let compared = false;
  if (invoice.lineItems.length > 0) {
    const lineSum = invoice.lineItems.reduce((sum, line) => sum + line.amount, 0);
    const target = subtotal ?? total;
    if (target !== null) {
      compared = true;
      if (!close(lineSum, target)) {
        problems.push(`Line items add up to ${money(lineSum)}, not the ${subtotal !== null ? 'subtotal' : 'total'} ${money(target)}.`);
      }
    }
  }
  if (subtotal !== null && total !== null) {
    compared = true;
    const expected = subtotal + tax + freight + otherCharges;
    if (!close(expected, total)) problems.push(`Subtotal, tax and charges make ${money(expected)}, not the total ${money(total)}.`);
  }
  if (!compared) return null;
  return problems.length
    ? { code: 'totals_tie_out', passed: false, message: problems.join(' ') }
    : { code: 'totals_tie_out', passed: true, message: 'Line items and totals add up.' };
}

/** The due date is not before the invoice date. Null without both dates. */
export function checkDatesInOrder(invoice: ExtractedInvoice): InvoiceCheck | null {
  const issued = invoice.invoiceDate?.value;
  const due = invoice.dueDate?.value;
  if (!issued || !due) return null;
  return due >= issued
    ? { code: 'dates_in_order', passed: true, message: `Due ${due}, on or after the invoice date ${issued}.` }
    : { code: 'dates_in_order', passed: false, message: `The due date ${due} is before the invoice date ${issued}.` };
}
