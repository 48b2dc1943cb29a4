import { afterEach, describe, expect, it } from 'vitest';
import { currencySymbol, formatCurrency, formatInvoiceDate, formatMegabytes, isPdfFile, parseAmount } from './format';

const zone = process.env.TZ;
afterEach(() => {
  process.env.TZ = zone;
});

describe('invoice formatting', () => {
  it('shows amounts in the invoice currency, en-US, with N/A for none', () => {
    expect(formatCurrency(1234.5, 'USD')).toBe('$1,234.50');
    expect(formatCurrency(-20, 'USD')).toBe('-$20.00');
    expect(formatCurrency(1234.5, 'EUR')).toBe('€1,234.50');
    expect(formatCurrency(1234.5, 'eur')).toBe('€1,234.50');
    expect(formatCurrency(1234.5, 'GBP')).toBe('£1,234.50');
    // Intl puts a no-break space between a code and the number.
    expect(formatCurrency(1234.5, 'CHF')).toBe('CHF\u00a01,234.50');
    expect(formatCurrency(null, 'EUR')).toBe('N/A');
    expect(formatCurrency(undefined, 'EUR', '-')).toBe('-');
  });

  it('still shows the amount, and the code, for a currency Intl does not know', () => {
    expect(formatCurrency(1234.5, 'EURO')).toBe('1,234.50 EURO');
    expect(formatCurrency(5, '')).toBe('5.00');
  });

  it('gives the symbol an amount field is marked with', () => {
    expect(currencySymbol('USD')).toBe('$');
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol('CHF')).toBe('CHF');
    expect(currencySymbol('EURO')).toBe('EURO');
  });

  it('reads yyyy-mm-dd as a calendar date, not UTC midnight', () => {
    process.env.TZ = 'America/Los_Angeles';
    expect(formatInvoiceDate('2025-11-03')).toBe('Nov 3, 2025');
    expect(formatInvoiceDate('2025-01-01')).toBe('Jan 1, 2025');
    expect(formatInvoiceDate(null)).toBe('N/A');
    expect(formatInvoiceDate('not a date')).toBe('not a date');
  });

  it('shows file sizes in MB with two decimals', () => {
    expect(formatMegabytes(1024 * 1024 * 1.5)).toBe('1.50 MB');
    expect(formatMegabytes(2048)).toBe('0.00 MB');
  });

  it('accepts PDFs only', () => {
    expect(isPdfFile(new File(['x'], 'a.pdf', { type: 'application/pdf' }))).toBe(true);
    expect(isPdfFile(new File(['x'], 'A.PDF'))).toBe(true);
    expect(isPdfFile(new File(['x'], 'a.png', { type: 'image/png' }))).toBe(false);
  });

  it('takes an amount only when it parses as a number', () => {
    expect(parseAmount('12.34')).toBe(12.34);
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('-')).toBeNull();
    expect(parseAmount('abc')).toBeNull();
  });

  it('reads amounts as a clerk types them: thousands separators, a currency sign, a credit in parentheses', () => {
    expect(parseAmount('1,234.56')).toBe(1234.56);
    expect(parseAmount('$1,234.56')).toBe(1234.56);
    expect(parseAmount('(123.45)')).toBe(-123.45);
    expect(parseAmount('-0.5')).toBe(-0.5);
    expect(parseAmount('1,23')).toBeNull();
    expect(parseAmount('1.2.3')).toBeNull();
    expect(parseAmount('()')).toBeNull();
  });
});
