/** Money, prices, quantities and the date styles US supplier software prints. */

/** Rounds to cents the way an invoicing system does (half away from zero). */
export function cents(value: number): number {
  return (Math.sign(value) * Math.round(Math.abs(value) * 100 + 1e-7)) / 100;
}

function group(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export interface MoneyStyle {
  /** Print a leading dollar sign. */
  dollar?: boolean;
  /** How a negative prints: '-12.50' or '(12.50)' as accounting packages do. */
  negative?: 'minus' | 'parens';
}

/** 1234.5 as '1,234.50' (or '$1,234.50', '(1,234.50)'). */
export function money(value: number, style: MoneyStyle = {}): string {
  const [whole, fraction] = Math.abs(value).toFixed(2).split('.');
  const body = `${style.dollar ? '$' : ''}${group(whole)}.${fraction}`;
  if (value >= 0 || Math.abs(value) < 0.005) return body;
  return style.negative === 'parens' ? `(${body})` : `-${body}`;
}

/** A unit price with a fixed number of decimals, as some yards print 4 (2.8750). */
export function price(value: number, decimals = 2): string {
  const [whole, fraction] = value.toFixed(decimals).split('.');
  return `${group(whole)}.${fraction}`;
}

/** A quantity: whole numbers plain, fractions with as many decimals as they need (up to 2). */
export function quantity(value: number): string {
  if (Number.isInteger(value)) return group(String(value));
  return value.toFixed(Math.round(value * 10) === value * 10 ? 1 : 2);
}

export type DateStyle = 'mm/dd/yyyy' | 'm/d/yy' | 'mm/dd/yy' | 'dd-mon-yyyy' | 'month d, yyyy' | 'mon d, yyyy';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** An ISO date (2026-01-12) in one of the printed styles. */
export function date(iso: string, style: DateStyle): string {
  const [year, month, day] = iso.split('-').map(Number);
  const mm = String(month).padStart(2, '0');
  const dd = String(day).padStart(2, '0');
  const yy = String(year % 100).padStart(2, '0');
  const name = MONTHS[month - 1];
  switch (style) {
    case 'mm/dd/yyyy':
      return `${mm}/${dd}/${year}`;
    case 'm/d/yy':
      return `${month}/${day}/${yy}`;
    case 'mm/dd/yy':
      return `${mm}/${dd}/${yy}`;
    case 'dd-mon-yyyy':
      return `${dd}-${name.slice(0, 3)}-${year}`;
    case 'month d, yyyy':
      return `${name} ${day}, ${year}`;
    case 'mon d, yyyy':
      return `${name.slice(0, 3)} ${day}, ${year}`;
  }
}

export function addDays(iso: string, days: number): string {
  const when = new Date(`${iso}T00:00:00Z`);
  when.setUTCDate(when.getUTCDate() + days);
  return when.toISOString().slice(0, 10);
}
