/**
 * Shared shapes of the extractors: what a caller gets back, the limits a hostile file meets, and
 * the one error every failure becomes. Imported by both the main thread and the worker.
 */
import { AppError } from '../../errors';
import type { InvoiceLayout } from './invoice-layout';

export type DocumentKind = 'pdf' | 'docx' | 'doc' | 'xlsx' | 'xls' | 'csv' | 'png' | 'jpeg' | 'webp';

/** For error messages: what a user may upload. */
export const ACCEPTED_TYPES_LABEL = 'PDF, Word (.docx, .doc), Excel (.xlsx, .xls), CSV, JPEG, PNG, WebP';

export interface ExtractedPage {
  /** 1-based page number for PDFs; null for formats without pages. */
  page: number | null;
  text: string;
}

interface ExtractionMetadata {
  method: 'text' | 'ocr' | 'mixed' | 'structured';
  pages?: number;
  sheets?: string[];
  /** Mean tesseract word confidence, 0-100, over the OCRed pages. */
  ocrConfidence?: number;
  title?: string;
  author?: string;
  warnings?: string[];
}

export interface Extraction {
  text: string;
  pages: ExtractedPage[];
  metadata: ExtractionMetadata;
  /** Only for a preview job (renderPdfPreview): PNG of the first page; text and pages are empty. */
  preview?: Uint8Array;
  /** Only for a table job (readTableRows): the first sheet's cells; text and pages are empty. */
  table?: TableRows;
  /** Only for a layout job (readInvoiceLayout): positioned text per page and e-invoice XML. */
  layout?: InvoiceLayout;
}

/** Spreadsheets an import (a vendor list) reads as rows. */
export type TableKind = 'csv' | 'xlsx' | 'xls';

export interface TableRows {
  /** Cell text of the first sheet with data; rows[i] is the sheet's row i + 1 (blank rows kept as []). */
  rows: string[][];
  /** True when the sheet had more rows than the limit (maxRows). */
  truncated: boolean;
}

export interface ExtractionLimits {
  /** Wall clock for the whole extraction, OCR included. */
  timeoutMs: number;
  /** Size of the uploaded file itself. */
  maxBytes: number;
  /** Images and rendered PDF pages: width * height. */
  maxPixels: number;
  /** Images: either side. */
  maxSide: number;
  /** PDFs: pages read; the rest are dropped with a warning. */
  maxPages: number;
  /** PDFs: pages without a text layer that get OCRed; the rest are skipped with a warning. */
  maxOcrPages: number;
  /**
   * DOCX/XLSX: sum of the sizes of all ZIP entries, declared and as they really inflate.
   * PDF: sum of the decoded sizes of its compressed (Flate, Brotli) streams.
   */
  maxUncompressedBytes: number;
  maxZipEntries: number;
  /** Per ZIP entry or PDF stream larger than 1 MB uncompressed (PDF pictures and xref tables exempt). */
  maxCompressionRatio: number;
  /** XLSX/XLS: cells written out over all sheets. */
  maxCells: number;
  /** CSV: data rows written out; XLS: rows read per sheet. */
  maxRows: number;
}

export const DEFAULT_LIMITS: Readonly<ExtractionLimits> = Object.freeze({
  timeoutMs: 60_000,
  maxBytes: 100 * 1024 * 1024,
  maxPixels: 40_000_000,
  maxSide: 12_000,
  maxPages: 2_000,
  maxOcrPages: 50,
  maxUncompressedBytes: 200 * 1024 * 1024,
  maxZipEntries: 10_000,
  maxCompressionRatio: 100,
  maxCells: 50_000,
  maxRows: 10_000,
});

export type ExtractionErrorCode = 'timeout' | 'too_large' | 'corrupt' | 'unsupported' | 'limits' | 'failed';

const STATUS: Record<ExtractionErrorCode, number> = {
  timeout: 422,
  too_large: 413,
  corrupt: 422,
  unsupported: 415,
  limits: 413,
  failed: 500,
};

/** The message is written for the person who uploaded the file; the code is for the caller. */
export class ExtractionError extends AppError {
  declare readonly code: ExtractionErrorCode;

  /** `cause` is for logs (a parser's own error); it never reaches the user. */
  constructor(code: ExtractionErrorCode, message: string, cause?: unknown) {
    super(STATUS[code], code, message);
    if (cause !== undefined) this.cause = cause;
  }
}

const NOUN: Record<DocumentKind, string> = {
  pdf: 'The PDF',
  docx: 'The Word document',
  doc: 'The Word (.doc) document',
  xlsx: 'The Excel workbook',
  xls: 'The Excel (.xls) workbook',
  csv: 'The CSV file',
  png: 'The PNG image',
  jpeg: 'The JPEG image',
  webp: 'The WebP image',
};

export function describeKind(kind: DocumentKind): string {
  return NOUN[kind];
}

export function corruptMessage(kind: DocumentKind): string {
  return `${NOUN[kind]} could not be read: it looks damaged or incomplete.`;
}
