/** Public surface of the document extractors. */
export { detectFileType, detectTableKind, type DetectedFileType, type DetectedTableKind } from './file-type';
export type { InvoiceLayout, LayoutItem, LayoutPage } from './invoice-layout';
export {
  extractDocument,
  renderPdfPreview,
  readInvoiceLayout,
  readTableRows,
  closeDefaultExtractorPool,
  ExtractorPool,
  type ExtractInput,
  type ExtractorPoolOptions,
} from './extract';
export {
  ACCEPTED_KINDS,
  ACCEPTED_TYPES_LABEL,
  DEFAULT_LIMITS,
  ExtractionError,
  type DocumentKind,
  type Extraction,
  type ExtractionErrorCode,
  type ExtractionLimits,
  type TableKind,
  type TableRows,
} from './types';
