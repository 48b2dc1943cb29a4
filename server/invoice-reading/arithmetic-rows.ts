/**
 * Line items without a table header: when no header row can be read (OCR often loses a header
 * printed white on a dark band), a row is a line that ends in quantity, unit price and amount
 * whose arithmetic holds (quantity x price = amount, or per 100 / 1000 for prices per C or M),
 * with a description before the numbers. The table ends at the totals block.
 */
import { regionOf, type Line } from './layout-lines';
import { findAmounts, roundCents, sameAmount, type DecimalMark } from './numbers';
import type { ExtractedLineItem } from './types';

/** Unit words between the quantity and the price ('3.50 HR 58.00'), left out of the description. */
const UNIT =
  /\s+(?:hrs?|hours?|ea|each|pc|pcs|sht|lf|sf|sy|cy|yd|yds|ton|tons|ld|lds|loads?|day|days|wk|week|mo|month|gal|lb|lbs|ft|m|c|e|stk|std)\.?$/i;
const PER = [1, 100, 1000];
/** Lines of the totals block and statements, which can multiply out by chance. */
const NOT_AN_ITEM = /^(?:sub-?\s?total|(?:grand\s+)?totals?|sales tax|tax|freight|shipping|balance|amount due|previous|payments?|retainage)\b/i;
/** A quantity's own label ('Qty: 20  Price: 14.50  Total: 290.00'): the item's name is the line above. */
const QUANTITY_LABEL = /^(?:qty|quantity|menge|anzahl|qté|quantité|aantal|hoeveelheid)\.?$/i;

/** Rows whose numbers multiply out, from the top of the document to its first totals line. */
export function findArithmeticRows(
  lines: Line[],
  mark: DecimalMark,
  endsTable: (line: Line) => boolean,
): { items: ExtractedLineItem[]; lines: Line[] } {
  const items: ExtractedLineItem[] = [];
  const used: Line[] = [];
  for (const [at, line] of lines.entries()) {
    if (items.length > 0 && endsTable(line)) break;
    const item = arithmeticRow(line, mark, lines[at - 1]);
    if (!item) continue;
    items.push(item);
    used.push(line);
  }
  // One product line in a letter is a coincidence; a table has at least two.
  return items.length >= 2 ? { items, lines: used } : { items: [], lines: [] };
}

function arithmeticRow(line: Line, mark: DecimalMark, above: Line | undefined): ExtractedLineItem | null {
  const numbers = findAmounts(line.text, mark);
  if (numbers.length < 3) return null;
  const [quantity, price, amount] = numbers.slice(-3);
  if (quantity.value <= 0 || amount.value === 0) return null;
  if (!PER.some((per) => sameAmount(roundCents((quantity.value * price.value) / per), amount.value))) return null;
  let description = line.text
    .slice(0, quantity.index)
    .replace(UNIT, '')
    .replace(/[\s\-–:|]+$/, '')
    .trim();
  if (QUANTITY_LABEL.test(description) && above && above.page === line.page && !/\d[.,]\d{2}\b/.test(above.text)) {
    description = above.text.trim();
  }
  if (!/\p{L}{3,}/u.test(description) || NOT_AN_ITEM.test(description)) return null;
  return {
    id: null,
    description,
    quantity: quantity.value,
    unitPrice: price.value,
    amount: amount.value,
    region: regionOf(line),
  };
}
