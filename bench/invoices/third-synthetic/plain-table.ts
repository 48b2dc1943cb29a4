/**
 * A small local supplier's invoice (fuel, aggregate, roll-off, site toilets) with a slogan near
 * the top, two or three rows in a table without any rules or borders, amounts right-aligned, a
 * delivery fee row sometimes inside the table (not an item), and a `Loaded by` / `Received by`
 * footer carrying an amount-like reading (scale weight, meter, gallons) that is not the total.
 */
import { Day, type DatePattern, US_DATES, US_DOLLARS, dollars, extend, formatMoney, formatNumber, percentOf, sum } from './format';
import { type Issuer, drawLetterhead } from './letterhead';
import { CONTRACTORS, JOB_SITES, PEOPLE, jobNumber, phone, purchaseOrder, streetAddress, US_CITIES } from './parties';
import type { Random } from './random';
import { Document, GREY, type Sheet } from './sheet';
import { type Generated, type Row, centsOf, truthItems } from './truth';

type Reading = (random: Random, person: string) => string;

interface Trade {
  names: Array<[string, string]>;
  rows: Array<[string, string, number, number, number, number]>;
  decimals: number;
  reading: Reading;
}

const weight = (n: number) => formatNumber(n, 2, ',', '.');
const TRADES: Trade[] = [
  {
    names: [
      ['Hilltop Fuel & Lube LLC', 'HILLTOP'],
      ['Ridge Runner Fuel Co.', 'RIDGE RUNNER'],
    ],
    rows: [
      ['Off-Road Diesel (Dyed)', 'GAL', 80, 480, 3.199, 3.899],
      ['Unleaded Gasoline 87', 'GAL', 20, 120, 3.049, 3.599],
      ['Diesel Exhaust Fluid - Bulk', 'GAL', 10, 60, 2.75, 3.95],
    ],
    decimals: 3,
    reading: (random, person) => `Received by: ${person}    Meter start ${weight(random.int(1000000, 2000000) / 100)}`,
  },
  {
    names: [
      ['Miller Creek Quarry, Inc.', 'MILLER CREEK'],
      ['Granite Hill Aggregates', 'GRANITE HILL'],
    ],
    rows: [
      ['#57 Washed Stone', 'TN', 18, 90, 16.5, 24.75],
      ['Crusher Run', 'TN', 18, 90, 11.25, 17.5],
      ['Rip Rap Class 1', 'TN', 10, 40, 28, 39],
    ],
    decimals: 2,
    reading: (random, person) => `Loaded by: ${person}    Scale ticket ${random.digits(6)}    Net ${weight(random.int(3000000, 5000000) / 100)} lb`,
  },
  {
    names: [
      ['Roll-Off Express LLC', 'ROLL-OFF EXPRESS'],
      ['Curbside Container Service', 'CURBSIDE'],
    ],
    rows: [
      ['30 Yd Roll-Off - Haul & Return', 'EA', 1, 3, 395, 495],
      ['C&D Debris Disposal', 'TN', 3, 9, 58, 78],
      ['Rental - Days Over 14', 'DAY', 2, 10, 8, 15],
    ],
    decimals: 2,
    reading: (random, person) =>
      `Received by: ${person}    Gross ${weight(random.int(5000000, 8000000) / 100)}  Tare ${weight(random.int(2600000, 3100000) / 100)}`,
  },
  {
    names: [
      ['Blue Sky Site Services', 'BLUE SKY'],
      ['Clean Crew Portables LLC', 'CLEAN CREW'],
    ],
    rows: [
      ['Standard Portable Restroom - 28 Day', 'EA', 2, 8, 115, 165],
      ['Hand Wash Station - 28 Day', 'EA', 1, 3, 75, 110],
      ['Extra Service Call', 'EA', 1, 4, 45, 70],
    ],
    decimals: 2,
    reading: (random, person) => `Serviced by: ${person}    Route ${random.int(2, 30)}    Gallons pumped ${weight(random.int(60000, 180000) / 100)}`,
  },
];

const SLOGANS = [
  'Thank you for your business!',
  'Family owned since 1987',
  'Serving the Tri-State since 1974',
  'Your job site is our job site',
  'Quality you can build on',
];

interface Ticket {
  issuer: Issuer;
  trade: Trade;
  slogan: string;
  sloganAbove: boolean;
  number: string;
  date: Day;
  due: Day | null;
  po: string | null;
  job: string | null;
  rows: Row[];
  units: string[];
  delivery: number | null;
  tax: { label: string; cents: number } | null;
  dates: DatePattern;
}

function plan(random: Random): Ticket {
  const trade = random.pick(TRADES);
  const [name, brand] = random.pick(trade.names);
  const picks = random.sample(trade.rows, random.int(2, 3));
  const rows = picks.map(([description, , qLow, qHigh, pLow, pHigh]) => {
    const quantity = qHigh <= 10 ? random.int(qLow, qHigh) : random.int(qLow * 100, qHigh * 100) / 100;
    const unitPrice = Math.round((pLow + random.next() * (pHigh - pLow)) * 10 ** trade.decimals) / 10 ** trade.decimals;
    return { description, quantity, unitPrice, cents: extend(quantity, unitPrice) };
  });
  const date = Day.of(2026, random.int(1, 12), random.int(1, 28));
  const taxRate = random.pick([5.5, 6, 7, 7.25]);
  const delivery = random.chance(0.3) ? random.cents(25, 95) : null;
  return {
    issuer: { name, brand, street: streetAddress(random), city: random.pick(US_CITIES), phone: phone(random) },
    trade,
    slogan: random.pick(SLOGANS),
    sloganAbove: random.chance(0.5),
    number: random.pick([random.digits(5), random.digits(4), `${random.digits(2)}-${random.digits(4)}`]),
    date,
    due: random.chance(0.5) ? date.plus(random.pick([10, 15, 30])) : null,
    po: random.chance(0.4) ? purchaseOrder(random) : null,
    job: random.chance(0.6) ? jobNumber(random) : null,
    rows,
    units: picks.map(([, unit]) => unit),
    delivery,
    tax: random.chance(0.5)
      ? { label: random.pick([`Sales Tax ${taxRate}%`, 'Tax', `${taxRate}% Tax`]), cents: percentOf(centsOf(rows) + (delivery ?? 0), taxRate) }
      : null,
    dates: random.pick(US_DATES),
  };
}

const totalOf = (t: Ticket) => sum([centsOf(t.rows), t.delivery ?? 0, t.tax?.cents ?? 0]);

function drawHead(sheet: Sheet, random: Random, t: Ticket): number {
  if (t.sloganAbove) sheet.text(t.slogan, sheet.width / 2, 30, { size: 10, italic: true, align: 'center' });
  const after = drawLetterhead(sheet, random, t.issuer, 50, 60, random.pick(['wordmark', 'wordmark', 'name', 'initials'] as const));
  if (!t.sloganAbove) sheet.text(t.slogan, 50, after + 4, { size: 9.5, italic: true });
  sheet.text(random.pick(['Invoice', 'INVOICE']), 560, 60, { size: 16, bold: true, align: 'right' });
  const fields = [`${random.pick(['No.', 'Invoice #', 'Invoice No.'])} ${t.number}`, `Date: ${t.date.format(t.dates)}`];
  fields.push(
    t.due
      ? `${random.pick(['Due:', 'Payment due by', 'Due Date:'])} ${t.due.format(t.dates)}`
      : random.pick(['Due upon receipt', 'Terms: COD', 'Net 30']),
  );
  fields.forEach((line, i) => sheet.text(line, 560, 78 + i * 13, { size: 9.5, align: 'right' }));
  const customer = random.pick(CONTRACTORS);
  const site = random.pick(JOB_SITES);
  const top = after + 36;
  const big = random.chance(0.5);
  sheet.text('Bill To:', 50, top, { size: 9 });
  const size = big ? Math.min(15, (15 * 285) / sheet.widthOf(customer.name, { size: 15, bold: true })) : 10;
  sheet.text(customer.name, 50, top + (big ? 18 : 13), { size, bold: big });
  sheet.text(`${customer.street}, ${customer.city}`, 50, top + (big ? 31 : 25), { size: 9 });
  const refs = [`Delivered to: ${site.name}`];
  if (t.job) refs.push(`${random.pick(['Job:', 'Job #', 'Job No.'])} ${t.job}`);
  if (t.po) refs.push(`${random.pick(['PO:', 'P.O. #', 'Your PO'])} ${t.po}`);
  refs.forEach((line, i) => sheet.text(line, 350, top + i * 13, { size: 8.5 }));
  return top + 70;
}

function drawTable(sheet: Sheet, t: Ticket, top: number): number {
  const xs = { description: 50, qty: 360, unit: 366, rate: 470, amount: 560 };
  sheet.text('Description', xs.description, top, { size: 9, bold: true });
  sheet.text('Qty', xs.qty, top, { size: 9, bold: true, align: 'right' });
  sheet.text('Rate', xs.rate, top, { size: 9, bold: true, align: 'right' });
  sheet.text('Amount', xs.amount, top, { size: 9, bold: true, align: 'right' });
  let y = top + 20;
  const lines = t.rows.map((row, i) => ({ row, unit: t.units[i], decimals: t.trade.decimals }));
  if (t.delivery !== null)
    lines.push({ row: { description: 'Delivery Fee', quantity: 1, unitPrice: t.delivery / 100, cents: t.delivery }, unit: '', decimals: 2 });
  for (const { row, unit, decimals } of lines) {
    sheet.text(row.description, xs.description, y, { size: 9.5 });
    sheet.text(formatNumber(row.quantity ?? 0, Number.isInteger(row.quantity) ? 0 : 2, ',', '.'), xs.qty, y, { size: 9.5, align: 'right' });
    sheet.text(unit, xs.unit, y, { size: 8, color: GREY });
    sheet.text(formatNumber(row.unitPrice ?? 0, decimals, ',', '.'), xs.rate, y, { size: 9.5, align: 'right' });
    sheet.text(formatMoney(row.cents, US_DOLLARS), xs.amount, y, { size: 9.5, align: 'right' });
    y += 17;
  }
  return y + 14;
}

function drawTotals(sheet: Sheet, random: Random, t: Ticket, top: number): void {
  const lines: Array<[string, number]> = [];
  if (t.tax) lines.push(['Subtotal', centsOf(t.rows) + (t.delivery ?? 0)], [t.tax.label, t.tax.cents]);
  lines.push([random.pick(['Total', 'TOTAL', 'Amount Due', 'Balance Due']), totalOf(t)]);
  lines.forEach(([label, cents], i) => {
    const last = i === lines.length - 1;
    sheet.text(label, 470, top + i * 15, { size: 10, bold: last, align: 'right' });
    sheet.text(formatMoney(cents, US_DOLLARS, { symbol: last }), 560, top + i * 15, { size: 10, bold: last, align: 'right' });
  });
  sheet.text(t.trade.reading(random, random.pick([...PEOPLE, '________________'])), 50, 690, { size: 9 });
  sheet.text(random.pick(['Please make checks payable to', 'Remit to']) + ` ${t.issuer.name}, ${t.issuer.street}, ${t.issuer.city}`, 50, 720, {
    size: 8,
    color: GREY,
  });
}

export async function plainTable(random: Random): Promise<Generated> {
  const t = plan(random);
  const document = await Document.open(random.pick(['helvetica', 'courier', 'times']), 'letter', {
    title: `Invoice ${t.number}`,
    author: t.issuer.name,
    created: t.date.toDate(),
  });
  const sheet = document.addSheet();
  drawTotals(sheet, random, t, drawTable(sheet, t, drawHead(sheet, random, t)));
  return {
    document,
    truth: {
      vendor: t.issuer.name,
      invoice_number: t.number,
      invoice_date: t.date.iso(),
      due_date: t.due?.iso() ?? null,
      total_amount: dollars(totalOf(t)),
      tax_amount: t.tax ? dollars(t.tax.cents) : null,
      currency: 'USD',
      reference: t.po,
      job_number: t.job,
      line_items: truthItems(t.rows),
      layout: 'plain-table',
      pages: document.pages,
      source: 'third-synthetic',
      ...(t.delivery !== null ? { notes: 'Delivery fee row in the table is not a line item.' } : {}),
    },
  };
}
