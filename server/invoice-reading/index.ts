/**
 * Invoice reading, the public surface: a PDF's layout in, the invoices on it out; no database.
 * The embedded e-invoice XML wins when there is one (its values then located on the page for
 * highlighting), otherwise the text rules. The layout is read in the extraction workers: nothing
 * here may import pdf.js, whose legacy build replaces the process's JSON.stringify and JSON.parse
 * with slower polyfills. That is why parseInvoicePdf (tests, benchmarks) is its own entry point,
 * `parse-invoice-pdf.ts`, and not exported here.
 */
import type { InvoiceLayout } from '../adapters/extractors/index';
import { parseEInvoiceXml } from './e-invoice-xml';
import { locateXmlValues } from './locate-values';
import { parseInvoiceText } from './text-invoice';
import type { ExtractedInvoice } from './types';

export function parseInvoiceLayout(layout: InvoiceLayout): ExtractedInvoice[] {
  for (const attachment of layout.attachments) {
    const invoice = parseEInvoiceXml(attachment.xml);
    if (invoice) return [locateXmlValues(invoice, layout)];
  }
  return parseInvoiceText(layout);
}

export { looksLikeInvoice } from './invoice-evidence';
export type { ExtractedField, ExtractedInvoice } from './types';
