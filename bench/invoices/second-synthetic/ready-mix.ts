/**
 * Ready-mix concrete: a month of delivery tickets consolidated on one invoice, long enough to
 * run onto page 2, where the table header is repeated or simply missing. It prints the
 * supplier's Sales Order No. and the Customer PO; the reference is the customer's PO.
 */
import type { PDFDocument } from 'pdf-lib';
import { addDays, cents, date, type DateStyle, money, quantity } from './format';
import { type Deal, type Vendor, deal } from './parties';
import { GREY, INK, Pen, SHADE, WHITE, loadFonts, pageFooters } from './pen';
import type { Random } from './random';
import { type Column, type TableLook, drawHeader, drawRow } from './table';
import { type Layout, type Truth, item, salesTax, total, saleTruth } from './truth';

const VENDORS: Vendor[] = [
  { name: 'Valley Ready Mix Concrete Co.', street: '1900 Industrial Rd', city: 'Nampa, ID 83687', phone: '208-555-0162', taxRate: 6 },
  { name: 'Capitol Concrete Products, Inc.', street: '800 Tryon Rd', city: 'Raleigh, NC 27603', phone: '919-555-0131', taxRate: 7.25 },
  { name: 'Redline Ready-Mix LLC', street: '3701 N Hillside St', city: 'Wichita, KS 67219', phone: '316-555-0188', taxRate: 7.5 },
];

const MIXES: Array<[string, string, number]> = [
  ['C30', '3000 PSI 3/4" Stone', 139.5],
  ['C40P', '4000 PSI 3/4" Stone Pump Mix', 151.25],
  ['C40A', '4000 PSI Air Entrained Exterior', 156],
  ['C50G', '5000 PSI 3/8" Pea Gravel', 172.75],
  ['FF1', 'Flowable Fill 100 PSI', 98],
];

const ADDERS: Array<[string, string, number]> = [
  ['ACC2', 'Calcium Chloride 2%', 6.5],
  ['HW', 'Hot Water', 4.25],
  ['FIB', 'Fiber Mesh 1.5 lb/CY', 9],
  ['MRWR', 'Mid-Range Water Reducer', 3.75],
];

interface Line {
  day: string;
  ticket: string;
  truck: string;
  product: string;
  description: string;
  quantity: number;
  unit: string;
  price: number;
  amount: number;
}

/** One concrete line per ticket, some with admixtures or standby time on the same ticket. */
function deliveries(random: Random, invoiceDate: string): Line[] {
  const [mixCode, mixName, mixPrice] = random.pick(MIXES);
  const lines: Line[] = [];
  let ticket = random.int(400000, 480000);
  let day = addDays(invoiceDate, -30);
  const line = (product: string, description: string, count: number, unit: string, unitPrice: number, truck: string) =>
    lines.push({
      day,
      ticket: String(ticket),
      truck,
      product,
      description,
      quantity: count,
      unit,
      price: unitPrice,
      amount: cents(count * unitPrice),
    });
  while (lines.length < 46 || (lines.length < 62 && random.chance(0.7))) {
    if (random.chance(0.3)) day = addDays(day, random.int(1, 3));
    ticket += random.int(1, 40);
    const truck = String(random.int(201, 248));
    const yards = random.pick([10, 10, 10, 9.5, 8, 6.5, 4]);
    line(mixCode, mixName, yards, 'CY', mixPrice, truck);
    for (const [code, name, unitPrice] of random.some(ADDERS, random.pick([0, 0, 1, 1, 2]))) line(code, name, yards, 'CY', unitPrice, truck);
    if (random.chance(0.15)) line('STBY', 'Standby Time', random.pick([10, 15, 25, 40]), 'MIN', 2, truck);
  }
  return lines;
}

function drawLetterhead(pen: Pen, vendor: Vendor): void {
  const word = vendor.name.split(' ')[0].toUpperCase();
  pen.box(40, 30, 190, 40, { fill: INK });
  pen.text(word, 135, 38, { size: 24, bold: true, color: WHITE, align: 'center' });
  pen.text(vendor.name, 40, 76, { size: 9, bold: true });
  pen.lines([vendor.street, vendor.city, `Dispatch ${vendor.phone}`], 40, 88, { size: 8 });
}

function drawFacts(pen: Pen, facts: Array<[string, string]>): void {
  pen.text('INVOICE', 572, 30, { size: 18, bold: true, align: 'right' });
  facts.forEach(([label, value], i) => {
    pen.text(label, 380, 56 + i * 11.5, { size: 8, bold: true });
    pen.text(value, 572, 56 + i * 11.5, { size: 8, align: 'right' });
  });
}

function drawAddresses(pen: Pen, sale: Deal): void {
  pen.box(40, 148, 250, 12, { fill: SHADE });
  pen.text('BILL TO', 44, 150.5, { size: 7.5, bold: true });
  pen.lines([sale.buyer.name, sale.buyer.street, sale.buyer.city], 44, 164, { size: 8.5 });
  pen.box(322, 148, 250, 12, { fill: SHADE });
  pen.text('DELIVERY ADDRESS', 326, 150.5, { size: 7.5, bold: true });
  pen.lines([sale.project.name, sale.project.street, sale.project.city], 326, 164, { size: 8.5 });
}

const COLUMNS: Column[] = [
  { key: 'day', header: 'Date', x: 40, align: 'left' },
  { key: 'ticket', header: 'Ticket No.', x: 94, align: 'left' },
  { key: 'truck', header: 'Truck', x: 142, align: 'left' },
  { key: 'product', header: 'Product', x: 172, align: 'left' },
  { key: 'description', header: 'Description', x: 210, align: 'left' },
  { key: 'quantity', header: 'Qty', x: 408, align: 'right' },
  { key: 'unit', header: 'UOM', x: 416, align: 'left' },
  { key: 'price', header: 'Unit Price', x: 500, align: 'right' },
  { key: 'amount', header: 'Extended', x: 572, align: 'right' },
];

const LOOK: TableLook = { left: 40, right: 572, size: 8, leading: 11, headerRules: true };

/** Draws the lines over as many pages as they need; returns the last page and the top under the table. */
function drawLines(doc: PDFDocument, first: Pen, lines: Line[], style: DateStyle, repeat: string | null): [Pen, number] {
  let pen = first;
  let top = drawHeader(pen, COLUMNS, 216, LOOK);
  for (const line of lines) {
    if (top > 722) {
      if (repeat !== null) pen.text('Continued on next page', 572, 735, { size: 7.5, color: GREY, align: 'right' });
      pen = Pen.add(doc, pen.fonts);
      top = 44;
      if (repeat !== null) {
        pen.text(repeat, 40, top, { size: 8.5, bold: true });
        top = drawHeader(pen, COLUMNS, top + 16, LOOK);
      }
    }
    const cells = {
      day: date(line.day, style),
      ticket: line.ticket,
      truck: line.truck,
      product: line.product,
      description: line.description,
      quantity: quantity(line.quantity),
      unit: line.unit,
      price: money(line.price),
      amount: money(line.amount),
    };
    top = drawRow(pen, COLUMNS, top, cells, LOOK);
  }
  return [pen, top];
}

async function draw(doc: PDFDocument, random: Random): Promise<Truth> {
  const fonts = await loadFonts(doc, 'helvetica');
  const pen = Pen.add(doc, fonts);
  const vendor = random.pick(VENDORS);
  const sale = deal(random, vendor.city);
  const number = String(random.int(70010000, 70099999));
  const salesOrder = String(random.int(5100000, 5199999));
  const dueDate = random.chance(0.5) ? addDays(sale.date, 30) : null;
  const printJob = random.chance(0.6);
  const style = random.pick(['m/d/yy', 'mm/dd/yyyy'] as const);
  const facts: Array<[string, string]> = [
    ['Invoice No.', number],
    ['Invoice Date', date(sale.date, style)],
    ['Sales Order No.', salesOrder],
    ['Customer PO', sale.po],
    ['Customer No.', sale.account],
  ];
  if (printJob) facts.push(['Project No.', sale.job]);
  facts.push(['Terms', dueDate ? 'Net 30' : '2% 10th, Net 25th']);
  if (dueDate) facts.push(['Due Date', date(dueDate, style)]);
  drawLetterhead(pen, vendor);
  drawFacts(pen, facts);
  drawAddresses(pen, sale);
  pen.text(`Deliveries ${date(addDays(sale.date, -30), style)} through ${date(sale.date, style)}`, 40, 202, { size: 8, color: GREY });

  const lines = deliveries(random, sale.date);
  const repeat = random.chance(0.5) ? `${vendor.name}  -  Invoice ${number} (continued)` : null;
  const [last, bottom] = drawLines(doc, pen, lines, style, repeat);
  const yards = lines.filter((line) => line.unit === 'CY' && /PSI/.test(line.description)).reduce((sum, line) => sum + line.quantity, 0);
  const subtotal = total(lines.map((line) => line.amount));
  const tax = salesTax(subtotal, vendor.taxRate);
  const grand = total([subtotal, tax]);
  last.rule(40, 572, bottom + 2, 0.8);
  last.text(`Total Cubic Yards Delivered: ${quantity(yards)}`, 40, bottom + 10, { size: 8.5 });
  const rows: Array<[string, string]> = [
    ['Subtotal', money(subtotal)],
    [`Sales Tax ${vendor.taxRate.toFixed(2)}%`, money(tax)],
    [random.pick(['Total Due', 'Invoice Total']), money(grand, { dollar: true })],
  ];
  rows.forEach(([label, value], i) => {
    last.text(label, 420, bottom + 10 + i * 13, { size: 9, bold: i === 2 });
    last.text(value, 572, bottom + 10 + i * 13, { size: 9, bold: i === 2, align: 'right' });
  });
  pageFooters(doc, fonts, 'center');

  return saleTruth({
    vendor,
    number,
    sale,
    dueDate,
    grand,
    tax,
    printJob,
    lineItems: lines.map((line) => item(line.description, line.quantity, line.price, line.amount)),
    layout: 'ready-mix',
    pages: doc.getPageCount(),
  });
}

export const readyMix: Layout = { name: 'ready-mix', draw };
