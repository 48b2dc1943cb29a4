import { serverMessage } from '@/lib/handle-error';

const moneyFormats = new Map<string, Intl.NumberFormat | null>();

/** en-US money in the given ISO 4217 currency; null for a code Intl does not take. */
function moneyFormat(currency: string): Intl.NumberFormat | null {
  let format = moneyFormats.get(currency);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    } catch {
      format = null;
    }
    moneyFormats.set(currency, format);
  }
  return format;
}

const plainAmount = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * An amount in the invoice's own currency, en-US: '$1,234.50', '€1,234.50', 'CHF 1,234.50'
 * (docs/product-rules.md, Invoices). A code Intl refuses is written after the plain number.
 */
export function formatCurrency(amount: number | null | undefined, currency: string, fallback = 'N/A'): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return fallback;
  const code = currency.trim().toUpperCase();
  const format = moneyFormat(code);
  return format ? format.format(amount) : `${plainAmount.format(amount)} ${code}`.trim();
}

/** What marks an amount field as money in this currency: '$', '€', 'CHF'. */
export function currencySymbol(currency: string): string {
  const code = currency.trim().toUpperCase();
  return (
    moneyFormat(code)
      ?.formatToParts(0)
      .find((part) => part.type === 'currency')?.value ?? code
  );
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

/**
 * An amount edit counts only when the text reads as a number. Amounts are typed as a clerk
 * writes them: '1,234.56', '$1,234.56', '(123.45)' (a credit, negative) or '-123.45'.
 */
export function parseAmount(text: string): number | null {
  let plain = text.trim().replace(/[$€£\s]/g, '');
  if (plain === '') return null;
  const parenthesised = /^\((.*)\)$/.exec(plain);
  if (parenthesised) plain = `-${parenthesised[1]}`;
  // Thousands separators only where they belong: '1,234.56' but not '1,23'.
  if (plain.includes(',')) {
    if (!/^-?\d{1,3}(,\d{3})+(\.\d*)?$/.test(plain)) return null;
    plain = plain.replace(/,/g, '');
  }
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(plain)) return null;
  const value = Number(plain);
  return Number.isFinite(value) ? value : null;
}

/** `text`, then the server's own words when it sent any: 'Failed to confirm invoice: {message}'. */
export function withServerMessage(text: string, err: unknown): string {
  const message = serverMessage(err);
  return message ? `${text}: ${message}` : text;
}
