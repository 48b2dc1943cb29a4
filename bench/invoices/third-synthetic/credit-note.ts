/**
 * A supplier's credit memo for returned material or a price correction: the original invoice
 * number beside the credit number, credits printed `-155.60`, `(155.60)`, `155.60 CR` or plain
 * under a `Credit` heading, sometimes negative return quantities, tax credited sometimes, no due
 * date. The truth is signed as KAI posts it: total, tax and line amounts negative.
 */
import { Day, type DatePattern, type MoneyStyle, US_DATES, US_DOLLARS, dollars, extend, formatMoney, formatNumber, percentOf } from './format';
import { type Issuer, type LetterheadStyle, drawLetterhead } from './letterhead';
import { CONTRACTORS, jobNumber, phone, purchaseOrder } from './parties';
import type { Random } from './random';
import { Document, GREY, LIGHT, type Sheet } from './sheet';
import { type Generated, type Row, centsOf, truthItems } from './truth';

const SUPPLIERS: Array<Omit<Issuer, 'phone'> & { catalogue: Array<[string, string, number, number]> }> = [
  {
    name: 'Ridgeline Building Supply, Inc.',
    brand: 'RIDGELINE',
    street: '4100 Lumber Ln',
    city: 'Spokane, WA 99202',
    catalogue: [
      ['2x4x8 SPF #2 Stud', 'EA', 3.19, 4.49],
      ['2x6x16 SPF #2', 'EA', 8.45, 11.9],
      ['7/16 OSB Sheathing 4x8', 'EA', 12.8, 17.6],
      ['Simpson LUS26 Joist Hanger', 'EA', 1.38, 1.96],
      ['5/8 Type X Drywall 4x12', 'EA', 17.2, 21.4],
    ],
  },
  {
    name: 'Copperline Electric Supply Co.',
    brand: 'COPPERLINE',
    street: '220 Ampere Way',
    city: 'Chattanooga, TN 37402',
    catalogue: [
      ['THHN 12 AWG Solid Copper 500 ft', 'RL', 68, 96],
      ['3/4 EMT Conduit 10 ft', 'EA', 7.1, 9.8],
      ['20A 1-Pole Plug-On Breaker', 'EA', 7.5, 12.4],
      ['4 in Square Box 2-1/8 Deep', 'EA', 2.6, 4.1],
      ['LED Wall Pack 40W 5000K', 'EA', 84, 139],
    ],
  },
  {
    name: 'Stateline Plumbing & Heating Supply',
    brand: 'STATELINE',
    street: '15 Foundry St',
    city: 'Nampa, ID 83651',
    catalogue: [
      ['1/2 in PEX-A Tubing 300 ft', 'RL', 92, 138],
      ['3/4 in Copper Ball Valve FPT', 'EA', 14.2, 23.8],
      ['4 in PVC DWV Pipe 10 ft', 'EA', 21, 34],
      ['Water Heater 50 Gal NG', 'EA', 640, 890],
    ],
  },
];

interface Credit {
  supplier: (typeof SUPPLIERS)[number];
  issuer: Issuer;
  number: string;
  original: string;
  date: Day;
  po: string | null;
  job: string | null;
  reason: string;
  rows: Row[];
  codes: string[];
  tax: number | null;
  taxRate: number;
  printSign: 'minus' | 'parens' | 'cr' | 'plain';
  negativeQuantities: boolean;
  dates: DatePattern;
  style: LetterheadStyle;
}

function creditRows(random: Random, supplier: Credit['supplier']): Row[] {
  if (random.chance(0.2)) {
    const [name, , low] = random.pick(supplier.catalogue);
    const quantity = random.int(20, 240);
    const difference = random.cents(0.2, Math.max(0.3, low / 4)) / 100;
    return [{ description: `Price adjustment - ${name}`, quantity, unitPrice: difference, cents: extend(quantity, difference) }];
  }
  return random.sample(supplier.catalogue, random.int(1, 3)).map(([name, , low, high]) => {
    const quantity = random.pick([1, 2, 4, 5, 10, 12, 25, 40]);
    const unitPrice = random.cents(low, high) / 100;
    return { description: name, quantity, unitPrice, cents: extend(quantity, unitPrice) };
  });
}

function plan(random: Random): Credit {
  const supplier = random.pick(SUPPLIERS);
  const original = random.digits(random.pick([5, 6, 7]));
  const rows = creditRows(random, supplier);
  const taxRate = random.pick([6, 7, 8.25, 8.9]);
  const printSign = random.pick(['minus', 'parens', 'cr', 'plain'] as const);
  return {
    supplier,
    issuer: { ...supplier, phone: phone(random) },
    number: random.pick([`CM-${random.digits(5)}`, `CR${random.digits(6)}`, `C-2026-${random.digits(4)}`, random.digits(6)]),
    original,
    date: Day.of(2026, random.int(1, 12), random.int(1, 28)),
    po: random.chance(0.5) ? purchaseOrder(random) : null,
    job: random.chance(0.5) ? jobNumber(random) : null,
    reason: rows[0].description.startsWith('Price adjustment')
      ? 'Pricing correction'
      : random.pick(['Returned - ordered in error', 'Wrong size shipped', 'Damaged in transit', 'Returned unused material']),
    rows,
    codes: rows.map(() => `${supplier.brand.slice(0, 2)}${random.digits(5)}`),
    tax: random.chance(0.55) ? -percentOf(centsOf(rows), taxRate) : null,
    taxRate,
    printSign,
    negativeQuantities: printSign === 'minus' && random.chance(0.4),
    dates: random.pick(US_DATES),
    style: random.pick(['initials', 'wordmark', 'name'] as const),
  };
}

const totalOf = (c: Credit) => -centsOf(c.rows) + (c.tax ?? 0);

/** A credit amount as this memo prints it (cents are negative). */
function printed(c: Credit, cents: number, symbol = false): string {
  const style: MoneyStyle = { ...US_DOLLARS, negative: c.printSign === 'plain' ? 'minus' : c.printSign };
  return formatMoney(c.printSign === 'plain' ? Math.abs(cents) : cents, style, { symbol });
}

function drawHead(sheet: Sheet, random: Random, c: Credit, customer: (typeof CONTRACTORS)[number]): number {
  const after = drawLetterhead(sheet, random, c.issuer, 40, 50, c.style);
  sheet.text(random.pick(['CREDIT MEMO', 'CREDIT NOTE', 'Credit Memo']), 572, 52, { size: 18, bold: true, align: 'right' });
  const fields: Array<[string, string]> = [
    [random.pick(['Credit Memo #', 'Credit No.', 'Credit Note No.']), c.number],
    [random.pick(['Date', 'Credit Date']), c.date.format(c.dates)],
    [random.pick(['Original Invoice', 'Applies to Invoice', 'Ref. Invoice #']), c.original],
  ];
  if (c.po) fields.push([random.pick(['Customer PO', 'PO #', 'P.O. Number']), c.po]);
  if (c.job) fields.push([random.pick(['Job', 'Job #', 'Job No.']), c.job]);
  fields.forEach(([label, value], i) => {
    sheet.text(label, 400, 76 + i * 13, { size: 8.5, bold: true });
    sheet.text(value, 572, 76 + i * 13, { size: 8.5, align: 'right' });
  });
  const top = Math.max(after, 76 + fields.length * 13) + 20;
  sheet.text(random.pick(['Sold To', 'Customer', 'Credit To']), 40, top, { size: 8, color: GREY });
  sheet.text(customer.name, 40, top + 15, { size: random.pick([10, 13]), bold: true });
  sheet.text(customer.street, 40, top + 28, { size: 9 });
  sheet.text(customer.city, 40, top + 39, { size: 9 });
  sheet.text(`Reason: ${c.reason}`, 330, top + 15, { size: 9 });
  return top + 66;
}

function drawLines(sheet: Sheet, random: Random, c: Credit, top: number): number {
  const heads = [random.pick(['Qty Returned', 'Qty']), 'Item', 'Description', 'Unit Price', c.printSign === 'plain' ? 'Credit' : 'Amount'];
  const xs = [100, 112, 185, 480, 572];
  sheet.box(40, top - 11, 532, 16, { fill: LIGHT });
  heads.forEach((head, i) => sheet.text(head, xs[i], top, { size: 8.5, bold: true, align: i === 0 || i >= 3 ? 'right' : 'left' }));
  let y = top + 18;
  c.rows.forEach((row, i) => {
    const quantity = (c.negativeQuantities ? -1 : 1) * (row.quantity ?? 0);
    sheet.text(formatNumber(quantity, 0, ',', '.'), xs[0], y, { size: 9, align: 'right' });
    sheet.text(c.codes[i], xs[1], y, { size: 9 });
    sheet.text(row.description, xs[2], y, { size: 9 });
    sheet.text(formatNumber(row.unitPrice ?? 0, row.unitPrice !== null && row.unitPrice < 1 ? 3 : 2, ',', '.'), xs[3], y, {
      size: 9,
      align: 'right',
    });
    sheet.text(printed(c, -row.cents), xs[4], y, { size: 9, align: 'right' });
    y += 15;
  });
  return y + 10;
}

function drawTotals(sheet: Sheet, random: Random, c: Credit, top: number): void {
  const lines: Array<[string, number, boolean]> = [['Subtotal', -centsOf(c.rows), false]];
  if (c.tax !== null) lines.push([`Sales Tax ${c.taxRate}%`, c.tax, false]);
  lines.push([random.pick(['Total Credit', 'Credit Total', 'Amount Credited', 'TOTAL']), totalOf(c), true]);
  sheet.rule(360, 572, top - 10, 0.6);
  lines.forEach(([label, cents, strong], i) => {
    sheet.text(label, 380, top + 4 + i * 15, { size: 9.5, bold: strong });
    sheet.text(printed(c, cents, strong), 572, top + 4 + i * 15, { size: 9.5, bold: strong, align: 'right' });
  });
  const note = random.pick([
    'This credit has been applied to your account. Please deduct it from your next payment.',
    'Credit will be applied to the oldest open invoice unless otherwise instructed.',
    'Returned goods must be in resaleable condition. Special-order items are not returnable.',
  ]);
  sheet.paragraph(note, 40, top + 80, 520, { size: 8.5, italic: true });
}

export async function creditNote(random: Random): Promise<Generated> {
  const c = plan(random);
  const customer = random.pick(CONTRACTORS);
  const document = await Document.open(random.pick(['helvetica', 'times', 'courier']), 'letter', {
    title: `Credit memo ${c.number}`,
    author: c.issuer.name,
    created: c.date.toDate(),
  });
  const sheet = document.addSheet();
  drawTotals(sheet, random, c, drawLines(sheet, random, c, drawHead(sheet, random, c, customer)));
  return {
    document,
    truth: {
      vendor: c.issuer.name,
      invoice_number: c.number,
      invoice_date: c.date.iso(),
      due_date: null,
      total_amount: dollars(totalOf(c)),
      tax_amount: c.tax === null ? null : dollars(c.tax),
      currency: 'USD',
      reference: c.po,
      job_number: c.job,
      line_items: truthItems(
        c.rows.map((row) => ({ ...row, quantity: c.negativeQuantities && row.quantity !== null ? -row.quantity : row.quantity })),
        -1,
      ),
      layout: 'credit-note',
      pages: document.pages,
      source: 'third-synthetic',
      notes: `Credit note for invoice ${c.original}; amounts printed ${c.printSign === 'plain' ? 'unsigned under a Credit heading' : `as ${c.printSign}`}, truth signed as posted (negative).`,
    },
  };
}
