/**
 * One PDF, several invoices: consecutive pages belong to one invoice until a page prints a
 * different invoice number in its header. Continuation pages (no number, or the same one) stay
 * with the invoice before them.
 */
import { findInvoiceNumber } from './invoice-number';
import type { Line } from './layout-lines';

export function splitInvoices(lines: Line[]): Line[][] {
  const byPage = new Map<number, Line[]>();
  for (const line of lines) {
    const page = byPage.get(line.page);
    if (page) page.push(line);
    else byPage.set(line.page, [line]);
  }
  const groups: Line[][] = [];
  let current: Line[] = [];
  let currentNumber: string | null = null;
  for (const pageLines of byPage.values()) {
    // Only the top half of a page: a number further down is more likely a reference in the text.
    const header = pageLines.filter((line) => line.y < line.pageHeight / 2);
    const number = findInvoiceNumber(header);
    const confident = number && number.confidence >= 0.8 ? number.value : null;
    if (current.length && confident && currentNumber && confident !== currentNumber) {
      groups.push(current);
      current = [];
      currentNumber = null;
    }
    current.push(...pageLines);
    currentNumber ??= confident;
  }
  if (current.length) groups.push(current);
  return groups;
}
