/**
 * Service / repair ticket from a mechanical contractor: a drawn logo, a work description
 * paragraph, labour and parts sections in a ruled table, "Please Pay This Amount", and a
 * "Please remit payment to:" lockbox address near the bottom that is not an item.
 */
import type { PDFDocument } from 'pdf-lib';
import { addDays, cents, date, money, quantity } from './format';
import { type Deal, type Vendor, deal, initials } from './parties';
import { GREY, INK, PALE, Pen, SHADE, WHITE, loadFonts } from './pen';
import type { Random } from './random';
import { type Column, type TableLook, drawHeader, drawRow, drawSection } from './table';
import { type Layout, type Truth, type TruthItem, item, salesTax, total } from './truth';

interface ServiceVendor extends Vendor {
  trade: string;
  remit: string[];
}

const VENDORS: ServiceVendor[] = [
  {
    name: 'Allied Mechanical Services, Inc.',
    street: '9120 Statesville Rd',
    city: 'Charlotte, NC 28269',
    phone: '(704) 555-0166',
    taxRate: 7.25,
    trade: 'Commercial HVAC | Plumbing | Controls',
    remit: ['P.O. Box 3381', 'Charlotte, NC 28230-3381'],
  },
  {
    name: 'Metro Boiler & HVAC Repair',
    street: '18 Gold Star Blvd',
    city: 'Worcester, MA 01606',
    phone: '508-555-0123',
    taxRate: 6.25,
    trade: 'Boilers - Heating - 24 Hour Emergency Service',
    remit: ['Dept. 4471', 'P.O. Box 9600', 'Boston, MA 02114-9600'],
  },
  {
    name: 'Keller Plumbing & Drain Service',
    street: '2331 N Broadway',
    city: 'Wichita, KS 67219',
    phone: '316-555-0175',
    taxRate: 7.5,
    trade: 'Licensed Master Plumbers Since 1987',
    remit: ['Keller Plumbing & Drain Service', 'Attn: Accounts Receivable', '2331 N Broadway', 'Wichita, KS 67219'],
  },
];

const LABOUR: Array<[string, number]> = [
  ['Service Technician - Regular Time', 118],
  ['Service Technician - Overtime', 177],
  ['Helper - Regular Time', 72],
  ['Journeyman Plumber - Regular Time', 104],
];

const PARTS: Array<[string, number]> = [
  ['Inducer Motor Assembly', 286.4],
  ['Run Capacitor 45/5 MFD 440V', 38.75],
  ['Contactor 2-Pole 40A 24V Coil', 46.2],
  ['Pleated Filter 20x25x2 MERV 8', 9.85],
  ['Refrigerant R-410A (lb)', 21.5],
  ['Ball Valve 1 in Full Port Brass', 42.1],
  ['Flame Sensor', 31.6],
  ['Condensate Pump 115V', 94],
  ['Misc. Fittings & Supplies', 18],
];

const WORK = [
  'Responded to no-heat call at RTU-3. Found failed inducer motor and weak run capacitor. Replaced both, checked gas pressure and cycled unit three times. Unit operating normally.',
  'Replaced leaking isolation valves on domestic water riser in mechanical room 104. Drained and refilled system, checked for leaks. Area left clean.',
  'Performed diagnostic on boiler B-1 lockout. Cleaned flame sensor, replaced contactor, verified combustion. Recommend annual service before next heating season.',
];

interface Charge {
  description: string;
  quantity: number;
  rate: number;
  amount: number;
}

function charge(description: string, count: number, rate: number): Charge {
  return { description, quantity: count, rate, amount: cents(count * rate) };
}

function drawLetterhead(pen: Pen, vendor: ServiceVendor): void {
  pen.box(40, 32, 64, 46, { fill: INK });
  pen.text(initials(vendor.name), 72, 46, { size: 19, bold: true, color: WHITE, align: 'center' });
  pen.text(vendor.name, 114, 34, { size: 15, bold: true });
  pen.text(vendor.trade, 114, 54, { size: 8, color: GREY });
  pen.text(`${vendor.street}, ${vendor.city}  |  ${vendor.phone}`, 114, 66, { size: 8 });
}

/** The small ruled box of invoice facts at the top right. */
function drawFacts(pen: Pen, facts: Array<[string, string]>): void {
  pen.text('SERVICE INVOICE', 572, 90, { size: 13, bold: true, align: 'right' });
  const top = 108;
  facts.forEach(([label, value], i) => {
    pen.box(380, top + i * 15, 192, 15, { stroke: INK, fill: i % 2 ? undefined : PALE });
    pen.text(label, 385, top + i * 15 + 4, { size: 8, bold: true });
    pen.text(value, 567, top + i * 15 + 4, { size: 8.5, align: 'right' });
  });
}

function drawCustomer(pen: Pen, sale: Deal, printJob: boolean): void {
  pen.box(40, 108, 150, 13, { fill: SHADE });
  pen.text('BILL TO', 44, 111, { size: 8, bold: true });
  pen.lines([sale.buyer.name, sale.buyer.street, sale.buyer.city], 44, 126, { size: 9 });
  pen.box(200, 108, 170, 13, { fill: SHADE });
  pen.text('JOB LOCATION', 204, 111, { size: 8, bold: true });
  const site = [sale.project.name, sale.project.street, sale.project.city];
  if (printJob) site.push(`Job: ${sale.job}`);
  pen.lines(site, 204, 126, { size: 9 });
}

function drawWork(pen: Pen, random: Random): number {
  pen.text('DESCRIPTION OF WORK', 40, 196, { size: 8, bold: true });
  let top = pen.lines(pen.wrap(random.pick(WORK), 532, { size: 9 }), 40, 208, { size: 9 });
  const tech = random.pick(['J. Ramirez', 'D. Okonkwo', 'S. Lindqvist', 'B. Tran']);
  top = pen.text(`Technician: ${tech}     Arrived: 7:45 AM     Departed: 11:20 AM`, 40, top + 4, { size: 8, color: GREY });
  return top + 10;
}

const COLUMNS: Column[] = [
  { key: 'description', header: 'Description', x: 46, align: 'left', wrap: 300 },
  { key: 'quantity', header: 'Hrs / Qty', x: 410, align: 'right' },
  { key: 'rate', header: 'Rate', x: 490, align: 'right' },
  { key: 'amount', header: 'Amount', x: 566, align: 'right' },
];

function drawCharges(pen: Pen, top: number, sections: Array<[string, Charge[]]>): number {
  const look: TableLook = { left: 40, right: 572, size: 9, leading: 15, headerFill: SHADE, rowRules: true };
  const start = top;
  let y = drawHeader(pen, COLUMNS, top, look);
  for (const [heading, charges] of sections) {
    y = drawSection(pen, heading, 46, y + 2, look, true);
    for (const line of charges) {
      const cells = { description: line.description, quantity: quantity(line.quantity), rate: money(line.rate), amount: money(line.amount) };
      y = drawRow(pen, COLUMNS, y + 2, cells, look);
    }
  }
  // The last row's hairline is the bottom of the box.
  pen.box(40, start, 532, y - 1.5 - start, { stroke: INK });
  for (const x of [350, 420, 500]) pen.post(x, start, y - 1.5);
  return y;
}

function drawRemit(pen: Pen, vendor: ServiceVendor): void {
  pen.text('Please remit payment to:', 40, 640, { size: 9, bold: true });
  const lines = vendor.remit[0] === vendor.name ? vendor.remit : [vendor.name, ...vendor.remit];
  pen.lines(lines, 40, 653, { size: 9 });
  pen.text('Customer Signature: ____________________________', 330, 660, { size: 8 });
  pen.text('Work completed to my satisfaction.', 330, 674, { size: 7.5, color: GREY });
  pen.text('Thank you for calling us!', 306, 740, { size: 9, bold: true, align: 'center' });
}

async function draw(doc: PDFDocument, random: Random): Promise<Truth> {
  const pen = Pen.add(doc, await loadFonts(doc, 'helvetica'));
  const vendor = random.pick(VENDORS);
  const sale = deal(random, vendor.city);
  const number = `${random.pick(['SV', 'W', ''])}${random.int(40000, 89999)}`;
  const dueDate = random.chance(0.4) ? addDays(sale.date, random.pick([15, 30])) : null;
  const printPo = random.chance(0.7);
  const printJob = random.chance(0.5);
  const labour = random.some(LABOUR, random.int(1, 2)).map(([name, rate]) => charge(name, random.pick([1.5, 2, 3.5, 4, 6.5]), rate));
  if (random.chance(0.5)) labour.push(charge('Service Call Charge', 1, random.pick([65, 85, 95])));
  const parts = random
    .some(PARTS, random.int(1, 4))
    .map(([name, rate]) => charge(name, name.includes('(lb)') ? random.int(3, 12) : random.int(1, 4), rate));
  const facts: Array<[string, string]> = [
    ['Invoice #', number],
    ['Date', date(sale.date, 'm/d/yy')],
    ['Work Order', `WO-${random.int(10000, 19999)}`],
  ];
  if (printPo) facts.push(['Customer PO', sale.po]);
  facts.push(dueDate ? ['Due Date', date(dueDate, 'm/d/yy')] : ['Terms', 'Due upon receipt']);

  drawLetterhead(pen, vendor);
  drawFacts(pen, facts);
  drawCustomer(pen, sale, printJob);
  const bottom = drawCharges(pen, drawWork(pen, random), [
    ['LABOR', labour],
    ['PARTS & MATERIALS', parts],
  ]);
  const labourTotal = total(labour.map((line) => line.amount));
  const partsTotal = total(parts.map((line) => line.amount));
  const tax = random.chance(0.85) ? salesTax(partsTotal, vendor.taxRate) : null;
  const grand = total([labourTotal, partsTotal, tax ?? 0]);
  const rows: Array<[string, string]> = [
    ['Labor', money(labourTotal)],
    ['Parts & Materials', money(partsTotal)],
  ];
  if (tax !== null) rows.push([`Sales Tax (${vendor.taxRate}%)`, money(tax)]);
  rows.forEach(([label, value], i) => {
    pen.text(label, 490, bottom + 8 + i * 13, { size: 9, align: 'right' });
    pen.text(value, 566, bottom + 8 + i * 13, { size: 9, align: 'right' });
  });
  const payTop = bottom + 12 + rows.length * 13;
  pen.box(340, payTop, 232, 20, { stroke: INK, thickness: 1.2 });
  pen.text('Please Pay This Amount', 346, payTop + 6, { size: 10, bold: true });
  pen.text(money(grand, { dollar: true }), 566, payTop + 6, { size: 10, bold: true, align: 'right' });
  drawRemit(pen, vendor);

  const items: TruthItem[] = [...labour, ...parts].map((line) => item(line.description, line.quantity, line.rate, line.amount));
  return {
    vendor: vendor.name,
    invoice_number: number,
    invoice_date: sale.date,
    due_date: dueDate,
    total_amount: grand,
    amount_due: grand,
    tax_amount: tax,
    currency: 'USD',
    reference: printPo ? sale.po : null,
    job_number: printJob ? sale.job : null,
    line_items: items,
    layout: 'service-ticket',
    pages: 1,
  };
}

export const serviceTicket: Layout = { name: 'service-ticket', draw };
