/**
 * Invoice extraction from a PDF's layout: the embedded e-invoice XML when there is one (its
 * values then located on the page for highlighting), otherwise the text rules. The layout is
 * read in the extraction workers: nothing here may import pdf.js, whose legacy build replaces
 * the process's JSON.stringify and JSON.parse with slower polyfills.
 */
import { parseEInvoiceXml } from './e-invoice-xml.ts';
import { locateXmlValues } from './locate-values.ts';
import { parseInvoiceText } from './text-invoice.ts';
import type { ExtractedInvoice, InvoiceLayout } from './types.ts';

export function parseInvoiceLayout(layout: InvoiceLayout): ExtractedInvoice[] {
  for (const attachment of layout.attachments) {
    const invoice = parseEInvoiceXml(attachment.xml);
    if (invoice) return [locateXmlValues(invoice, layout)];
  }
  return parseInvoiceText(layout);
}

export type { ExtractedInvoice, InvoiceLayout } from './types.ts';
