import { describe, expect, it } from 'vitest';
import { removableLines, tieOut, tieOutMessage } from './tie-out';

const invoice = (total_amount: number | null, tax_amount: number | null = null, freight_amount: number | null = null) => ({
  total_amount,
  tax_amount,
  freight_amount,
});

describe('tieOut', () => {
  it('ties when the lines as written add up to the printed total, to the cent', () => {
    expect(tieOut(invoice(150), [100, 50])).toEqual({ status: 'ties', linesTotal: 150, invoiceTotal: 150 });
    // 0.1 + 0.2 is 0.30000000000000004 in floating point; in cents it is 30.
    expect(tieOut(invoice(0.3), [0.1, 0.2]).status).toBe('ties');
    // Credit notes post negative.
    expect(tieOut(invoice(-312.4), [-287.4, -25]).status).toBe('ties');
  });

  it('rounds each line to the cent as confirming stores it', () => {
    expect(tieOut(invoice(0.26), [0.125, 0.125]).status).toBe('ties');
    expect(tieOut(invoice(20), [10.004, 10.004]).status).toBe('ties');
  });

  it('gives the difference as total minus lines, and which printed charge it is', () => {
    expect(tieOut(invoice(373.5, 56.57), [216.93, 100])).toEqual({
      status: 'differs',
      linesTotal: 316.93,
      invoiceTotal: 373.5,
      difference: 56.57,
      unwrittenCharge: 'tax',
    });
    expect(tieOut(invoice(130, 20, 10), [100])).toMatchObject({ difference: 30, unwrittenCharge: 'tax and freight' });
    expect(tieOut(invoice(110, 20, 10), [100])).toMatchObject({ difference: 10, unwrittenCharge: 'freight' });
    expect(tieOut(invoice(100, 20), [110])).toMatchObject({ difference: -10, unwrittenCharge: null });
  });

  it('has nothing to compare without a printed total', () => {
    expect(tieOut(invoice(null), [10.1, 20.2, 0.7])).toEqual({ status: 'no-total', linesTotal: 31 });
  });
});

describe('tieOutMessage', () => {
  it('says quietly that the lines tie', () => {
    expect(tieOutMessage(tieOut(invoice(150), [100, 50]), 'USD')).toBe('Lines add up to the invoice total of $150.00.');
  });

  it('names both sums, the difference and the ways to fix it, in the invoice currency', () => {
    expect(tieOutMessage(tieOut(invoice(373.5), [316.93]), 'USD')).toBe(
      'Lines come to $316.93; the invoice total is $373.50 (difference $56.57). Edit or remove a line, add the missing charge, choose Invoice Total Only, or confirm with a difference and say why.',
    );
    expect(tieOutMessage(tieOut(invoice(100), [110]), 'EUR')).toBe(
      'Lines come to €110.00; the invoice total is €100.00 (difference €10.00). Edit or remove a line, add the missing charge, choose Invoice Total Only, or confirm with a difference and say why.',
    );
  });

  it('points at tax or freight the lines leave out', () => {
    expect(tieOutMessage(tieOut(invoice(373.5, 56.57), [316.93]), 'USD')).toBe(
      "Lines come to $316.93; the invoice total is $373.50 (difference $56.57). The difference is the invoice's tax, which gets no line of its own: add it as a charge or choose Invoice Total Only.",
    );
  });

  it('gives the lines sum when there is no total', () => {
    expect(tieOutMessage(tieOut(invoice(null), [31]), 'USD')).toBe('No invoice total was read; the lines come to $31.00.');
  });
});

describe('removableLines', () => {
  const lines = (...amounts: number[]) => amounts.map((amount, index) => ({ lineNumber: index + 1, amount }));

  it('offers the footer read as a line: it equals both the total and what the lines are over', () => {
    const read = lines(4200, 3330.18, 7530.18);
    expect(
      removableLines(
        tieOut(
          invoice(7530.18),
          read.map((line) => line.amount),
        ),
        read,
      ),
    ).toEqual([3]);
  });

  it('offers a line carrying exactly the excess before one that only equals the total', () => {
    // Lines 100 + 19 (tax read as an item) + 119 (the total row) against 119: line 3 brings them nearer, line 2 does not tie them.
    const read = lines(100, 19, 119);
    expect(removableLines(tieOut(invoice(119), [238]), read)).toEqual([3]);
    const over = lines(119, 50, 100);
    // Over by 150: no single line ties, but removing the 119 total row brings the lines nearer.
    expect(removableLines(tieOut(invoice(119), [269]), over)).toEqual([1]);
    // Over by 60: line 2 ties them; the 119 line equal to the total still comes nearer, so it follows.
    const both = lines(119, 60, 10, -10);
    expect(removableLines(tieOut(invoice(119), [179]), both)).toEqual([2, 1]);
  });

  it('compares to the cent, and works for credit notes', () => {
    const read = lines(-100, -50, -50.004);
    expect(removableLines(tieOut(invoice(-150), [-200.004]), read)).toEqual([2, 3]);
    expect(removableLines(tieOut(invoice(150), [150.01, 100]), lines(150.01, 100))).toEqual([]);
  });

  it('offers nothing when the lines are short of the total, tie, or there is no total', () => {
    expect(removableLines(tieOut(invoice(169.5), [100, 50]), lines(100, 50))).toEqual([]);
    expect(removableLines(tieOut(invoice(150), [100, 50]), lines(100, 50))).toEqual([]);
    expect(removableLines(tieOut(invoice(null), [100, 50]), lines(100, 50))).toEqual([]);
    // A line of nothing changes nothing.
    expect(removableLines(tieOut(invoice(0), [0, 10]), lines(0, 10))).toEqual([2]);
  });
});
