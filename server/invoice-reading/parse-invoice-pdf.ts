import { readPdfLayout } from '../adapters/extractors/pdf-layout';
import { DEFAULT_LIMITS } from '../adapters/extractors/types';
import { parseInvoiceLayout } from './index';
import type { ExtractedInvoice } from './types';

/**
 * In-process convenience for tests and benchmarks; the server reads layouts in the worker pool.
 * It loads pdf.js (see index.ts), so it is an entry point of its own, not part of the index.
 */
export async function parseInvoicePdf(bytes: Uint8Array): Promise<ExtractedInvoice[]> {
  return parseInvoiceLayout(await readPdfLayout(bytes, DEFAULT_LIMITS));
}
