import { describe, expect, it } from 'vitest';
import { attachmentName } from './download-invoice-file';

describe('attachmentName', () => {
  it("takes the server's UTF-8 name, else its plain one, else none", () => {
    expect(attachmentName(`attachment; filename="R_sum_.xlsx"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22Q3%22.xlsx`)).toBe('Résumé "Q3".xlsx');
    expect(attachmentName('attachment; filename="AP-Import-Daily-Detail-2026-11-28-3-invoices.xlsx"')).toBe(
      'AP-Import-Daily-Detail-2026-11-28-3-invoices.xlsx',
    );
    expect(attachmentName(`attachment; filename="plain.csv"; filename*=UTF-8''%E0%A4%A`)).toBe('plain.csv');
    expect(attachmentName(null)).toBeNull();
    expect(attachmentName('inline')).toBeNull();
  });
});
