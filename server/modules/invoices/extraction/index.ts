/**
 * Invoice extraction from a PDF's layout: the embedded e-invoice XML when there is one (its
 * values then located on the page for highlighting), otherwise the text rules.
 */
import { readPdfLayout } from '../../../adapters/extractors/pdf-layout.ts';
import { DEFAULT_LIMITS } from '../../../adapters/extractors/types.ts';
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

/** In-process convenience for tests and benchmarks; the server reads layouts in the worker pool. */
export async function parseInvoicePdf(bytes: Uint8Array): Promise<ExtractedInvoice[]> {
  return parseInvoiceLayout(await readPdfLayout(bytes, DEFAULT_LIMITS));
}

export type { ExtractedInvoice, InvoiceLayout } from './types.ts';
