/** Public surface of the document extractors. */
export { detectFileType, detectTableKind } from './file-type';
export type { InvoiceLayout, LayoutItem, LayoutPage } from './invoice-layout';
export { extractDocument, renderPdfPreview, readInvoiceLayout, readTableRows, ExtractorPool } from './extract';
export { BACKGROUND_EXTRACTION_NICE } from './thread-priority';
export { DEFAULT_LIMITS, ExtractionError, type DocumentKind, type Extraction, type TableKind, type TableRows } from './types';
