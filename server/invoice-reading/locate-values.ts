/**
 * For an invoice read from its e-invoice XML: where its values are printed on the page, so the
 * preview can highlight them. A value is looked for as printed text (invoice number, PO), as a
 * date in any format, or as an amount in the document's number format; the lowest match wins for
 * the total (totals blocks run down the page) and the first for the rest.
 */
import type { PageRegion } from '@contract/invoices';
import type { InvoiceLayout } from '../adapters/extractors/index';
import { detectDateOrder, findDates } from './dates';
import { layoutLines, regionOf, regionOfLines, type Cell, type Line } from './layout-lines';
import { detectDecimalMark, findAmounts, sameAmount } from './numbers';
import type { ExtractedField, ExtractedInvoice } from './types';

export function locateXmlValues(invoice: ExtractedInvoice, layout: InvoiceLayout): ExtractedInvoice {
  const lines = layoutLines(layout);
  if (!lines.length) return invoice;
  const texts = lines.map((line) => line.text);
  const mark = detectDecimalMark(texts);
  const order = detectDateOrder(texts);
  const byText = (value: string) => (cell: Cell) => squeeze(cell.text).includes(squeeze(value));
  const byDate = (iso: string) => (cell: Cell) => findDates(cell.text, order).some((d) => d.iso === iso);
  const byAmount = (value: number) => (cell: Cell) => findAmounts(cell.text, mark).some((a) => sameAmount(Math.abs(a.value), Math.abs(value)));
  const place = <T>(found: ExtractedField<T> | null, test: ((value: T) => (cell: Cell) => boolean) | null, lastMatch = false) => {
    if (!found || !test) return found;
    const region = locate(lines, test(found.value), lastMatch);
    return region ? { ...found, region } : found;
  };
  const totalAmount = place(invoice.totalAmount, byAmount, true);
  const located: ExtractedInvoice = {
    ...invoice,
    pages: [...new Set(lines.map((line) => line.page))],
    vendor: place(invoice.vendor, byText),
    invoiceNumber: place(invoice.invoiceNumber, byText),
    invoiceDate: place(invoice.invoiceDate, byDate),
    dueDate: place(invoice.dueDate, byDate),
    totalAmount,
    subtotal: place(invoice.subtotal, byAmount, true),
    taxAmount: place(invoice.taxAmount, byAmount, true),
    freightAmount: place(invoice.freightAmount, byAmount, true),
    jobNumber: place(invoice.jobNumber, byText),
    reference: place(invoice.reference, byText),
  };
  const sections: ExtractedInvoice['sections'] = { ...invoice.sections };
  const header = regionOfLines(lines.filter((line) => line.page === lines[0].page && line.y < line.pageHeight * 0.35));
  if (header) sections.header = header;
  if (totalAmount?.region) sections.total = totalAmount.region;
  if (located.reference?.region) sections.reference = located.reference.region;
  return { ...located, sections };
}

function locate(lines: Line[], test: (cell: Cell) => boolean, lastMatch: boolean): PageRegion | null {
  let found: PageRegion | null = null;
  for (const line of lines) {
    const cell = line.cells.find(test);
    if (!cell) continue;
    found = regionOf(line, [cell]);
    if (!lastMatch) return found;
  }
  return found;
}

function squeeze(text: string): string {
  return text.toLowerCase().replace(/\s+/g, '');
}
