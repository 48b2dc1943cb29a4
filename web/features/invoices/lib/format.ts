import { serverMessage } from '@/lib/handle-error';

/** Amounts in US dollars, en-US (docs/product-rules.md, Invoices). */
const currency = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatCurrency(amount: number | null | undefined, fallback = 'N/A'): string {
  return amount === null || amount === undefined || !Number.isFinite(amount) ? fallback : currency.format(amount);
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Short month, day, year ('Nov 3, 2025'). A bare yyyy-mm-dd is a calendar date: read it as local,
 * since new Date('2025-11-03') is UTC midnight and shows as Nov 2 west of Greenwich.
 */
export function formatInvoiceDate(value: string | null | undefined, fallback = 'N/A'): string {
  if (!value) return fallback;
  const parts = DATE_ONLY.exec(value);
  const date = parts ? new Date(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3])) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** The full-page file list shows sizes in MB. */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

/** Invoice flows take PDFs only: by type, or by name when the browser gives no type. */
export function isPdfFile(file: File): boolean {
  return file.type === 'application/pdf' || (!file.type && file.name.toLowerCase().endsWith('.pdf'));
}

/** An amount edit counts only when the text reads as a number. */
export function parseAmount(text: string): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** `text`, then the server's own words when it sent any: 'Failed to confirm invoice: {message}'. */
export function withServerMessage(text: string, err: unknown): string {
  const message = serverMessage(err);
  return message ? `${text}: ${message}` : text;
}
