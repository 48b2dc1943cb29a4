/** An amount in the invoice's own currency, en-US ('$1,234.50', '€1,234.50'); a code Intl refuses follows the number. */
export function formatMoney(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}
