import type { DocumentDto, DocumentStatus } from '@contract/documents';

/** Long names are cut at 35 characters so a row stays one line (docs/product-rules.md, Uploads). */
const MAX_LISTED_NAME_LENGTH = 35;

export function truncateFileName(name: string, max = MAX_LISTED_NAME_LENGTH): string {
  return name.length > max ? `${name.slice(0, max)}...` : name;
}

/** Panels: bytes divided by 1024, rounded. */
export function formatKilobytes(bytes: number): string {
  return `${Math.round(bytes / 1024)} KB`;
}

const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** The preview dialog: Bytes, KB, MB or GB with two decimals ('0 Bytes', '1.50 KB'). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const unit = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), SIZE_UNITS.length - 1);
  if (unit === 0) return `${bytes} Bytes`;
  return `${(bytes / 1024 ** unit).toFixed(2)} ${SIZE_UNITS[unit]}`;
}

/** en-US, short month, day, year (docs/product-rules.md, Uploads). */
export function formatDocumentDate(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

export const STATUS_LABELS: Record<DocumentStatus, string> = {
  queued: 'Queued',
  extracting: 'Extracting',
  ready: 'Ready',
  failed: 'Failed',
};

/** 'INVOICE' for invoice uploads, else the kind ('PDF', 'XLSX'...). */
export function documentTypeLabel(document: Pick<DocumentDto, 'purpose' | 'kind'>): string {
  return document.purpose === 'invoice' ? 'INVOICE' : document.kind.toUpperCase();
}

const IMAGE_KINDS = new Set<DocumentDto['kind']>(['png', 'jpeg', 'webp']);

export function isImageDocument(document: Pick<DocumentDto, 'kind'>): boolean {
  return IMAGE_KINDS.has(document.kind);
}

/** The page count a PDF's metadata gives, if any. */
export function pageCountLabel(metadata: DocumentDto['metadata']): string {
  const pages = metadata?.pages;
  return typeof pages === 'number' && pages > 0 ? `${pages} pages` : 'Unknown pages';
}
