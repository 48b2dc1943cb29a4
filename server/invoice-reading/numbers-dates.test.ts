import { describe, expect, it } from 'vitest';
import { detectDateOrder, findDates, parseDate } from './dates';
import { detectDecimalMark, parseAmount } from './numbers';

describe('parseAmount', () => {
  it.each([
    ['1,234.56', undefined, 1234.56],
    ['1.234,56', undefined, 1234.56],
    ['$ 1,250.00', undefined, 1250],
    ['529,87 €', ',', 529.87],
    ['(12.00)', undefined, -12],
    ['-8,79', ',', -8.79],
    ['45.00-', undefined, -45],
    ['3,3333', ',', 3.3333],
    ['1.500', ',', 1500],
    ['1,500', '.', 1500],
    ['2,076.76 €', '.', 2076.76],
  ] as const)('%s -> %s', (text, mark, value) => {
    expect(parseAmount(text, mark)).toBe(value);
  });

  it('refuses text that is not one amount, unless a trailing unit is allowed', () => {
    expect(parseAmount('Net 30')).toBeNull();
    expect(parseAmount('12 m²')).toBeNull();
    expect(parseAmount('100,0000 Stk.', ',', { allowUnit: true })).toBe(100);
    expect(parseAmount('9.5', '.', { allowUnit: true })).toBe(9.5);
    expect(parseAmount('1’500.50')).toBe(1500.5);
    expect(parseAmount('₹1,750.56')).toBe(1750.56);
    expect(parseAmount('2.433900 m3', '.', { allowUnit: true })).toBe(2.4339);
  });

  it('tells the document decimal mark from its amounts', () => {
    expect(detectDecimalMark(['Summe 1.163,40', '19,00 %'])).toBe(',');
    expect(detectDecimalMark(['Total 1,163.40'])).toBe('.');
  });
});

describe('dates', () => {
  it('reads the usual formats', () => {
    expect(parseDate('2025-11-03')).toBe('2025-11-03');
    expect(parseDate('03.11.2025')).toBe('2025-11-03');
    expect(parseDate('Nov 3, 2025')).toBe('2025-11-03');
    expect(parseDate('3. November 2025')).toBe('2025-11-03');
    expect(parseDate('16 novembre 2017')).toBe('2017-11-16');
  });

  it('reads slash dates month-first unless the day part shows otherwise', () => {
    expect(parseDate('11/03/2025')).toBe('2025-11-03');
    expect(parseDate('16/11/2017')).toBe('2017-11-16');
    expect(detectDateOrder(['Date 16/11/2017', 'Due 05/12/2017'])).toBe('dmy');
    expect(parseDate('05/12/2017', 'dmy')).toBe('2017-12-05');
  });

  it('reads an undecided slash date day-first on a European invoice and month-first on a US one', () => {
    expect(detectDateOrder(['Date de facture : 02/11/2019', 'TVA 20 %', 'Total TTC 12,99 €'])).toBe('dmy');
    expect(detectDateOrder(['Invoice Date 02/11/2026', 'Denver, CO 80216', 'Sales Tax', 'Total $1,200.00'])).toBe('mdy');
    expect(detectDateOrder(['Invoice Date 02/11/2026'])).toBe('mdy');
  });

  it('finds dates inside text and skips impossible ones', () => {
    expect(findDates('Zahlbar bis 04.07.2018, Skonto bis 15.06.2018').map((d) => d.iso)).toEqual(['2018-07-04', '2018-06-15']);
    expect(findDates('31.02.2018')).toEqual([]);
  });
});

describe('dates with month names in a header strip and in Dutch', () => {
  it('reads day-month-year joined by hyphens, with a two- or four-digit year', () => {
    expect(parseDate('Invoice Date 12-Jan-2026')).toBe('2026-01-12');
    expect(parseDate('Date: 30-May-22')).toBe('2022-05-30');
    expect(parseDate('12 Jan 26')).toBe('2026-01-12');
  });

  it('reads Dutch month names', () => {
    expect(parseDate('14 maart 2026')).toBe('2026-03-14');
    expect(parseDate('1 mei 2026')).toBe('2026-05-01');
    expect(parseDate('3 augustus 2025')).toBe('2025-08-03');
  });

  it('does not take a quantity and a long number for a date', () => {
    expect(parseDate('3 May 12345')).toBeNull();
  });
});
