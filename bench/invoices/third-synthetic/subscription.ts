/**
 * Construction-software subscription invoice: a wordmark at the top, the issuer's legal name only
 * in the small footer, the customer's name large under `Bill to`, hyphenated invoice numbers, plan
 * rows with quantity x unit price, the billing period per row or once, sometimes a discount and
 * sales tax in the totals, and either a due date or a card payment (no due date, nothing left due).
 */
import { rgb } from 'pdf-lib';
import { Day, type DatePattern, type MoneyStyle, US_DOLLARS, dollars, extend, formatMoney, percentOf } from './format';
import { CONTRACTORS, PEOPLE } from './parties';
import type { Random } from './random';
import { Document, GREY, LIGHT, type Sheet } from './sheet';
import { type Generated, type Row, centsOf, truthItems } from './truth';

interface Vendor {
  legal: string;
  brand: string;
  address: string;
  email: string;
  plans: Array<[string, number]>;
  addOns: Array<[string, number]>;
}

const VENDORS: Vendor[] = [
  {
    legal: 'Fieldloop Software, Inc.',
    brand: 'fieldloop',
    address: '548 Market St PMB 23011, San Francisco, CA 94104',
    email: 'billing@fieldloop.io',
    plans: [
      ['Pro plan - field seats', 45],
      ['Pro plan - office seats', 89],
    ],
    addOns: [
      ['Document storage add-on (500 GB)', 25],
      ['Daily log automation', 15],
    ],
  },
  {
    legal: 'Crewtally Inc.',
    brand: 'crewtally',
    address: '2401 E 6th St, Suite 300, Austin, TX 78702',
    email: 'accounts@crewtally.com',
    plans: [
      ['Crew Timekeeping - Standard', 12],
      ['Crew Timekeeping - Foreman license', 29],
    ],
    addOns: [
      ['GPS geofencing', 3],
      ['Certified payroll export', 49],
    ],
  },
  {
    legal: 'Gridline Estimating, Inc.',
    brand: 'GRIDLINE',
    address: '1 Research Ct, Suite 450, Rockville, MD 20850',
    email: 'ar@gridline-est.com',
    plans: [
      ['Gridline Takeoff Professional', 159],
      ['Gridline Takeoff Viewer', 19],
    ],
    addOns: [
      ['Cost database (RSMeans link)', 65],
      ['Priority support', 99],
    ],
  },
  {
    legal: 'Sitewise Cloud LLC',
    brand: 'sitewise',
    address: '90 Canal St, 4th Floor, Boston, MA 02114',
    email: 'invoices@sitewise.app',
    plans: [
      ['Sitewise Projects - Business', 79],
      ['Sitewise Projects - Collaborator', 0],
    ],
    addOns: [
      ['Drawing version compare', 20],
      ['Extra project (per project)', 35],
    ],
  },
];

interface Plan {
  vendor: Vendor;
  number: string;
  issued: Day;
  due: Day | null;
  paidWith: string | null;
  start: Day;
  end: Day;
  annual: boolean;
  rows: Row[];
  discount: { label: string; cents: number } | null;
  tax: { label: string; cents: number } | null;
  po: string | null;
  dates: DatePattern;
  periodPerRow: boolean;
  money: MoneyStyle;
}

function invoiceNumber(random: Random, vendor: Vendor, issued: Day): string {
  const hex = () => Array.from({ length: 8 }, () => '0123456789ABCDEF'[random.int(0, 15)]).join('');
  return random.pick([
    () => `INV-${issued.iso().slice(0, 4)}-${random.digits(5).replace(/^./, '0')}`,
    () => `${vendor.brand.slice(0, 2).toUpperCase()}-${random.digits(5)}-${random.digits(4)}`,
    () => `${hex()}-${random.digits(4).replace(/^../, '00')}`,
    () => `${issued.iso().slice(0, 7)}-${random.digits(4)}`,
  ])();
}

function planRows(random: Random, vendor: Vendor, annual: boolean): Row[] {
  const rows: Row[] = [];
  const plans = random.sample(vendor.plans, random.int(1, 2));
  const addOns = random.sample(vendor.addOns, random.int(0, 2));
  for (const [name, monthly] of [...plans, ...addOns]) {
    const price = annual ? monthly * 12 : monthly;
    const quantity = addOns.some(([addOn]) => addOn === name) ? random.pick([1, 1, 2, 5]) : random.int(2, 40);
    const description = annual ? `${name} (annual)` : name;
    rows.push({ description, quantity, unitPrice: price, cents: extend(quantity, price) });
  }
  return rows;
}

function plan(random: Random): Plan {
  const vendor = random.pick(VENDORS);
  const annual = random.chance(0.3);
  const start = Day.of(2026, random.int(1, 12), random.pick([1, 1, 1, random.int(2, 28)]));
  const end = start.plus(annual ? 364 : random.pick([29, 30]));
  const issued = start.plus(random.pick([0, 0, -1]));
  const rows = planRows(random, vendor, annual);
  const discountRate = random.pick([10, 15, 20]);
  const discount = random.chance(0.3)
    ? {
        label: annual
          ? `Annual prepay discount (${discountRate}% off)`
          : random.pick([`Discount (${discountRate}%)`, `Partner discount ${discountRate}%`]),
        cents: -percentOf(centsOf(rows), discountRate),
      }
    : null;
  const taxable = centsOf(rows) + (discount?.cents ?? 0);
  const taxRate = random.pick([6, 6.25, 8.25, 10.25]);
  const paid = random.chance(0.4);
  return {
    vendor,
    number: invoiceNumber(random, vendor, issued),
    issued,
    due: paid ? null : issued.plus(random.pick([15, 30, 30, 45])),
    paidWith: paid ? random.pick(['Visa ending in 4242', 'Mastercard ending in 8810', 'ACH debit ending in 3307']) : null,
    start,
    end,
    annual,
    rows,
    discount,
    tax: random.chance(0.55)
      ? { label: random.pick([`Sales tax (${taxRate}%)`, `Tax ${taxRate}%`, `Sales Tax - ${taxRate}%`]), cents: percentOf(taxable, taxRate) }
      : null,
    po: random.chance(0.3) ? random.pick([`PO-${random.digits(5)}`, `4500${random.digits(6)}`, `${random.int(24, 26)}-${random.digits(4)}`]) : null,
    dates: random.pick(['MMMM D, YYYY', 'MMM D, YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD']),
    periodPerRow: random.chance(0.5),
    money: random.chance(0.7) ? US_DOLLARS : { ...US_DOLLARS, negative: 'parens' },
  };
}

const totalCents = (p: Plan) => centsOf(p.rows) + (p.discount?.cents ?? 0) + (p.tax?.cents ?? 0);

function drawTop(sheet: Sheet, random: Random, p: Plan): number {
  const accent = random.pick([rgb(0.33, 0.2, 0.8), rgb(0.0, 0.45, 0.6), rgb(0.9, 0.4, 0.1), rgb(0.1, 0.1, 0.1)]);
  sheet.box(48, 38, 16, 16, { fill: accent });
  sheet.text(p.vendor.brand, 72, 52, { size: 18, bold: true, color: accent });
  sheet.text(random.pick(['Invoice', 'INVOICE', 'Invoice']), 564, 52, { size: 20, bold: true, align: 'right' });
  const period = `${p.start.format(p.dates)} - ${p.end.format(p.dates)}`;
  const fields: Array<[string, string]> = [
    [random.pick(['Invoice number', 'Invoice #', 'Invoice no.']), p.number],
    [random.pick(['Date of issue', 'Invoice date', 'Issued']), p.issued.format(p.dates)],
  ];
  if (p.due) fields.push([random.pick(['Date due', 'Due date', 'Payment due']), p.due.format(p.dates)]);
  if (!p.periodPerRow) fields.push(['Billing period', period]);
  if (p.po) fields.push([random.pick(['PO number', 'Purchase order', 'Customer PO']), p.po]);
  let top = 92;
  for (const [label, value] of fields) {
    sheet.text(label, 48, top, { size: 9, color: GREY });
    sheet.text(value, 150, top, { size: 9 });
    top += 14;
  }
  return top + 12;
}

function drawBillTo(sheet: Sheet, random: Random, p: Plan, top: number): number {
  const customer = random.pick(CONTRACTORS);
  sheet.text('Bill to', 48, top, { size: 9, color: GREY });
  sheet.text(customer.name, 48, top + 20, { size: random.pick([15, 17, 19]), bold: true });
  const lines = [`Attn: ${random.pick(PEOPLE)}`, customer.street, customer.city, 'United States'];
  lines.forEach((line, i) => sheet.text(line, 48, top + 36 + i * 12, { size: 9 }));
  const total = formatMoney(totalCents(p), p.money, { symbol: true });
  const headline = p.due ? `${total} USD due ${p.due.format(p.dates)}` : `${total} USD paid on ${p.issued.format(p.dates)}`;
  sheet.text(headline, 48, top + 104, { size: 14, bold: true });
  return top + 132;
}

function drawTable(sheet: Sheet, p: Plan, top: number): number {
  const cols = { qty: 380, unit: 470, amount: 564 };
  sheet.text('Description', 48, top, { size: 8.5, color: GREY });
  sheet.text('Qty', cols.qty, top, { size: 8.5, color: GREY, align: 'right' });
  sheet.text('Unit price', cols.unit, top, { size: 8.5, color: GREY, align: 'right' });
  sheet.text('Amount', cols.amount, top, { size: 8.5, color: GREY, align: 'right' });
  sheet.rule(48, 564, top + 6, 0.5, GREY);
  let y = top + 22;
  for (const row of p.rows) {
    sheet.text(row.description, 48, y, { size: 9.5 });
    sheet.text(String(row.quantity), cols.qty, y, { size: 9.5, align: 'right' });
    sheet.text(formatMoney(Math.round((row.unitPrice ?? 0) * 100), p.money, { symbol: true }), cols.unit, y, { size: 9.5, align: 'right' });
    sheet.text(formatMoney(row.cents, p.money, { symbol: true }), cols.amount, y, { size: 9.5, align: 'right' });
    if (p.periodPerRow) {
      y += 12;
      sheet.text(`${p.start.format(p.dates)} - ${p.end.format(p.dates)}`, 48, y, { size: 8, color: GREY });
    }
    y += 20;
  }
  return y;
}

function drawTotals(sheet: Sheet, p: Plan, top: number): number {
  const lines: Array<[string, number, boolean]> = [['Subtotal', centsOf(p.rows), false]];
  if (p.discount) lines.push([p.discount.label, p.discount.cents, false]);
  if (p.tax) lines.push([p.tax.label, p.tax.cents, false]);
  lines.push(['Total', totalCents(p), true]);
  if (p.paidWith) lines.push([`Amount paid (${p.paidWith})`, -totalCents(p), false]);
  lines.push(['Amount due', p.paidWith ? 0 : totalCents(p), true]);
  let y = top;
  for (const [label, cents, strong] of lines) {
    sheet.rule(320, 564, y - 10, 0.3, LIGHT);
    sheet.text(label, 320, y, { size: 9.5, bold: strong });
    sheet.text(formatMoney(cents, p.money, { symbol: true }), 564, y, { size: 9.5, bold: strong, align: 'right' });
    y += 18;
  }
  return y;
}

function drawFooter(sheet: Sheet, random: Random, p: Plan): void {
  const note = p.paidWith
    ? 'Thank you. This invoice has been paid; no action is needed.'
    : `Pay online at https://pay.${p.vendor.email.split('@')[1]}/${p.number.toLowerCase()}`;
  sheet.text(note, 48, 700, { size: 8.5 });
  sheet.rule(48, 564, 728, 0.3, LIGHT);
  sheet.text(`${p.vendor.legal} - ${p.vendor.address}`, 48, 742, { size: 7, color: GREY });
  sheet.text(`Questions? ${p.vendor.email}`, 48, 752, { size: 7, color: GREY });
  sheet.text(random.pick(['Page 1 of 1', '1 / 1']), 564, 752, { size: 7, color: GREY, align: 'right' });
}

export async function subscriptionInvoice(random: Random): Promise<Generated> {
  const p = plan(random);
  const document = await Document.open(random.pick(['helvetica', 'helvetica', 'times']), 'letter', {
    title: `Invoice ${p.number}`,
    author: p.vendor.legal,
    created: p.issued.toDate(),
  });
  const sheet = document.addSheet();
  let top = drawTop(sheet, random, p);
  top = drawBillTo(sheet, random, p, top);
  top = drawTable(sheet, p, top);
  drawTotals(sheet, p, top + 6);
  drawFooter(sheet, random, p);
  return {
    document,
    truth: {
      vendor: p.vendor.legal,
      invoice_number: p.number,
      invoice_date: p.issued.iso(),
      due_date: p.due?.iso() ?? null,
      total_amount: dollars(totalCents(p)),
      tax_amount: p.tax ? dollars(p.tax.cents) : null,
      currency: 'USD',
      reference: p.po,
      job_number: null,
      line_items: truthItems(p.rows),
      ...(p.paidWith ? { amount_due: 0 } : {}),
      layout: 'subscription',
      pages: document.pages,
      source: 'third-synthetic',
      notes: p.periodPerRow ? 'Billing period printed under each row; not part of the description.' : 'Billing period printed once in the header.',
    },
  };
}
