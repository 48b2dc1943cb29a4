import { describe, expect, it } from 'vitest';
import { toImportInvoices } from './import-rows';
import { makeInvoice, readyMix } from './test-invoices';

describe('toImportInvoices', () => {
  it('rounds each line to the cent as a ledger does, so the lines add up exactly', () => {
    const invoice = makeInvoice({
      ...readyMix,
      lines: [
        { description: 'Rebar #4, 1.005 per ft', amount: 1.005 },
        { description: 'Credit', amount: -1.005 },
        { description: 'Tie wire', amount: 0.1 + 0.2 },
      ],
    });
    const [entry] = toImportInvoices([invoice]);
    expect(entry.lines.map((line) => line.amountCents)).toEqual([101, -101, 30]);
    expect(entry.linesTotalCents).toBe(30);
  });

  it('writes lines in line-number order and describes a line without a description by its invoice', () => {
    const invoice = {
      ...readyMix,
      lines: [
        { ...readyMix.lines[1], lineNumber: 2 },
        { ...readyMix.lines[0], lineNumber: 1, description: '  ' },
      ],
    };
    const [entry] = toImportInvoices([invoice]);
    expect(entry.lines.map((line) => [line.line.lineNumber, line.description])).toEqual([
      [1, 'Riverside Ready Mix, Inc. invoice RM-88231'],
      [2, 'Short load charge'],
    ]);
  });

  it('refuses a date that is not a real calendar date, naming the invoice', () => {
    expect(() => toImportInvoices([{ ...readyMix, dueDate: '2026-02-30' }])).toThrow(
      'Invoice RM-88231 from Riverside Ready Mix, Inc.: due date "2026-02-30" is not a date in the form YYYY-MM-DD.',
    );
    expect(() => toImportInvoices([{ ...readyMix, invoiceDate: '11/03/2026' }])).toThrow(/invoice date "11\/03\/2026"/);
  });

  it('refuses an amount that is not a number', () => {
    expect(() => toImportInvoices([{ ...readyMix, invoiceTotal: Number.NaN }])).toThrow(/invoice total: the amount NaN is not a number/);
  });
});
