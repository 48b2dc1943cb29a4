/** How amounts and dates are printed on the synthetic invoices. */
export type DateStyle = 'us' | 'long' | 'iso';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** ISO yyyy-mm-dd as 'MM/DD/YYYY', 'Nov 3, 2025' or '2025-11-03'. */
export function formatDate(iso: string, style: DateStyle): string {
  const [year, month, day] = iso.split('-');
  if (style === 'iso') return iso;
  if (style === 'long') return `${MONTHS[Number(month) - 1]} ${Number(day)}, ${year}`;
  return `${month}/${day}/${year}`;
}

export function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** 1234.5 as '1,234.50'; negatives as '-1,234.50'. */
export function formatMoney(value: number, decimals = 2): string {
  const fixed = Math.abs(value).toFixed(decimals);
  const [whole, fraction] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0 ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

export function formatQuantity(value: number): string {
  return Number.isInteger(value) ? formatMoney(value, 0) : formatMoney(value, value * 100 === Math.round(value * 100) ? 2 : 3);
}
