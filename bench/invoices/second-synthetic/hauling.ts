/**
 * Trucking / hauling: loads by date and ticket, tons at a per-ton rate (some hourly or per-load
 * lines), the invoice dated "Jan 12, 2026" and the loads "01/12/26". A fuel surcharge sits in
 * the totals block; hauling is a service, so there is no sales tax.
 */
import type { PDFDocument } from 'pdf-lib';
import { addDays, cents, date, money, price, quantity } from './format';
import { type Deal, type Vendor, deal } from './parties';
import { GREY, INK, Pen, loadFonts } from './pen';
import type { Random } from './random';
import { type Column, type TableLook, drawHeader, drawRow } from './table';
import { type Layout, type Truth, item, total } from './truth';

const VENDORS: Vendor[] = [
  { name: 'R&J Trucking and Excavating', street: '12 Quarry Rd', city: 'Sutton, MA 01590', phone: '508-555-0116', taxRate: 0 },
  { name: 'Big Creek Hauling LLC', street: '8805 W 21st St N', city: 'Wichita, KS 67205', phone: '316-555-0133', taxRate: 0 },
  { name: 'T.W. Sands Aggregate Transport', street: '2040 Hwy 58', city: 'Chattanooga, TN 37421', phone: '423-555-0168', taxRate: 0 },
];

/** Description, unit, rate, rate decimals. */
const HAULS: Array<[string, string, number, number]> = [
  ['#57 Stone - Martin Quarry to Site', 'TON', 14.75, 2],
  ['Crusher Run ABC - Quarry to Site', 'TON', 12.875, 3],
  ['Haul Off Unclassified Fill', 'LOAD', 165, 2],
  ['Rip Rap Class B Delivered', 'TON', 31.4, 2],
  ['Screened Topsoil Delivered', 'TON', 22.5, 2],
  ['Tri-Axle Dump Hourly', 'HR', 118, 2],
];

interface Load {
  day: string;
  ticket: string;
  truck: string;
  description: string;
  quantity: number;
  unit: string;
  rate: number;
  decimals: number;
  amount: number;
}

function loads(random: Random, invoiceDate: string): Load[] {
  const kinds = random.some(HAULS, random.int(1, 3));
  const out: Load[] = [];
  let day = addDays(invoiceDate, -random.int(6, 14));
  for (let i = random.int(7, 18); i > 0; i--) {
    if (random.chance(0.35)) day = addDays(day, 1);
    const [description, unit, rate, decimals] = random.pick(kinds);
    const count = unit === 'TON' ? random.int(1800, 2450) / 100 : unit === 'HR' ? random.pick([4, 6.5, 8, 9.5]) : 1;
    out.push({
      day,
      ticket: unit === 'HR' ? '' : String(random.int(880000, 889999)),
      truck: `T-${random.int(11, 38)}`,
      description,
      quantity: count,
      unit,
      rate,
      decimals,
      amount: cents(count * rate),
    });
  }
  return out;
}

const COLUMNS: Column[] = [
  { key: 'day', header: 'DATE', x: 40, align: 'left' },
  { key: 'ticket', header: 'TICKET', x: 90, align: 'left' },
  { key: 'truck', header: 'TRUCK', x: 140, align: 'left' },
  { key: 'description', header: 'DESCRIPTION', x: 180, align: 'left', wrap: 190 },
  { key: 'quantity', header: 'QTY', x: 418, align: 'right' },
  { key: 'unit', header: 'UNIT', x: 424, align: 'left' },
  { key: 'rate', header: 'RATE', x: 500, align: 'right' },
  { key: 'amount', header: 'AMOUNT', x: 572, align: 'right' },
];

function drawTop(pen: Pen, vendor: Vendor, sale: Deal, facts: Array<[string, string]>, printJob: boolean): void {
  pen.text(vendor.name.toUpperCase(), 40, 34, { size: 14, bold: true });
  pen.lines([vendor.street, vendor.city, vendor.phone, `USDOT ${3000000 + vendor.name.length * 1733}`], 40, 54, { size: 8.5 });
  facts.forEach(([label, value], i) => {
    pen.text(label, 400, 34 + i * 13, { size: 9, bold: true });
    pen.text(value, 572, 34 + i * 13, { size: 9, align: 'right' });
  });
  pen.rule(40, 572, 112, 1.5);
  pen.text('BILL TO:', 40, 122, { size: 8.5, bold: true });
  pen.lines([sale.buyer.name, sale.buyer.street, sale.buyer.city], 40, 134, { size: 9 });
  pen.text('JOB:', 320, 122, { size: 8.5, bold: true });
  const job = [sale.project.name, sale.project.city];
  if (printJob) job.unshift(`Job ${sale.job}`);
  pen.lines(job, 320, 134, { size: 9 });
}

function drawLoads(pen: Pen, rows: Load[], ruled: boolean): number {
  const look: TableLook = { left: 40, right: 572, size: 8.5, leading: 13, headerRules: true, rowRules: ruled };
  let top = drawHeader(pen, COLUMNS, 190, look);
  for (const row of rows) {
    const cells = {
      day: date(row.day, 'mm/dd/yy'),
      ticket: row.ticket,
      truck: row.truck,
      description: row.description,
      quantity: row.unit === 'TON' ? row.quantity.toFixed(2) : quantity(row.quantity),
      unit: row.unit,
      rate: price(row.rate, row.decimals),
      amount: money(row.amount),
    };
    top = drawRow(pen, COLUMNS, top, cells, look);
  }
  pen.rule(40, 572, top + 1, 0.8);
  return top + 1;
}

async function draw(doc: PDFDocument, random: Random): Promise<Truth> {
  const pen = Pen.add(doc, await loadFonts(doc, random.pick(['courier', 'helvetica'] as const)));
  const vendor = random.pick(VENDORS);
  const sale = deal(random, vendor.city);
  const number = random.pick([`INV-${sale.date.slice(0, 4)}-${String(random.int(40, 980)).padStart(4, '0')}`, String(random.int(21000, 24999))]);
  const dueDate = random.chance(0.6) ? addDays(sale.date, random.pick([15, 30])) : null;
  const printJob = random.chance(0.7);
  const printPo = random.chance(0.7);
  const facts: Array<[string, string]> = [
    ['INVOICE NO:', number],
    ['DATE:', date(sale.date, 'mon d, yyyy')],
  ];
  if (dueDate) facts.push(['DUE DATE:', date(dueDate, 'mon d, yyyy')]);
  if (printPo) facts.push(['PO#:', sale.po]);
  facts.push(['TERMS:', dueDate ? `NET ${Math.round((Date.parse(dueDate) - Date.parse(sale.date)) / 86400000)}` : 'DUE ON RECEIPT']);
  drawTop(pen, vendor, sale, facts, printJob);
  const rows = loads(random, sale.date);
  pen.text(`Work dates: ${date(rows[0].day, 'mm/dd/yy')} - ${date(rows[rows.length - 1].day, 'mm/dd/yy')}`, 40, 178, { size: 8, color: GREY });
  const bottom = drawLoads(pen, rows, random.chance(0.5));

  const subtotal = total(rows.map((row) => row.amount));
  const fuelRate = random.pick([0, 4, 6.5]);
  const fuel = cents((subtotal * fuelRate) / 100);
  const grand = total([subtotal, fuel]);
  const tons = rows.filter((row) => row.unit === 'TON').reduce((sum, row) => sum + row.quantity, 0);
  if (tons) pen.text(`Total Tons: ${tons.toFixed(2)}     Loads: ${rows.filter((row) => row.unit !== 'HR').length}`, 40, bottom + 8, { size: 8.5 });
  const summary: Array<[string, string]> = [['SUBTOTAL', money(subtotal)]];
  if (fuel) summary.push([`FUEL SURCHARGE ${fuelRate}%`, money(fuel)]);
  summary.push(['TOTAL DUE', money(grand, { dollar: true })]);
  summary.forEach(([label, value], i) => {
    const bold = i === summary.length - 1;
    pen.text(label, 380, bottom + 8 + i * 13, { size: 9, bold });
    pen.text(value, 572, bottom + 8 + i * 13, { size: 9, bold, align: 'right' });
  });
  pen.box(40, 690, 532, 36, { stroke: INK });
  pen.text('Make checks payable to the company above. Scale tickets available on request.', 48, 698, { size: 8 });
  pen.text('A 1.5% monthly finance charge applies to balances over 30 days.', 48, 710, { size: 8 });

  return {
    vendor: vendor.name,
    invoice_number: number,
    invoice_date: sale.date,
    due_date: dueDate,
    total_amount: grand,
    amount_due: grand,
    tax_amount: null,
    currency: 'USD',
    reference: printPo ? sale.po : null,
    job_number: printJob ? sale.job : null,
    line_items: rows.map((row) => item(row.description, row.quantity, row.rate, row.amount)),
    layout: 'hauling',
    pages: 1,
  };
}

export const hauling: Layout = { name: 'hauling', draw };
