/**
 * Money, quantity and date printing in the styles real issuers use: US `1,234.56`, German and
 * Dutch `1.234,56`, French `1 234,56`; `$`, `€`, `£`, `CAD` before or after; `-`, `( )` or `CR`
 * for credits. Amounts are whole cents throughout so the truth never carries float noise.
 */
export type Language = 'en' | 'de' | 'fr' | 'nl';

export interface MoneyStyle {
  group: string;
  decimal: string;
  /** Printed with the amount when `symbol` is asked for: `$`, `€`, `£`, `EUR`, `CAD`. */
  symbol: string;
  symbolAfter: boolean;
  /** A space between symbol and number. */
  spaced: boolean;
  negative: 'minus' | 'parens' | 'cr';
}

export const US_DOLLARS: MoneyStyle = { group: ',', decimal: '.', symbol: '$', symbolAfter: false, spaced: false, negative: 'minus' };

/** `1234.5` with grouping, e.g. `1.234,50`. */
export function formatNumber(value: number, decimals: number, group: string, decimal: string): string {
  const [whole, fraction] = Math.abs(value).toFixed(decimals).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${value < 0 ? '-' : ''}${fraction === undefined ? grouped : `${grouped}${decimal}${fraction}`}`;
}

export function formatMoney(cents: number, style: MoneyStyle, options: { symbol?: boolean; decimals?: number } = {}): string {
  const decimals = options.decimals ?? 2;
  const body = formatNumber(Math.abs(cents) / 100, decimals, style.group, style.decimal);
  const gap = style.spaced ? ' ' : '';
  const withSymbol = !options.symbol ? body : style.symbolAfter ? `${body}${gap || ' '}${style.symbol}` : `${style.symbol}${gap}${body}`;
  if (cents >= 0) return withSymbol;
  if (style.negative === 'parens') return `(${withSymbol})`;
  if (style.negative === 'cr') return `${withSymbol} CR`;
  return `-${withSymbol}`;
}

/** A unit price kept to its own decimals (a rate of 0.08912 prints as such). */
export function formatRate(value: number, decimals: number, style: MoneyStyle): string {
  return formatNumber(value, decimals, style.group, style.decimal);
}

/** Quantity × unit price in cents, rounded half up; exact for up to 3 and 5 decimals. */
export function extend(quantity: number, unitPrice: number): number {
  const product = BigInt(Math.round(quantity * 1000)) * BigInt(Math.round(unitPrice * 100000));
  const sign = product < 0n ? -1n : 1n;
  const magnitude = product * sign;
  return Number(((magnitude + 500000n) / 1000000n) * sign);
}

/** `rate` percent of an amount in cents, rounded half up. */
export function percentOf(cents: number, rate: number): number {
  return extend(cents / 100, rate / 100);
}

export const dollars = (cents: number) => Math.round(cents) / 100;
export const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

const MONTHS: Record<Language, string[]> = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  de: ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
  fr: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
  nl: ['januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli', 'augustus', 'september', 'oktober', 'november', 'december'],
};

export type DatePattern =
  | 'MM/DD/YYYY'
  | 'M/D/YY'
  | 'MM/DD/YY'
  | 'M/D/YYYY'
  | 'MMM D, YYYY'
  | 'MMMM D, YYYY'
  | 'DD-MMM-YYYY'
  | 'YYYY-MM-DD'
  | 'DD.MM.YYYY'
  | 'DD/MM/YYYY'
  | 'DD-MM-YYYY'
  | 'D MMM YYYY'
  | 'D MMMM YYYY'
  | 'D. MMMM YYYY';

export const US_DATES: DatePattern[] = ['MM/DD/YYYY', 'M/D/YY', 'M/D/YYYY', 'MMM D, YYYY', 'MMMM D, YYYY', 'DD-MMM-YYYY', 'YYYY-MM-DD'];

/** A calendar day, kept in UTC so no time zone moves it. */
export class Day {
  private constructor(private readonly date: Date) {}

  static of(year: number, month: number, day: number): Day {
    return new Day(new Date(Date.UTC(year, month - 1, day)));
  }

  plus(days: number): Day {
    return new Day(new Date(this.date.getTime() + days * 86400000));
  }

  /** Whole days from this day to `other`. */
  until(other: Day): number {
    return Math.round((other.date.getTime() - this.date.getTime()) / 86400000);
  }

  iso(): string {
    return this.date.toISOString().slice(0, 10);
  }

  toDate(): Date {
    return new Date(this.date.getTime());
  }

  format(pattern: DatePattern, language: Language = 'en'): string {
    const y = this.date.getUTCFullYear();
    const m = this.date.getUTCMonth() + 1;
    const d = this.date.getUTCDate();
    const month = MONTHS[language][m - 1];
    const short = month.slice(0, 3);
    const two = (n: number) => String(n).padStart(2, '0');
    const table: Record<DatePattern, string> = {
      'MM/DD/YYYY': `${two(m)}/${two(d)}/${y}`,
      'M/D/YY': `${m}/${d}/${two(y % 100)}`,
      'MM/DD/YY': `${two(m)}/${two(d)}/${two(y % 100)}`,
      'M/D/YYYY': `${m}/${d}/${y}`,
      'MMM D, YYYY': `${short} ${d}, ${y}`,
      'MMMM D, YYYY': `${month} ${d}, ${y}`,
      'DD-MMM-YYYY': `${two(d)}-${short}-${y}`,
      'YYYY-MM-DD': `${y}-${two(m)}-${two(d)}`,
      'DD.MM.YYYY': `${two(d)}.${two(m)}.${y}`,
      'DD/MM/YYYY': `${two(d)}/${two(m)}/${y}`,
      'DD-MM-YYYY': `${two(d)}-${two(m)}-${y}`,
      'D MMM YYYY': `${d} ${short} ${y}`,
      'D MMMM YYYY': `${d} ${month} ${y}`,
      'D. MMMM YYYY': `${d}. ${month} ${y}`,
    };
    return table[pattern];
  }
}
