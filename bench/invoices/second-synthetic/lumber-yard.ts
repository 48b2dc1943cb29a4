/**
 * Lumber yard / building supply: a dot-matrix style printout whose item table has no lines at
 * all (columns only line up by x), a shaded header strip with 12-Jan-2026 dates, SKUs, quantities
 * with a unit of measure, and prices to 4 decimals on lineal and board-foot stock.
 */
import type { PDFDocument } from 'pdf-lib';
import { addDays, cents, date, money, price, quantity } from './format';
import { type Deal, type Vendor, deal } from './parties';
import { GREY, PALE, Pen, loadFonts } from './pen';
import type { Random } from './random';
import { type Column, type TableLook, drawHeader, drawRow } from './table';
import { type Layout, type Truth, item, salesTax, total } from './truth';

const VENDORS: Vendor[] = [
  { name: 'Carver Lumber & Building Supply', street: '4410 Old Mill Rd', city: 'Greensboro, NC 27405', phone: '(336) 555-0182', taxRate: 6.75 },
  { name: 'Tri-County Lumber Company', street: '1620 Route 9', city: 'Leominster, MA 01453', phone: '978-555-0147', taxRate: 6.25 },
  { name: 'Hollis Bros. Lumber', street: '300 S Broadway', city: 'Newton, KS 67114', phone: '316.555.0119', taxRate: 7.5 },
];

/** SKU, description, unit, price, printed decimals. */
const STOCK: Array<[string, string, string, number, number]> = [
  ['2482SPF', '2x4x8 SPF #2 Stud', 'EA', 3.98, 2],
  ['26012SYP', '2x6x12 SYP #2 KD', 'EA', 9.47, 2],
  ['21016SYP', '2x10x16 SYP #2', 'EA', 24.85, 2],
  ['LVL1178', '1-3/4 x 11-7/8 LVL 2.0E', 'LF', 8.625, 4],
  ['OSB716', '7/16 OSB Sheathing 4x8', 'PC', 14.29, 2],
  ['CDX34', '3/4 CDX Plywood 4x8', 'PC', 42.5, 2],
  ['PT4410', '4x4x10 PT Ground Contact', 'EA', 13.96, 2],
  ['WP16S4S', '1x6 #2 White Pine S4S', 'LF', 1.1875, 4],
  ['HF212RS', '2x12 Rough Sawn Hem-Fir', 'BF', 1.045, 4],
  ['LUS26', 'Simpson LUS26 Joist Hanger', 'EA', 1.89, 2],
  ['N16S50', '16d Sinker Nails 50 lb Box', 'EA', 68.99, 2],
  ['TYV9150', 'Tyvek HomeWrap 9 ft x 150 ft', 'RL', 189, 2],
  ['ADV58', '5/8 AdvanTech Subfloor 4x8 T&G', 'PC', 51.75, 2],
  ['VYC475', 'Vycor Flashing Tape 4 in x 75 ft', 'RL', 24.6, 2],
  ['PTDK5416', '5/4x6x16 PT Decking Premium', 'EA', 21.338, 3],
];

const QUANTITY: Record<string, [number, number]> = { EA: [4, 160], LF: [40, 480], BF: [96, 1200], PC: [6, 90], RL: [1, 6] };

interface Line {
  sku: string;
  description: string;
  unit: string;
  quantity: number;
  price: number;
  decimals: number;
  amount: number;
}

function pickLines(random: Random): Line[] {
  return random.some(STOCK, random.int(5, 13)).map(([sku, description, unit, unitPrice, decimals]) => {
    const [low, high] = QUANTITY[unit];
    const count = random.int(low, high);
    return { sku, description, unit, quantity: count, price: unitPrice, decimals, amount: cents(count * unitPrice) };
  });
}

function drawLetterhead(pen: Pen, vendor: Vendor): void {
  pen.text(vendor.name.toUpperCase(), 40, 36, { size: 15, bold: true });
  pen.lines([vendor.street, vendor.city, `Phone ${vendor.phone}`], 40, 56, { size: 8.5 });
  pen.text('INVOICE', 572, 36, { size: 18, bold: true, align: 'right' });
  pen.text('Page 1', 572, 58, { size: 8, align: 'right' });
}

interface Strip {
  number: string;
  dueDate: string | null;
  printJob: boolean;
}

/** The shaded strip of labelled header cells under the letterhead. */
function drawStrip(pen: Pen, random: Random, sale: Deal, strip: Strip): void {
  const cells: Array<[string, string]> = [
    ['Inv Date', date(sale.date, 'dd-mon-yyyy')],
    [random.pick(['Invoice No.', 'Inv#', 'Invoice #']), strip.number],
    ['Account', sale.account],
    ['Cust PO', sale.po],
  ];
  if (strip.printJob) cells.push(['Job', sale.job]);
  cells.push(['Salesperson', random.pick(['DWH', 'KMS', 'House', 'T. Pruitt'])]);
  cells.push(['Terms', strip.dueDate ? 'Net 30' : 'Net 10th Prox']);
  if (strip.dueDate) cells.push(['Due Date', date(strip.dueDate, 'dd-mon-yyyy')]);
  pen.box(40, 98, 532, 30, { fill: PALE });
  const step = 532 / cells.length;
  cells.forEach(([label, value], i) => {
    pen.text(label, 46 + i * step, 102, { size: 7, color: GREY });
    pen.text(value, 46 + i * step, 114, { size: 8.5, bold: true });
  });
}

function drawParties(pen: Pen, sale: Deal): void {
  pen.text('SOLD TO:', 40, 144, { size: 8, bold: true });
  pen.lines([sale.buyer.name, sale.buyer.street, sale.buyer.city], 40, 156, { size: 9 });
  pen.text('SHIP TO:', 320, 144, { size: 8, bold: true });
  pen.lines([sale.project.name, sale.project.street, sale.project.city], 320, 156, { size: 9 });
}

const COLUMNS: Column[] = [
  { key: 'sku', header: 'Item', x: 40, align: 'left' },
  { key: 'description', header: 'Description', x: 116, align: 'left', wrap: 230 },
  { key: 'quantity', header: 'Qty', x: 398, align: 'right' },
  { key: 'unit', header: 'U/M', x: 406, align: 'left' },
  { key: 'price', header: 'Price', x: 492, align: 'right' },
  { key: 'amount', header: 'Extension', x: 572, align: 'right' },
];

function drawItems(pen: Pen, lines: Line[]): number {
  const look: TableLook = { left: 40, right: 572, size: 8.5, leading: 13 };
  let top = drawHeader(pen, COLUMNS, 214, look) + 4;
  for (const line of lines) {
    const cells = {
      sku: line.sku,
      description: line.description,
      quantity: quantity(line.quantity),
      unit: line.unit,
      price: price(line.price, line.decimals),
      amount: money(line.amount),
    };
    top = drawRow(pen, COLUMNS, top, cells, look);
  }
  return top;
}

function drawTotals(pen: Pen, top: number, rows: Array<[string, string]>): void {
  rows.forEach(([label, value], i) => {
    const bold = i === rows.length - 1;
    pen.text(label, 470, top + 14 + i * 13, { size: 9, bold, align: 'right' });
    pen.text(value, 572, top + 14 + i * 13, { size: 9, bold, align: 'right' });
  });
}

async function draw(doc: PDFDocument, random: Random): Promise<Truth> {
  const fonts = await loadFonts(doc, random.pick(['courier', 'helvetica'] as const));
  const pen = Pen.add(doc, fonts);
  const vendor = random.pick(VENDORS);
  const sale = deal(random, vendor.city);
  const strip: Strip = {
    number: String(random.int(1100000, 1499999)),
    dueDate: random.chance(0.5) ? addDays(sale.date, 30) : null,
    printJob: random.chance(0.6),
  };
  const lines = pickLines(random);
  drawLetterhead(pen, vendor);
  drawStrip(pen, random, sale, strip);
  drawParties(pen, sale);
  const bottom = drawItems(pen, lines);

  const merchandise = total(lines.map((line) => line.amount));
  const delivery = random.chance(0.45) ? random.pick([45, 65, 85]) : 0;
  const tax = salesTax(merchandise, vendor.taxRate);
  const grand = total([merchandise, delivery, tax]);
  const rows: Array<[string, string]> = [['Merchandise', money(merchandise)]];
  if (delivery) rows.push(['Delivery Chg', money(delivery)]);
  rows.push([`Sales Tax ${vendor.taxRate.toFixed(2)}%`, money(tax)], [random.pick(['INVOICE TOTAL', 'Total Due']), money(grand)]);
  drawTotals(pen, bottom, rows);
  pen.text('Received By: ______________________________', 40, 700, { size: 8 });
  pen.text('All returns subject to 15% restocking fee. No returns on special order items.', 40, 718, { size: 7, color: GREY });
  pen.text('Past due accounts are charged 1.5% per month.', 40, 728, { size: 7, color: GREY });

  return {
    vendor: vendor.name,
    invoice_number: strip.number,
    invoice_date: sale.date,
    due_date: strip.dueDate,
    total_amount: grand,
    amount_due: grand,
    tax_amount: tax,
    currency: 'USD',
    reference: sale.po,
    job_number: strip.printJob ? sale.job : null,
    line_items: lines.map((line) => item(line.description, line.quantity, line.price, line.amount)),
    layout: 'lumber-yard',
    pages: 1,
  };
}

export const lumberYard: Layout = { name: 'lumber-yard', draw };
