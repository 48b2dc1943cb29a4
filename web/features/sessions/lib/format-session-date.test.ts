import { describe, expect, it } from 'vitest';
import { formatSessionDate } from './format-session-date';

const now = new Date(2025, 5, 15, 16, 0);

describe('formatSessionDate', () => {
  it('shows the time for today, the date otherwise, and the year only when it differs', () => {
    expect(formatSessionDate(new Date(2025, 5, 15, 9, 5).toISOString(), now, 'en-US')).toBe('9:05 AM');
    expect(formatSessionDate(new Date(2025, 2, 3, 9, 5).toISOString(), now, 'en-US')).toBe('Mar 3');
    expect(formatSessionDate(new Date(2024, 11, 31).toISOString(), now, 'en-US')).toBe('Dec 31, 2024');
  });

  it('shows nothing for an unreadable date', () => {
    expect(formatSessionDate('not a date', now)).toBe('');
  });
});
