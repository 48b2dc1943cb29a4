import { describe, expect, it } from 'vitest';
import { documentTypeLabel, formatDocumentDate, formatFileSize, formatKilobytes, pageCountLabel, truncateFileName } from './format';

describe('document formatting', () => {
  it('cuts names over 35 characters and adds an ellipsis', () => {
    const exact = 'a'.repeat(35);
    expect(truncateFileName(exact)).toBe(exact);
    expect(truncateFileName(`${exact}b.pdf`)).toBe(`${exact}...`);
  });

  it('shows KB in panels as bytes / 1024, rounded', () => {
    expect(formatKilobytes(0)).toBe('0 KB');
    expect(formatKilobytes(1536)).toBe('2 KB');
    expect(formatKilobytes(300 * 1024)).toBe('300 KB');
  });

  it('shows Bytes, KB, MB and GB with two decimals in the preview', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(512)).toBe('512 Bytes');
    expect(formatFileSize(1536)).toBe('1.50 KB');
    expect(formatFileSize(5 * 1024 ** 2)).toBe('5.00 MB');
    expect(formatFileSize(2.25 * 1024 ** 3)).toBe('2.25 GB');
    expect(formatFileSize(3 * 1024 ** 4)).toBe('3072.00 GB');
  });

  it('labels invoices INVOICE and other documents by kind', () => {
    expect(documentTypeLabel({ purpose: 'invoice', kind: 'pdf' })).toBe('INVOICE');
    expect(documentTypeLabel({ purpose: 'analyze', kind: 'xlsx' })).toBe('XLSX');
  });

  it('gives the page count from metadata or Unknown pages', () => {
    expect(pageCountLabel({ pages: 12 })).toBe('12 pages');
    expect(pageCountLabel({})).toBe('Unknown pages');
    expect(pageCountLabel(null)).toBe('Unknown pages');
  });

  it('formats dates as short month, day, year', () => {
    expect(formatDocumentDate('2025-03-04T12:00:00.000Z')).toBe('Mar 4, 2025');
  });
});
