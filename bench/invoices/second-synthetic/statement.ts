/**
 * Statement-style invoice from a masonry / aggregates yard on a charge account: this month's
 * delivery tickets, "Current Charges", then an account summary (Previous Balance, Payments
 * Received, Finance Charge, Amount Due), an aging strip and a tear-off remittance stub. The
 * invoice total is the current charges, not the amount due (invoices-public convention).
 */
import type { PDFDocument } from 'pdf-lib';
import { addDays, cents, date, money, quantity } from './format';
import { type Deal, type Vendor, deal } from './parties';
import { GREY, INK, PALE, Pen, SHADE, loadFonts } from './pen';
import type { Random } from './random';
import { type Column, type TableLook, drawHeader, drawRow } from './table';
import { type Layout, type Truth, item, salesTax, total } from './truth';

const VENDORS: Vendor[] = [
  { name: 'Glenwood Masonry Supply', street: '1805 E 23rd St', city: 'Chattanooga, TN 37404', phone: '423-555-0138', taxRate: 9.25 },
  { name: 'Bayside Block & Brick Co.', street: '77 Ricciuti Dr', city: 'Quincy, MA 02169', phone: '617-555-0191', taxRate: 6.25 },
  { name: 'Stonegate Aggregates LLC', street: '4400 Garrity Blvd', city: 'Nampa, ID 83687', phone: '208-555-0156', taxRate: 6 },
];

/** Description, unit, price, quantity range; fractional quantities for brick (M) and sand (TON). */
const GOODS: Array<[string, string, number, number, number, boolean]> = [
  ['Modular Face Brick - Ironspot', 'M', 685, 2, 9, true],
  ['8x8x16 CMU Standard Gray', 'EA', 2.35, 200, 900, false],
  ['8x8x16 CMU Bond Beam', 'EA', 2.95, 40, 160, false],
  ['Type S Mortar 80 lb', 'BAG', 11.85, 20, 120, false],
  ['Masonry Sand', 'TON', 38.5, 6, 24, true],
  ['#4 Rebar 20 ft Grade 60', 'EA', 14.2, 20, 120, false],
  ['Ladder Wall Reinforcing 8 in x 10 ft', 'EA', 3.15, 50, 300, false],
  ['Core Fill Grout 80 lb', 'BAG', 9.4, 20, 90, false],
  ['Through-Wall Flashing 12 in x 50 ft', 'RL', 96, 1, 6, false],
];

interface Ticket {
  day: string;
  ticket: string;
  description: string;
  unit: string;
  quantity: number;
  price: number;
  amount: number;
}

function tickets(random: Random, invoiceDate: string): Ticket[] {
  const chosen = random.some(GOODS, random.int(4, 9));
  const days = chosen.map(() => addDays(invoiceDate, -random.int(2, 28))).sort();
  let ticket = random.int(310000, 389000);
  return chosen.map(([description, unit, unitPrice, low, high, fractional], i) => {
    const count = fractional ? random.int(low * 4, high * 4) / 4 : random.int(low, high);
    ticket += random.int(3, 140);
    return { day: days[i], ticket: String(ticket), description, unit, quantity: count, price: unitPrice, amount: cents(count * unitPrice) };
  });
}

function drawTop(pen: Pen, vendor: Vendor, facts: Array<[string, string]>): void {
  pen.text(vendor.name, 306, 34, { size: 18, bold: true, align: 'center' });
  pen.text(`${vendor.street}  |  ${vendor.city}  |  ${vendor.phone}`, 306, 56, { size: 9, align: 'center' });
  pen.rule(40, 572, 72, 1.2);
  pen.text('INVOICE', 306, 80, { size: 13, bold: true, align: 'center' });
  const width = 532 / facts.length;
  facts.forEach(([label, value], i) => {
    pen.box(40 + i * width, 100, width, 14, { fill: SHADE, stroke: INK });
    pen.box(40 + i * width, 114, width, 16, { stroke: INK });
    pen.text(label, 40 + i * width + width / 2, 103, { size: 8, bold: true, align: 'center' });
    pen.text(value, 40 + i * width + width / 2, 118, { size: 9.5, align: 'center' });
  });
}

function drawAddresses(pen: Pen, sale: Deal, printJob: boolean): void {
  pen.text('Bill To:', 40, 144, { size: 9, bold: true });
  pen.lines([sale.buyer.name, sale.buyer.street, sale.buyer.city], 40, 156, { size: 10 });
  pen.text('Job:', 320, 144, { size: 9, bold: true });
  const job = [sale.project.name, sale.project.city, `Customer PO: ${sale.po}`];
  if (printJob) job.push(`Project No.: ${sale.job}`);
  pen.lines(job, 320, 156, { size: 10 });
}

const COLUMNS: Column[] = [
  { key: 'day', header: 'Date', x: 42, align: 'left' },
  { key: 'ticket', header: 'Ticket', x: 96, align: 'left' },
  { key: 'description', header: 'Description', x: 146, align: 'left', wrap: 200 },
  { key: 'quantity', header: 'Qty', x: 386, align: 'right' },
  { key: 'unit', header: 'Unit', x: 394, align: 'left' },
  { key: 'price', header: 'Price', x: 486, align: 'right' },
  { key: 'amount', header: 'Amount', x: 570, align: 'right' },
];

function drawTickets(pen: Pen, rows: Ticket[]): number {
  const look: TableLook = { left: 40, right: 572, size: 9.5, leading: 15, headerRules: true, rowRules: true };
  let top = drawHeader(pen, COLUMNS, 222, look);
  for (const row of rows) {
    const cells = {
      day: date(row.day, 'mm/dd/yy'),
      ticket: row.ticket,
      description: row.description,
      quantity: quantity(row.quantity),
      unit: row.unit,
      price: money(row.price),
      amount: money(row.amount),
    };
    top = drawRow(pen, COLUMNS, top, cells, look);
  }
  return top;
}

/** Label and value rows, the last one bold; returns the top under them. */
function drawPairs(pen: Pen, rows: Array<[string, string]>, labelX: number, valueX: number, top: number): number {
  rows.forEach(([label, value], i) => {
    const bold = i === rows.length - 1;
    pen.text(label, labelX, top + i * 14, { size: 10, bold });
    pen.text(value, valueX, top + i * 14, { size: 10, bold, align: 'right' });
  });
  return top + rows.length * 14;
}

interface Account {
  previous: number;
  payments: number;
  finance: number;
  current: number;
  due: number;
}

function account(random: Random, current: number): Account {
  const previous = cents(random.int(120000, 1800000) / 100);
  const payments = random.pick([previous, cents(previous * 0.5), 0]);
  const finance = previous > payments && random.chance(0.5) ? cents((previous - payments) * 0.015) : 0;
  return { previous, payments, finance, current, due: total([previous, -payments, finance, current]) };
}

function drawAccount(pen: Pen, top: number, state: Account, number: string, accountNo: string): void {
  pen.box(40, top, 260, 16, { fill: SHADE });
  pen.text('ACCOUNT SUMMARY', 46, top + 4, { size: 9, bold: true });
  const rows: Array<[string, string]> = [
    ['Previous Balance', money(state.previous)],
    ['Payments Received - Thank You', money(-state.payments, { negative: 'parens' })],
  ];
  if (state.finance) rows.push(['Finance Charge', money(state.finance)]);
  rows.push(['Current Charges', money(state.current)], ['Amount Due', money(state.due, { dollar: true })]);
  const under = drawPairs(pen, rows, 46, 294, top + 22);
  const remaining = cents(state.previous - state.payments);
  const older = state.finance ? cents(remaining * 0.4) : 0;
  const aging: Array<[string, number]> = [
    ['Current', state.current],
    ['1-30 Days', cents(remaining - older)],
    ['31-60 Days', cents(older + state.finance)],
    ['Over 60 Days', 0],
    ['Amount Due', state.due],
  ];
  const y = under + 14;
  aging.forEach(([label, value], i) => {
    pen.box(40 + i * 106.4, y, 106.4, 13, { fill: PALE, stroke: INK });
    pen.box(40 + i * 106.4, y + 13, 106.4, 15, { stroke: INK });
    pen.text(label, 40 + i * 106.4 + 53.2, y + 3, { size: 8, bold: true, align: 'center' });
    pen.text(money(value), 40 + i * 106.4 + 53.2, y + 17, { size: 9, align: 'center' });
  });
  pen.rule(40, 572, 676, 0.7, GREY, true);
  pen.text('Please detach and return this portion with your payment', 306, 681, { size: 7.5, color: GREY, align: 'center' });
  drawPairs(
    pen,
    [
      ['Account No.', accountNo],
      ['Invoice No.', number],
      ['Amount Due', money(state.due, { dollar: true })],
      ['Amount Enclosed', '$ ____________'],
    ],
    330,
    572,
    698,
  );
}

async function draw(doc: PDFDocument, random: Random): Promise<Truth> {
  const pen = Pen.add(doc, await loadFonts(doc, 'times'));
  const vendor = random.pick(VENDORS);
  const sale = deal(random, vendor.city);
  const number = `${random.pick(['M', 'INV', ''])}${date(sale.date, 'mm/dd/yy').replace(/\//g, '').slice(0, 4)}-${random.int(1000, 9999)}`;
  const dueDate = random.chance(0.7) ? addDays(sale.date, 30) : null;
  const printJob = random.chance(0.6);
  const style = random.pick(['mm/dd/yyyy', 'month d, yyyy'] as const);
  const facts: Array<[string, string]> = [
    ['Account No.', sale.account],
    [random.pick(['Invoice Number', 'Invoice No.']), number],
    ['Invoice Date', date(sale.date, style)],
    dueDate ? ['Due Date', date(dueDate, style)] : ['Terms', 'Net 30'],
    ['Page', '1 of 1'],
  ];
  drawTop(pen, vendor, facts);
  drawAddresses(pen, sale, printJob);
  const rows = tickets(random, sale.date);
  const bottom = drawTickets(pen, rows);
  const subtotal = total(rows.map((row) => row.amount));
  const tax = salesTax(subtotal, vendor.taxRate);
  const current = total([subtotal, tax]);
  drawPairs(
    pen,
    [
      ['Subtotal', money(subtotal)],
      [`Sales Tax ${vendor.taxRate}%`, money(tax)],
      ['Current Charges', money(current)],
    ],
    400,
    570,
    bottom + 10,
  );
  const state = account(random, current);
  drawAccount(pen, Math.max(bottom + 62, 470), state, number, sale.account);

  return {
    vendor: vendor.name,
    invoice_number: number,
    invoice_date: sale.date,
    due_date: dueDate,
    total_amount: current,
    amount_due: state.due,
    tax_amount: tax,
    currency: 'USD',
    reference: sale.po,
    job_number: printJob ? sale.job : null,
    line_items: rows.map((row) => item(row.description, row.quantity, row.price, row.amount)),
    layout: 'statement',
    pages: 1,
    notes: `Amount due ${money(state.due)} includes the previous balance; the total is this invoice's current charges.`,
  };
}

export const statement: Layout = { name: 'statement', draw };
