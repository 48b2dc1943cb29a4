import { describe, expect, it } from 'vitest';
import { formatMoney, percentOf } from './procore-citables';
import { commitmentNumberOf, passesPercent, percentFilterOf, sameNumber, searchTerms, topicsOf } from './procore-query';

describe('reading a Procore question without a model', () => {
  it('finds the topics a question names', () => {
    expect(topicsOf('which subcontracts on the Riverside project are over 90% paid?')).toEqual(['commitments']);
    expect(topicsOf('Which subcontractors are over 90% paid?')).toEqual(['commitments']);
    expect(topicsOf('open RFIs on Riverside')).toEqual(['rfis']);
    expect(topicsOf('submittals and budget for Hillcrest')).toEqual(['submittals', 'budget']);
    expect(topicsOf('phone number of the electrical vendor')).toEqual(['vendors']);
    expect(topicsOf('tell me about Riverside')).toEqual([]);
  });

  it('reads thresholds on the paid share, both ways', () => {
    expect(percentFilterOf('over 90% paid')).toEqual({ op: '>', value: 90 });
    expect(percentFilterOf('more than 75.5 percent paid')).toEqual({ op: '>', value: 75.5 });
    expect(percentFilterOf('at least 50% paid')).toEqual({ op: '>=', value: 50 });
    expect(percentFilterOf('under 40%')).toEqual({ op: '<', value: 40 });
    expect(percentFilterOf('less than 10% paid')).toEqual({ op: '<', value: 10 });
    expect(percentFilterOf('paid >= 95%')).toEqual({ op: '>=', value: 95 });
    expect(percentFilterOf('which subcontracts are paid')).toBeUndefined();
    const over90 = percentFilterOf('over 90%')!;
    expect([97, 95, 92.5, 90, 40].filter((p) => passesPercent(over90, p))).toEqual([97, 95, 92.5]);
  });

  it('keeps the words that may name a project, and reads commitment numbers', () => {
    expect(searchTerms('which subcontracts on the Riverside project are over 90% paid?')).toEqual(['riverside']);
    expect(searchTerms('Budget for job 2024-017')).toEqual(['2024-017']);
    expect(commitmentNumberOf('line items of sc 14 please')).toBe('SC-14');
    expect(sameNumber('SC-14', 'SC-014')).toBe(true);
    expect(sameNumber('SC-14', 'PO-014')).toBe(false);
  });

  it('formats money from its decimal text and reads percentages', () => {
    expect(formatMoney('412000.00')).toBe('$412,000.00');
    expect(formatMoney('1234567.5')).toBe('$1,234,567.50');
    expect(formatMoney('-980')).toBe('-$980.00');
    expect(formatMoney('12345678901234567.89')).toBe('$12,345,678,901,234,567.89');
    expect(formatMoney('n/a')).toBe('n/a');
    expect(percentOf('92.5')).toBe(92.5);
    expect(percentOf(95)).toBe(95);
    expect(percentOf(null)).toBeUndefined();
  });
});
