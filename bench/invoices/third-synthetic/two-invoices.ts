/**
 * Two invoices in one PDF, one per page, as a customer scans or a portal merges them: from the
 * same supplier (consecutive numbers, other dates, POs and jobs) or from two suppliers. Each page
 * is a classic ruled invoice with its own `Page 1 of 1`; the truth is an array of two.
 */
import { Day, type DatePattern, US_DATES, US_DOLLARS, dollars, extend, formatMoney, formatNumber, percentOf } from './format';
import { type Issuer, type LetterheadStyle, drawLetterhead } from './letterhead';
import { CONTRACTORS, JOB_SITES, jobNumber, phone, purchaseOrder } from './parties';
import type { Random } from './random';
import { BLACK, Document, GREY, LIGHT, type Sheet } from './sheet';
import { type Generated, type InvoiceTruth, type Row, centsOf, truthItems } from './truth';

const SUPPLIERS: Array<Omit<Issuer, 'phone'> & { catalogue: Array<[string, string, number, number]> }> = [
  {
    name: 'Tri-State Tool & Fastener, Inc.',
    brand: 'TRI-STATE',
    street: '1900 Rivet Rd',
    city: 'Harrisburg, PA 17104',
    catalogue: [
      ['1/2-13 x 4 Hex Bolt Gr5 Zinc', 'BX', 28, 46],
      ['Tapcon 1/4 x 2-3/4 Hex (100)', 'BX', 24, 39],
      ['Diamond Blade 14 in Segmented', 'EA', 89, 179],
      ['SDS-Max Bit 1 x 21', 'EA', 62, 118],
      ['Wedge Anchor 1/2 x 5-1/2 (25)', 'BX', 31, 55],
    ],
  },
  {
    name: 'Allegheny Safety Supply LLC',
    brand: 'ALLEGHENY',
    street: '77 Hardhat Ave',
    city: 'Pittsburgh, PA 15212',
    catalogue: [
      ['Hard Hat Type II Class E White', 'EA', 24, 42],
      ['Hi-Vis Vest Class 2 XL', 'EA', 7.5, 14],
      ['Fall Arrest Harness w/ Lanyard', 'EA', 119, 220],
      ['Nitrile Coated Gloves L (12 pr)', 'DZ', 18, 34],
      ['Safety Glasses Clear Anti-Fog', 'EA', 3.1, 6.8],
    ],
  },
  {
    name: 'Summit Rental & Supply Co.',
    brand: 'SUMMIT',
    street: '3300 Depot St',
    city: 'Wichita, KS 67202',
    catalogue: [
      ['Poly Sheeting 6 mil 20x100', 'RL', 78, 128],
      ['Silt Fence 36 in x 100 ft', 'RL', 38, 64],
      ['Form Release Agent 5 gal', 'PL', 56, 92],
      ['Rebar Chairs 2-1/2 in (500)', 'BG', 42, 70],
      ['Concrete Curing Blanket 6x25', 'EA', 88, 140],
    ],
  },
];

interface Page {
  issuer: Issuer;
  number: string;
  date: Day;
  due: Day | null;
  terms: string;
  po: string | null;
  job: string | null;
  rows: Row[];
  codes: string[];
  units: string[];
  tax: { rate: number; cents: number } | null;
  freight: number | null;
  dates: DatePattern;
  style: LetterheadStyle;
  bigCustomer: boolean;
}

function planPage(random: Random, supplier: (typeof SUPPLIERS)[number], issuerPhone: string, number: string, date: Day): Page {
  const picks = random.sample(supplier.catalogue, random.int(2, 5));
  const rows = picks.map(([description, , low, high]) => {
    const quantity = random.pick([1, 2, 3, 4, 5, 6, 10, 12, 20, 24]);
    const unitPrice = random.cents(low, high) / 100;
    return { description, quantity, unitPrice, cents: extend(quantity, unitPrice) };
  });
  const taxRate = random.pick([6, 6.5, 7.5, 8]);
  const dueDays = random.pick([10, 15, 30, 30]);
  const due = random.chance(0.55);
  return {
    issuer: { ...supplier, phone: issuerPhone },
    number,
    date,
    due: due ? date.plus(dueDays) : null,
    terms: random.pick([`Net ${dueDays}`, `Net ${dueDays} Days`, `2% 10 Net ${dueDays}`]),
    po: random.chance(0.6) ? purchaseOrder(random) : null,
    job: random.chance(0.6) ? jobNumber(random) : null,
    rows,
    codes: picks.map(() => `${supplier.brand.slice(0, 1)}${random.digits(5)}`),
    units: picks.map(([, unit]) => unit),
    tax: random.chance(0.7) ? { rate: taxRate, cents: percentOf(centsOf(rows), taxRate) } : null,
    freight: random.chance(0.2) ? random.cents(12, 65) : null,
    dates: random.pick(US_DATES),
    style: random.pick(['initials', 'wordmark', 'name'] as const),
    bigCustomer: random.chance(0.5),
  };
}

const totalOf = (p: Page) => centsOf(p.rows) + (p.tax?.cents ?? 0) + (p.freight ?? 0);

function drawHead(sheet: Sheet, random: Random, p: Page, customer: (typeof CONTRACTORS)[number]): number {
  const after = drawLetterhead(sheet, random, p.issuer, 40, 50, p.style);
  sheet.text('INVOICE', 572, 50, { size: 20, bold: true, align: 'right' });
  const cells: Array<[string, string]> = [
    [random.pick(['Invoice No.', 'Invoice #', 'Invoice Number']), p.number],
    [random.pick(['Invoice Date', 'Date']), p.date.format(p.dates)],
    ['Terms', p.terms],
  ];
  if (p.due) cells.push(['Due Date', p.due.format(p.dates)]);
  cells.forEach(([label, value], i) => {
    sheet.box(400, 62 + i * 16, 80, 16, { stroke: BLACK, thickness: 0.5, fill: LIGHT });
    sheet.box(480, 62 + i * 16, 92, 16, { stroke: BLACK, thickness: 0.5 });
    sheet.text(label, 404, 74 + i * 16, { size: 8, bold: true });
    sheet.text(value, 568, 74 + i * 16, { size: 8.5, align: 'right' });
  });
  const top = Math.max(after, 62 + cells.length * 16) + 22;
  const site = random.pick(JOB_SITES);
  sheet.text('SOLD TO', 40, top, { size: 8, bold: true, color: GREY });
  sheet.text(customer.name, 40, top + (p.bigCustomer ? 17 : 13), { size: p.bigCustomer ? 16 : 9.5, bold: p.bigCustomer });
  const base = top + (p.bigCustomer ? 30 : 25);
  sheet.text(customer.street, 40, base, { size: 9 });
  sheet.text(customer.city, 40, base + 11, { size: 9 });
  sheet.text('SHIP TO', 320, top, { size: 8, bold: true, color: GREY });
  [site.name, site.address, site.city].forEach((line, i) => sheet.text(line, 320, top + 13 + i * 11, { size: 9 }));
  const refs = [p.po ? `Customer PO: ${p.po}` : '', p.job ? `${random.pick(['Job', 'Job #', 'Job No.'])}: ${p.job}` : ''].filter(Boolean);
  refs.forEach((ref, i) => sheet.text(ref, 40 + i * 280, base + 32, { size: 9, bold: true }));
  return base + (refs.length ? 56 : 36);
}

function drawGrid(sheet: Sheet, p: Page, top: number): number {
  const edges = [40, 80, 140, 390, 425, 500, 572];
  const heads = ['Qty', 'Item #', 'Description', 'U/M', 'Unit Price', 'Amount'];
  const height = 16 * (p.rows.length + 1) + 8;
  sheet.box(40, top, 532, 16, { fill: LIGHT });
  sheet.box(40, top, 532, height, { stroke: BLACK, thickness: 0.6 });
  for (const x of edges.slice(1, -1)) sheet.line(x, top, x, top + height, 0.5);
  heads.forEach((head, i) => sheet.text(head, (edges[i] + edges[i + 1]) / 2, top + 11, { size: 8, bold: true, align: 'center' }));
  p.rows.forEach((row, i) => {
    const y = top + 28 + i * 16;
    sheet.text(formatNumber(row.quantity ?? 0, 0, ',', '.'), 76, y, { size: 9, align: 'right' });
    sheet.text(p.codes[i], 84, y, { size: 9 });
    sheet.text(row.description, 144, y, { size: 9 });
    sheet.text(p.units[i], 407, y, { size: 9, align: 'center' });
    sheet.text(formatMoney(Math.round((row.unitPrice ?? 0) * 100), US_DOLLARS), 496, y, { size: 9, align: 'right' });
    sheet.text(formatMoney(row.cents, US_DOLLARS), 568, y, { size: 9, align: 'right' });
  });
  return top + height + 18;
}

function drawTotals(sheet: Sheet, random: Random, p: Page, top: number): void {
  const lines: Array<[string, number]> = [['Subtotal', centsOf(p.rows)]];
  if (p.tax) lines.push([`Sales Tax ${p.tax.rate}%`, p.tax.cents]);
  if (p.freight !== null) lines.push(['Freight', p.freight]);
  lines.push([random.pick(['TOTAL', 'Invoice Total', 'Please Pay']), totalOf(p)]);
  lines.forEach(([label, cents], i) => {
    const last = i === lines.length - 1;
    if (last) sheet.box(400, top + i * 16 - 12, 172, 17, { stroke: BLACK, thickness: 0.8 });
    sheet.text(label, 404, top + i * 16, { size: 9, bold: last });
    sheet.text(formatMoney(cents, US_DOLLARS, { symbol: last }), 568, top + i * 16, { size: 9, bold: last, align: 'right' });
  });
  sheet.text('Returns require a receipt within 30 days. A 1.5% monthly service charge applies to past-due balances.', 40, 716, {
    size: 7,
    color: GREY,
  });
  sheet.text(`Invoice ${p.number}`, 40, 750, { size: 7.5 });
  sheet.text('Page 1 of 1', 572, 750, { size: 7.5, align: 'right' });
}

function truthOf(p: Page, page: number): InvoiceTruth {
  return {
    vendor: p.issuer.name,
    invoice_number: p.number,
    invoice_date: p.date.iso(),
    due_date: p.due?.iso() ?? null,
    total_amount: dollars(totalOf(p)),
    tax_amount: p.tax ? dollars(p.tax.cents) : null,
    currency: 'USD',
    reference: p.po,
    job_number: p.job,
    line_items: truthItems(p.rows),
    layout: 'two-invoices',
    pages: 1,
    source: 'third-synthetic',
    notes: `Page ${page} of the two-invoice PDF.`,
  };
}

export async function twoInvoices(random: Random): Promise<Generated> {
  const [first, second] = random.sample(SUPPLIERS, 2);
  const same = random.chance(0.6);
  const firstNumber = random.digits(random.pick([5, 6]));
  const firstDate = Day.of(2026, random.int(1, 12), random.int(1, 20));
  const pages = [
    planPage(random, first, phone(random), firstNumber, firstDate),
    same
      ? planPage(random, first, phone(random), String(Number(firstNumber) + random.int(1, 40)), firstDate.plus(random.int(0, 6)))
      : planPage(random, second, phone(random), random.pick([random.digits(6), `S${random.digits(7)}`]), firstDate.plus(random.int(-5, 8))),
  ];
  if (same) pages[1] = { ...pages[1], issuer: pages[0].issuer, style: pages[0].style, dates: pages[0].dates };
  const document = await Document.open(random.pick(['helvetica', 'times']), 'letter', {
    title: `Invoices ${pages.map((p) => p.number).join(', ')}`,
    author: first.name,
    created: firstDate.toDate(),
  });
  const customer = random.pick(CONTRACTORS);
  for (const p of pages) {
    const sheet = document.addSheet();
    drawTotals(sheet, random, p, drawGrid(sheet, p, drawHead(sheet, random, p, customer)));
  }
  return { document, truth: pages.map((p, i) => truthOf(p, i + 1)) };
}
