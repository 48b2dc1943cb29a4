/**
 * Template-free reading of invoices from page layout: the text rules for PDFs without e-invoice
 * XML (or scans, through OCR word boxes). One layout may hold several invoices.
 */
import type { InvoiceLayout } from '../adapters/extractors/index';
import { detectDateOrder } from './dates';
import { checkDatesInOrder, checkTotalsTieOut } from './e-invoice-xml';
import { findCurrency, findDueDate, findInvoiceDate, findJobNumber, findReference } from './header-fields';
import { findInvoiceNumber } from './invoice-number';
import { layoutLines, regionOfLines, type Line } from './layout-lines';
import { findLineItems } from './line-items';
import { detectDecimalMark, roundCents } from './numbers';
import { splitInvoices } from './split-invoices';
import { findTotals } from './totals';
import type { ExtractedInvoice } from './types';
import { findVendor } from './vendor';
import type { InvoiceCheck } from '@contract/invoices';

export function parseInvoiceText(layout: InvoiceLayout): ExtractedInvoice[] {
  const lines = layoutLines(layout);
  if (!lines.length) return [];
  const ocrPages = new Set(layout.pages.filter((page) => page.ocr).map((page) => page.page));
  return splitInvoices(lines).map((group) => readInvoice(group, ocrPages));
}

function readInvoice(lines: Line[], ocrPages: Set<number>): ExtractedInvoice {
  const texts = lines.map((line) => line.text);
  const mark = detectDecimalMark(texts);
  const order = detectDateOrder(texts);
  const pages = [...new Set(lines.map((line) => line.page))];
  const items = findLineItems(lines, mark);
  const itemSum = items.items.length ? roundCents(items.items.reduce((sum, item) => sum + item.amount, 0)) : null;
  const tableHeaders = new Set(items.headers);
  const totals = findTotals(
    lines.filter((line) => !tableHeaders.has(line)),
    mark,
    itemSum,
  );
  const invoiceNumber = findInvoiceNumber(lines);
  const invoiceDate = findInvoiceDate(lines, order, tableHeaders);
  const dueDate = findDueDate(lines, order, invoiceDate?.value ?? null);
  const { vendor, contact, alternatives } = findVendor(lines);
  const reference = findReference(lines);
  const ocr = pages.filter((page) => ocrPages.has(page)).length;
  const invoice: ExtractedInvoice = {
    method: ocr === 0 ? 'text' : ocr === pages.length ? 'ocr' : 'mixed',
    pages,
    vendor,
    vendorContact: contact,
    vendorAlternatives: alternatives,
    invoiceNumber,
    invoiceDate,
    dueDate,
    totalAmount: totals.total,
    subtotal: totals.subtotal,
    taxAmount: totals.tax,
    freightAmount: totals.freight,
    jobNumber: findJobNumber(lines),
    reference,
    currency: findCurrency(lines),
    lineItems: items.items,
    sections: {},
    checks: [],
    warnings: [],
  };
  invoice.sections = sections(lines, invoice, items.headers.concat(items.lines), totals.totalLine);
  invoice.checks = [checkTotalsTieOut(invoice), checkDatesInOrder(invoice)].filter((check): check is InvoiceCheck => check !== null);
  if (!invoice.totalAmount) invoice.warnings.push('No invoice total was found.');
  if (!invoice.invoiceNumber) invoice.warnings.push('No invoice number was found.');
  return invoice;
}

function sections(lines: Line[], invoice: ExtractedInvoice, tableLines: Line[], totalLine: Line | null): ExtractedInvoice['sections'] {
  const out: ExtractedInvoice['sections'] = {};
  const firstPage = lines[0].page;
  const headerEnd = tableLines.find((line) => line.page === firstPage)?.y ?? lines[0].pageHeight * 0.4;
  const header = regionOfLines(lines.filter((line) => line.page === firstPage && line.y < headerEnd));
  if (header) out.header = header;
  const table = regionOfLines(tableLines);
  if (table) out.line_items = table;
  if (invoice.totalAmount?.region) out.total = totalLine ? (regionOfLines([totalLine]) ?? invoice.totalAmount.region) : invoice.totalAmount.region;
  const reference = invoice.reference?.region ?? invoice.jobNumber?.region;
  if (reference) out.reference = reference;
  return out;
}
