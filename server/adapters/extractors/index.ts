/** Public surface of the document extractors. */
export { detectFileType, type DetectedFileType } from './file-type.ts';
export { extractDocument, renderPdfPreview, closeDefaultExtractorPool, ExtractorPool, type ExtractInput, type ExtractorPoolOptions } from './extract.ts';
export {
  ACCEPTED_KINDS,
  ACCEPTED_TYPES_LABEL,
  DEFAULT_LIMITS,
  ExtractionError,
  type DocumentKind,
  type Extraction,
  type ExtractionErrorCode,
  type ExtractionLimits,
} from './types.ts';
