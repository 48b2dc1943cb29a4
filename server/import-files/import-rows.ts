/**
 * Shared by the workbook and the Vista CSVs: confirmed invoices flattened to the lines that get
 * written, amounts in whole cents (so every sum ties out exactly), and calendar dates.
 */
import { ValidationError } from '../errors';
import type { ConfirmedInvoice, ConfirmedInvoiceLine } from './types';

export interface CalendarDate {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
}

export interface ImportLine {
  line: ConfirmedInvoiceLine;
  description: string;
  vendorName: string;
  vendorCode: string | null;
  amountCents: number;
}

export interface ImportInvoice {
  invoice: ConfirmedInvoice;
  invoiceDate: CalendarDate | null;
  dueDate: CalendarDate | null;
  invoiceTotalCents: number | null;
  lines: ImportLine[];
  linesTotalCents: number;
}

/** Checks the invoices and puts each one's lines in line-number order. */
export function toImportInvoices(invoices: ConfirmedInvoice[]): ImportInvoice[] {
  if (invoices.length === 0) throw new ValidationError('There are no confirmed invoices to write.');
  return invoices.map((invoice) => {
    const label = invoiceLabel(invoice);
    if (invoice.totalOnly && invoice.lines.length !== 1) {
      throw new ValidationError(`${label} is marked Invoice Total Only but has ${invoice.lines.length} lines instead of one.`);
    }
    if (invoice.lines.length === 0) throw new ValidationError(`${label} has no lines to write.`);
    const lines = [...invoice.lines]
      .sort((a, b) => a.lineNumber - b.lineNumber)
      .map((line): ImportLine => {
        const ownVendor = line.vendorName.trim() !== '';
        return {
          line,
          description: line.description.trim() || fallbackDescription(invoice),
          vendorName: ownVendor ? line.vendorName : invoice.vendorName,
          vendorCode: ownVendor ? line.vendorCode : invoice.vendorCode,
          amountCents: toCents(line.amount, `${label}, line ${line.lineNumber}`),
        };
      });
    return {
      invoice,
      invoiceDate: parseIsoDate(invoice.invoiceDate, `${label}: invoice date`),
      dueDate: parseIsoDate(invoice.dueDate, `${label}: due date`),
      invoiceTotalCents: invoice.invoiceTotal === null ? null : toCents(invoice.invoiceTotal, `${label}: invoice total`),
      lines,
      linesTotalCents: lines.reduce((sum, line) => sum + line.amountCents, 0),
    };
  });
}

export function fromCents(cents: number): number {
  return cents / 100;
}

/** The calendar date a Date falls on in the server's time zone. */
export function calendarDateOf(date: Date): CalendarDate {
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
}

export function formatCalendarDate(date: CalendarDate, format: 'MM/DD/YYYY' | 'YYYY-MM-DD'): string {
  const yyyy = String(date.year).padStart(4, '0');
  const mm = String(date.month).padStart(2, '0');
  const dd = String(date.day).padStart(2, '0');
  return format === 'MM/DD/YYYY' ? `${mm}/${dd}/${yyyy}` : `${yyyy}-${mm}-${dd}`;
}

/** exceljs turns a Date into a serial day number from its UTC fields, so midnight UTC is that day. */
export function toExcelDate(date: CalendarDate): Date {
  return new Date(Date.UTC(date.year, date.month - 1, date.day));
}

function parseIsoDate(iso: string | null, what: string): CalendarDate | null {
  if (iso === null || iso.trim() === '') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(iso.trim());
  const date = match && { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  const check = date && toExcelDate(date);
  if (!date || !check || check.getUTCMonth() !== date.month - 1 || check.getUTCDate() !== date.day) {
    throw new ValidationError(`${what} "${iso}" is not a date in the form YYYY-MM-DD.`);
  }
  return date;
}

function toCents(amount: number, what: string): number {
  if (!Number.isFinite(amount)) throw new ValidationError(`${what}: the amount ${amount} is not a number.`);
  // Rounds half away from zero, as a ledger does; the epsilon absorbs 1.005 being 1.00499999...
  return Math.sign(amount) * Math.round(Math.abs(amount) * 100 + 1e-7) || 0;
}

function invoiceLabel(invoice: ConfirmedInvoice): string {
  return `Invoice ${invoice.invoiceNumber ?? invoice.invoiceId} from ${invoice.vendorName}`;
}

function fallbackDescription(invoice: ConfirmedInvoice): string {
  return invoice.invoiceNumber ? `${invoice.vendorName} invoice ${invoice.invoiceNumber}` : invoice.vendorName;
}
