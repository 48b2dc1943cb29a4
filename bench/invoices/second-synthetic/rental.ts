/**
 * Equipment rental invoice: "Document No:" for the invoice number, a rental period, a rental
 * table with Min/Day/Week/4 Week rates, then a Sales / Misc table with the damage waiver, fuel
 * and (half the time) delivery and pickup. Delivery and pickup are freight, so they are never
 * line items (invoices-public convention), wherever they are printed.
 */
import type { PDFDocument } from 'pdf-lib';
import { addDays, cents, date, money, price, quantity } from './format';
import { type Deal, type Vendor, deal } from './parties';
import { GREY, INK, Pen, SHADE, WIDTH, loadFonts } from './pen';
import type { Random } from './random';
import { type Column, type TableLook, drawHeader, drawRow } from './table';
import { type Layout, type Truth, type TruthItem, item, salesTax, total, saleTruth } from './truth';

const VENDORS: Vendor[] = [
  { name: 'Cornerstone Equipment Rentals', street: '3300 Capital Blvd', city: 'Raleigh, NC 27604', phone: '919-555-0104', taxRate: 7.25 },
  { name: 'High Reach Rental & Supply', street: '6820 W Overland Rd', city: 'Boise, ID 83709', phone: '208-555-0177', taxRate: 6 },
  { name: 'Lakeside Rent-All, Inc.', street: '5115 S Hydraulic St', city: 'Wichita, KS 67216', phone: '316-555-0140', taxRate: 7.5 },
];

/** Description, minimum (4 hr), day, week, 4 week. */
const FLEET: Array<[string, number, number, number, number]> = [
  ['Skid Steer Loader 2,000 lb', 195, 285, 860, 2150],
  ['Mini Excavator 8,000 lb', 240, 345, 1120, 2890],
  ['Articulating Boom Lift 60 ft', 360, 520, 1450, 3350],
  ['Scissor Lift 26 ft Electric', 110, 155, 390, 820],
  ['Telehandler 10,000 lb 55 ft', 420, 610, 1720, 4150],
  ['Light Tower Towable', 65, 95, 285, 640],
  ['Walk-Behind Trencher 24 in', 150, 215, 640, 1480],
  ['Generator 56 kW Towable', 160, 230, 690, 1650],
];

interface Row {
  cells: Record<string, string>;
  truth: TruthItem | null;
  amount: number;
}

/** The rental lines, billed the cheapest way for the days out. */
function rentalRows(random: Random, days: number): Row[] {
  return random.some(FLEET, random.int(1, 3)).map(([description, minimum, day, week, month]) => {
    const units = description.startsWith('Scissor') ? random.int(1, 3) : 1;
    const each = days >= 22 ? month : days >= 5 ? Math.min(week * Math.ceil(days / 7), month) : Math.min(day * days, week);
    const amount = cents(units * each);
    const cells = {
      quantity: String(units),
      number: String(random.int(100000, 999999)),
      description,
      minimum: money(minimum),
      day: money(day),
      week: money(week),
      month: money(month),
      amount: money(amount),
    };
    return { cells, truth: item(description, units, null, amount), amount };
  });
}

function miscRow(description: string, code: string, count: number, unitPrice: number, unit: string, isItem: boolean): Row {
  const amount = cents(count * unitPrice);
  const cells = {
    quantity: quantity(count),
    number: code,
    description,
    price: price(unitPrice, unit === 'GAL' ? 3 : 2),
    unit,
    amount: money(amount),
  };
  return { cells, truth: isItem ? item(description, count, unitPrice, amount) : null, amount };
}

const RENTAL_COLUMNS: Column[] = [
  { key: 'quantity', header: 'Qty', x: 56, align: 'right' },
  { key: 'number', header: 'Equipment #', x: 66, align: 'left' },
  { key: 'description', header: 'Description', x: 128, align: 'left', wrap: 150 },
  { key: 'minimum', header: 'Min', x: 326, align: 'right' },
  { key: 'day', header: 'Day', x: 376, align: 'right' },
  { key: 'week', header: 'Week', x: 428, align: 'right' },
  { key: 'month', header: '4 Week', x: 488, align: 'right' },
  { key: 'amount', header: 'Amount', x: 568, align: 'right' },
];

const MISC_COLUMNS: Column[] = [
  { key: 'quantity', header: 'Qty', x: 56, align: 'right' },
  { key: 'number', header: 'Item #', x: 66, align: 'left' },
  { key: 'description', header: 'Description', x: 128, align: 'left', wrap: 220 },
  { key: 'price', header: 'Price', x: 428, align: 'right' },
  { key: 'unit', header: 'U/M', x: 440, align: 'left' },
  { key: 'amount', header: 'Amount', x: 568, align: 'right' },
];

function drawTable(pen: Pen, title: string, columns: Column[], rows: Row[], top: number): number {
  const look: TableLook = { left: 40, right: 572, size: 8.5, leading: 13, headerFill: SHADE };
  pen.text(title, 40, top, { size: 9, bold: true });
  let y = drawHeader(pen, columns, top + 13, look);
  for (const row of rows) y = drawRow(pen, columns, y, row.cells, look);
  pen.rule(40, 572, y + 1, 0.5, GREY);
  return y + 12;
}

function drawTop(pen: Pen, vendor: Vendor, facts: Array<[string, string]>, period: string): void {
  pen.text('RENTAL INVOICE', 40, 40, { size: 20, bold: true });
  const nameWidth = pen.widthOf(vendor.name, { size: 13, bold: true });
  pen.box(572 - nameWidth - 12, 30, nameWidth + 12, 24, { stroke: INK, thickness: 1.5 });
  pen.text(vendor.name, 566, 36, { size: 13, bold: true, align: 'right' });
  pen.lines([vendor.street, vendor.city, vendor.phone], 572, 60, { size: 8, align: 'right' });
  const half = Math.ceil(facts.length / 2);
  facts.forEach(([label, value], i) => {
    const x = i < half ? 40 : 320;
    const top = 104 + (i % half) * 13;
    pen.text(label, x, top, { size: 8.5, bold: true });
    pen.text(value, x + 86, top, { size: 8.5 });
  });
  pen.box(40, 104 + half * 13 + 4, WIDTH - 80, 16, { fill: SHADE });
  pen.text(period, 46, 104 + half * 13 + 8, { size: 8.5 });
}

function drawParties(pen: Pen, sale: Deal, top: number): number {
  pen.text('BILL TO', 40, top, { size: 8, bold: true, color: GREY });
  pen.lines([sale.buyer.name, sale.buyer.street, sale.buyer.city], 40, top + 11, { size: 9 });
  pen.text('JOB SITE', 320, top, { size: 8, bold: true, color: GREY });
  return pen.lines([sale.project.name, sale.project.street, sale.project.city], 320, top + 11, { size: 9 }) + 14;
}

async function draw(doc: PDFDocument, random: Random): Promise<Truth> {
  const pen = Pen.add(doc, await loadFonts(doc, 'helvetica'));
  const vendor = random.pick(VENDORS);
  const sale = deal(random, vendor.city);
  const days = random.pick([1, 2, 3, 7, 9, 14, 21, 28]);
  const out = addDays(sale.date, -days);
  const number = `${random.int(23000000, 26999999)}-${String(random.int(1, 12)).padStart(4, '0')}`;
  const dueDate = random.chance(0.5) ? addDays(sale.date, 30) : null;
  const printJob = random.chance(0.6);
  const facts: Array<[string, string]> = [
    ['Document No:', number],
    ['Document Date:', date(sale.date, 'mm/dd/yyyy')],
    ['Contract No:', `C${random.int(7000000, 7999999)}`],
    ['Customer No:', sale.account],
    ['Customer PO:', sale.po],
  ];
  if (printJob) facts.push(['Job No:', sale.job]);
  facts.push(['Ordered By:', random.pick(['Mike Tran', 'Sara Ojeda', 'Chris Bell'])], ['Terms:', 'Net 30']);
  if (dueDate) facts.push(['Due Date:', date(dueDate, 'mm/dd/yyyy')]);
  const period = `Date Out: ${date(out, 'mm/dd/yyyy')} 07:30 AM     Billed Thru: ${date(sale.date, 'mm/dd/yyyy')}     Date In: ${date(sale.date, 'mm/dd/yyyy')} 03:40 PM`;
  drawTop(pen, vendor, facts, period);
  let top = drawParties(pen, sale, 190);

  const rentals = rentalRows(random, days);
  const rental = total(rentals.map((row) => row.amount));
  const misc = [miscRow('Damage Waiver', 'RPP', 1, cents(rental * random.pick([0.12, 0.14, 0.15])), 'EA', true)];
  if (random.chance(0.6)) misc.push(miscRow('Diesel Fuel', 'FUEL', random.int(40, 260) / 10, 6.25, 'GAL', true));
  const freight = [random.pick([125, 150, 195]), random.pick([125, 150, 195])];
  const freightInTable = random.chance(0.5);
  if (freightInTable)
    misc.push(miscRow('Delivery Charge', 'DEL', 1, freight[0], 'EA', false), miscRow('Pickup Charge', 'PU', 1, freight[1], 'EA', false));
  top = drawTable(pen, 'RENTAL ITEMS', RENTAL_COLUMNS, rentals, top);
  top = drawTable(pen, 'SALES / MISC ITEMS', MISC_COLUMNS, misc, top);

  const miscTotal = total(misc.map((row) => row.amount));
  const taxable = total([rental, miscTotal, freightInTable ? 0 : freight[0] + freight[1]]);
  const tax = salesTax(taxable, vendor.taxRate);
  const grand = total([taxable, tax]);
  const rows: Array<[string, string]> = [
    ['Rental Charges', money(rental)],
    ['Sales / Misc', money(miscTotal)],
  ];
  if (!freightInTable) rows.push(['Delivery', money(freight[0])], ['Pickup', money(freight[1])]);
  rows.push(['Tax', money(tax)], ['TOTAL DUE', money(grand, { dollar: true })]);
  rows.forEach(([label, value], i) => {
    const bold = i === rows.length - 1;
    pen.text(label, 420, top + i * 13, { size: 9, bold });
    pen.text(value, 568, top + i * 13, { size: 9, bold, align: 'right' });
  });
  const fine = 'Rates: Min = 4 hours, Day = 8 hours, Week = 40 hours, 4 Week = 160 hours. Overtime billed at 1.5 x hourly rate.';
  pen.text(fine, 40, 728, { size: 7, color: GREY });
  pen.text('Damage waiver does not cover theft, tires, glass or misuse. See rental contract for full terms.', 40, 738, { size: 7, color: GREY });

  return saleTruth({
    vendor,
    number,
    sale,
    dueDate,
    grand,
    tax,
    printJob,
    lineItems: [...rentals, ...misc].flatMap((row) => (row.truth ? [row.truth] : [])),
    layout: 'rental',
    pages: 1,
  });
}

export const rental: Layout = { name: 'rental', draw };
