/**
 * A trade supplier's invoice whose items are stacked blocks, not table rows: the description,
 * sometimes a SKU line, then `Qty: 4  Price: 12.50  Total: 50.00` (or `4 @ 12.50 = 50.00`,
 * `Quantity: 4 x $12.50` with the amount at the right, `Units | Unit price | Line total`),
 * shipping in the totals, and legal boilerplate: registered office, company number, tax ids.
 */
import { Day, type DatePattern, type MoneyStyle, US_DATES, US_DOLLARS, dollars, extend, formatMoney, percentOf } from './format';
import { type Issuer, drawLetterhead } from './letterhead';
import { CONTRACTORS, type Party, jobNumber, purchaseOrder } from './parties';
import type { Random } from './random';
import { Document, GREY, type Sheet } from './sheet';
import { type Generated, type Row, centsOf, truthItems } from './truth';

interface Supplier extends Issuer {
  currency: 'USD' | 'GBP';
  taxLabel: string;
  taxRate: number;
  boilerplate: string;
}

const POUNDS: MoneyStyle = { ...US_DOLLARS, symbol: '£' };
const SUPPLIERS: Supplier[] = [
  {
    name: 'Kingsway Site Supplies Ltd',
    brand: 'KINGSWAY',
    street: '12 Canal Wharf',
    city: 'Leeds LS11 5PS',
    phone: '0113 496 0721',
    currency: 'GBP',
    taxLabel: 'VAT 20%',
    taxRate: 20,
    boilerplate:
      'Kingsway Site Supplies Ltd. Registered office: 12 Canal Wharf, Leeds LS11 5PS. Registered in England and Wales, company no. 09123456. VAT registration no. GB 312 4455 67. Goods remain our property until paid for in full.',
  },
  {
    name: 'Prairie Workwear & Safety, Inc.',
    brand: 'PRAIRIE',
    street: '700 N Main St',
    city: 'Wichita, KS 67203',
    phone: '(316) 555-0148',
    currency: 'USD',
    taxLabel: 'Sales Tax 7.5%',
    taxRate: 7.5,
    boilerplate:
      'Prairie Workwear & Safety, Inc. is a Kansas corporation, registered office 700 N Main St, Wichita, KS 67203. Federal Tax ID (EIN) 48-1234567. Kansas sales tax registration 004-481234567F-01. All returns require an RMA number.',
  },
  {
    name: 'Ironclad Anchor Systems LLC',
    brand: 'IRONCLAD',
    street: '55 Foundry Row',
    city: 'Frankfort, KY 40601',
    phone: '(502) 555-0190',
    currency: 'USD',
    taxLabel: 'KY Sales Tax 6%',
    taxRate: 6,
    boilerplate:
      'Ironclad Anchor Systems LLC, a Kentucky limited liability company. Registered agent: CT Corporation, 306 W Main St, Frankfort, KY 40601. EIN 61-1789034. Contractor license no. 1048823. Prices exclude installation.',
  },
];

const UK_CUSTOMERS: Party[] = [
  { name: 'Keystone Framing (UK) Ltd', street: '40 Victoria Street', city: 'Manchester M3 1ST' },
  { name: 'Oakmont Design-Build UK Ltd', street: '2 Temple Back East', city: 'Bristol BS1 6EG' },
];

const CATALOGUE: Array<[string, number, number]> = [
  ['Cut-resistant gloves, level A4, size L', 6.5, 11.9],
  ['Hi-vis softshell jacket, class 3, XL', 48, 89],
  ['Safety boots, composite toe, size 10', 72, 139],
  ['Chemical anchor cartridge 410 ml', 14.5, 27],
  ['Threaded rod M12 x 1 m, zinc plated', 2.4, 4.9],
  ['Ear defenders SNR 30', 9.8, 19.5],
  ['Respirator half mask with P3 filters', 22, 41],
  ['Harness inspection tag set (10)', 7, 12],
];

type Style = 'labels' | 'at' | 'times' | 'pipes';

interface Order {
  supplier: Supplier;
  money: MoneyStyle;
  number: string;
  date: Day;
  due: Day | null;
  po: string | null;
  project: string | null;
  rows: Row[];
  skus: Array<string | null>;
  shipping: number | null;
  tax: number | null;
  style: Style;
  dates: DatePattern;
}

function plan(random: Random): Order {
  const supplier = random.pick(SUPPLIERS);
  const rows = random.sample(CATALOGUE, random.int(2, 5)).map(([description, low, high]) => {
    const quantity = random.pick([1, 2, 4, 5, 6, 10, 12, 20, 50]);
    const unitPrice = random.cents(low, high) / 100;
    return { description, quantity, unitPrice, cents: extend(quantity, unitPrice) };
  });
  const shipping = random.chance(0.4) ? random.cents(6, 35) : null;
  const date = Day.of(2026, random.int(1, 12), random.int(1, 28));
  const british = supplier.currency === 'GBP';
  return {
    supplier,
    money: british ? POUNDS : US_DOLLARS,
    number: random.pick([`INV-${random.digits(6)}`, `${random.digits(5)}`, `${supplier.brand.slice(0, 3)}-${random.digits(5)}`]),
    date,
    due: random.chance(0.55) ? date.plus(random.pick([14, 30])) : null,
    po: random.chance(0.5) ? purchaseOrder(random) : null,
    project: random.chance(0.4) ? jobNumber(random) : null,
    rows,
    skus: rows.map(() => (random.chance(0.5) ? `${random.pick(['GLV', 'HV', 'ANC', 'PPE'])}-${random.digits(4)}` : null)),
    shipping,
    tax: british || random.chance(0.7) ? percentOf(centsOf(rows) + (shipping ?? 0), supplier.taxRate) : null,
    style: random.pick(['labels', 'at', 'times', 'pipes'] as const),
    dates: british ? random.pick(['DD/MM/YYYY', 'D MMM YYYY'] as DatePattern[]) : random.pick(US_DATES),
  };
}

const totalOf = (o: Order) => centsOf(o.rows) + (o.shipping ?? 0) + (o.tax ?? 0);

function drawHead(sheet: Sheet, random: Random, o: Order): number {
  const after = drawLetterhead(sheet, random, o.supplier, 50, 56, random.pick(['wordmark', 'initials', 'name'] as const));
  sheet.text(random.pick(['Invoice', 'TAX INVOICE', 'INVOICE']), 560, 56, { size: 16, bold: true, align: 'right' });
  const fields: Array<[string, string]> = [
    [random.pick(['Invoice number', 'Invoice no.', 'Invoice #']), o.number],
    [random.pick(['Invoice date', 'Date']), o.date.format(o.dates)],
  ];
  if (o.due) fields.push([random.pick(['Due date', 'Payment due']), o.due.format(o.dates)]);
  if (o.po) fields.push([random.pick(['Your reference', 'Customer PO', 'Order reference']), o.po]);
  if (o.project) fields.push([random.pick(['Project', 'Job no.', 'Site ref']), o.project]);
  fields.forEach(([label, value], i) => {
    sheet.text(`${label}:`, 400, 76 + i * 13, { size: 9 });
    sheet.text(value, 560, 76 + i * 13, { size: 9, bold: true, align: 'right' });
  });
  const customer = random.pick(o.supplier.currency === 'GBP' ? UK_CUSTOMERS : CONTRACTORS);
  const top = Math.max(after, 76 + fields.length * 13) + 20;
  sheet.text('Invoice to', 50, top, { size: 8.5, color: GREY });
  sheet.text(customer.name, 50, top + 15, { size: random.pick([11, 14]), bold: true });
  sheet.text(`${customer.street}, ${customer.city}`, 50, top + 28, { size: 9 });
  return top + 56;
}

function drawBlock(sheet: Sheet, o: Order, row: Row, sku: string | null, top: number): number {
  const m = (cents: number) => formatMoney(cents, o.money, { symbol: o.style !== 'at' });
  const price = Math.round((row.unitPrice ?? 0) * 100);
  sheet.text(row.description, 50, top, { size: 10, bold: true });
  let y = top + 13;
  if (sku) {
    sheet.text(`SKU: ${sku}`, 62, y, { size: 8, color: GREY });
    y += 12;
  }
  if (o.style === 'labels') sheet.text(`Qty: ${row.quantity}    Price: ${m(price)}    Total: ${m(row.cents)}`, 62, y, { size: 9 });
  if (o.style === 'at') sheet.text(`${row.quantity} @ ${m(price)} = ${m(row.cents)}`, 62, y, { size: 9 });
  if (o.style === 'pipes') sheet.text(`Units: ${row.quantity} | Unit price: ${m(price)} | Line total: ${m(row.cents)}`, 62, y, { size: 9 });
  if (o.style === 'times') {
    sheet.text(`Quantity: ${row.quantity} × ${m(price)}`, 62, y, { size: 9 });
    sheet.text(m(row.cents), 560, y, { size: 9.5, align: 'right' });
  }
  return y + 20;
}

function drawTotals(sheet: Sheet, random: Random, o: Order, top: number): void {
  const lines: Array<[string, number]> = [['Subtotal', centsOf(o.rows)]];
  if (o.shipping !== null) lines.push([random.pick(['Shipping', 'Delivery', 'Carriage']), o.shipping]);
  if (o.tax !== null) lines.push([o.supplier.taxLabel, o.tax]);
  lines.push([random.pick(['Total', 'Total due', 'Grand total', `Total ${o.supplier.currency}`]), totalOf(o)]);
  sheet.rule(360, 560, top - 12, 0.6);
  lines.forEach(([label, cents], i) => {
    const last = i === lines.length - 1;
    sheet.text(label, 380, top + i * 15, { size: 9.5, bold: last });
    sheet.text(formatMoney(cents, o.money, { symbol: true }), 560, top + i * 15, { size: 9.5, bold: last, align: 'right' });
  });
  sheet.rule(50, 560, 700, 0.3, GREY);
  sheet.paragraph(o.supplier.boilerplate, 50, 712, 510, { size: 7, color: GREY });
}

export async function stackedItems(random: Random): Promise<Generated> {
  const o = plan(random);
  const document = await Document.open(random.pick(['helvetica', 'times']), o.supplier.currency === 'GBP' ? 'a4' : 'letter', {
    title: `Invoice ${o.number}`,
    author: o.supplier.name,
    created: o.date.toDate(),
  });
  const sheet = document.addSheet();
  let top = drawHead(sheet, random, o);
  o.rows.forEach((row, i) => (top = drawBlock(sheet, o, row, o.skus[i], top)));
  drawTotals(sheet, random, o, top + 16);
  return {
    document,
    truth: {
      vendor: o.supplier.name,
      invoice_number: o.number,
      invoice_date: o.date.iso(),
      due_date: o.due?.iso() ?? null,
      total_amount: dollars(totalOf(o)),
      tax_amount: o.tax === null ? null : dollars(o.tax),
      currency: o.supplier.currency,
      reference: o.po,
      job_number: o.project,
      line_items: truthItems(o.rows),
      layout: 'stacked-items',
      pages: document.pages,
      source: 'third-synthetic',
    },
  };
}
