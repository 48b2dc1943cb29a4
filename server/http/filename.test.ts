import { describe, expect, it } from 'vitest';
import { contentDisposition, formatBytes, sanitizeFilename } from './filename';

describe('sanitizeFilename', () => {
  it('keeps only the last path segment', () => {
    expect(sanitizeFilename('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFilename('C:\\Users\\me\\invoice.pdf')).toBe('invoice.pdf');
    expect(sanitizeFilename('..')).toBe('file');
    expect(sanitizeFilename('')).toBe('file');
    expect(sanitizeFilename(undefined)).toBe('file');
  });

  it('strips control characters and bidi overrides', () => {
    expect(sanitizeFilename('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(sanitizeFilename('a\u2066b\u2069c\u0000d\nе.pdf')).toBe('abcdе.pdf');
    expect(sanitizeFilename('\u200Freport\u202A.pdf')).toBe('report.pdf');
  });

  it('caps the name at 255 characters and keeps the extension', () => {
    const capped = sanitizeFilename(`${'a'.repeat(400)}.xlsx`);
    expect(capped).toHaveLength(255);
    expect(capped.endsWith('.xlsx')).toBe(true);
    const emoji = sanitizeFilename(`${'😀'.repeat(300)}.pdf`);
    expect(Array.from(emoji)).toHaveLength(255);
    expect(emoji.endsWith('😀.pdf')).toBe(true);
  });

  it('keeps ordinary Unicode names as they are', () => {
    expect(sanitizeFilename('Factura nº 7 — São Paulo.pdf')).toBe('Factura nº 7 — São Paulo.pdf');
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('attachment', 'Rechnung März "final".pdf')).toBe(
      `attachment; filename="Rechnung M_rz _final_.pdf"; filename*=UTF-8''Rechnung%20M%C3%A4rz%20%22final%22.pdf`,
    );
    expect(contentDisposition('inline', "it's (1).png")).toBe(`inline; filename="it's (1).png"; filename*=UTF-8''it%27s%20%281%29.png`);
  });

  it('never lets a header break out', () => {
    const header = contentDisposition('attachment', 'a\r\nSet-Cookie: x=1\u202E.pdf');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toContain('filename="aSet-Cookie: x=1.pdf"');
  });
});

describe('formatBytes', () => {
  it('reads like a person would say it', () => {
    expect(formatBytes(25 * 1024 * 1024)).toBe('25 MB');
    expect(formatBytes(64 * 1024)).toBe('64 KB');
    expect(formatBytes(900)).toBe('900 bytes');
  });
});
