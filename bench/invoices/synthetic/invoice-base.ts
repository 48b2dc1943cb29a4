/** The parts every synthetic invoice shares: parties, number, dates and terms, PO and job, totals. */
import { addDays, formatMoney } from './format';
import type { Column, InvoiceKind, InvoiceModel, TotalRow } from './model';
import { JOBS, contractorParty, jobSite, vendorParty } from './parties';
import { round, type Random } from './random';

export type ModelHeader = Omit<InvoiceModel, 'columns' | 'rows' | 'totals' | 'afterTotals' | 'total' | 'tax'>;

export function modelHeader(random: Random, kind: InvoiceKind, invoiceNumber: string): ModelHeader {
  const invoiceDate = addDays('2025-01-02', random.int(0, 330));
  const { terms, dueDate, dueDatePrinted } = pickTerms(random, invoiceDate);
  const jobEntry = random.chance(0.85) ? random.pick(JOBS) : null;
  const style = random.pick(['job', 'project', 'ship-to'] as const);
  const job = jobEntry ? { number: jobEntry[0], name: jobEntry[1], style } : null;
  return {
    kind,
    vendor: vendorParty(random, kind),
    billTo: contractorParty(random),
    shipTo: job ? jobSite(random, job, style === 'ship-to') : null,
    invoiceNumber,
    invoiceDate,
    dueDate,
    dueDatePrinted,
    terms,
    po: random.chance(0.7)
      ? random.pick([
          `PO-${random.int(10000, 99999)}`,
          `45${random.int(10000000, 99999999)}`,
          `${job?.number ?? '2417'}-${String(random.int(1, 60)).padStart(3, '0')}`,
        ])
      : null,
    job,
    meta: [],
    notes: [],
  };
}

/** Net terms with a printed due date, or only the terms (the due date is then worked out). */
function pickTerms(random: Random, invoiceDate: string): { terms: string; dueDate: string; dueDatePrinted: boolean } {
  const roll = random.next();
  if (roll < 0.1) return { terms: '2% 10 Net 30', dueDate: addDays(invoiceDate, 30), dueDatePrinted: false };
  const days = random.pick([30, 30, 30, 15, 45]);
  return { terms: `Net ${days}`, dueDate: addDays(invoiceDate, days), dueDatePrinted: roll >= 0.4 };
}

export const col = (key: string, header: string, width: number, align: Column['align'] = 'left'): Column => ({ key, header, width, align });

export interface Totals {
  totals: TotalRow[];
  total: number;
  tax: number | null;
}

/**
 * Subtotal, then charges (freight, fuel surcharge...), then sales tax on the taxable base, then
 * the total. `taxRate` null leaves the tax line off.
 */
export function totalsBlock(subtotal: number, charges: Array<[string, number]>, taxRate: number | null, taxableBase = subtotal): Totals {
  const rows: TotalRow[] = [{ label: 'Subtotal', value: formatMoney(subtotal) }];
  let total = subtotal;
  for (const [label, amount] of charges) {
    rows.push({ label, value: formatMoney(amount) });
    total += amount;
  }
  let tax: number | null = null;
  if (taxRate !== null) {
    tax = round(taxableBase * taxRate);
    rows.push({ label: `Sales Tax (${(taxRate * 100).toFixed(2).replace(/0$/, '')}%)`, value: formatMoney(tax) });
    total += tax;
  }
  total = round(total);
  rows.push({ label: 'Total', value: formatMoney(total), total: true });
  return { totals: rows, total, tax };
}

export const TAX_RATES = [0.0825, 0.0725, 0.06, 0.0675, 0.07, 0.0875];
