/**
 * Subcontractor progress billing, a simplified AIA-style pay request: a schedule of values with
 * % complete and this period's work, retainage withheld, and "Amount Due This Period" as the
 * total. Line items are the work rows at their this-period amount (no quantity or unit price).
 */
import type { PDFDocument } from 'pdf-lib';
import { addDays, cents, date, money } from './format';
import { type Deal, type Vendor, deal } from './parties';
import { GREY, INK, Pen, SHADE, loadFonts } from './pen';
import type { Random } from './random';
import { type Column, type TableLook, drawHeader, drawRow } from './table';
import { type Layout, type Truth, item, total } from './truth';

interface Subcontractor extends Vendor {
  scope: string[];
}

const SUBCONTRACTORS: Subcontractor[] = [
  {
    name: 'Keystone Drywall & Acoustics, Inc.',
    street: '640 Wade Ave',
    city: 'Raleigh, NC 27605',
    phone: '919-555-0126',
    taxRate: 0,
    scope: [
      'Metal Stud Framing - Level 1',
      'Metal Stud Framing - Level 2',
      'Gypsum Board Hang',
      'Tape & Finish Level 4',
      'Acoustical Ceilings',
      'Shaft Wall Assemblies',
      'Insulation - Sound Batts',
    ],
  },
  {
    name: 'Delgado Framing Contractors LLC',
    street: '3125 S Meridian Ave',
    city: 'Wichita, KS 67217',
    phone: '316-555-0193',
    taxRate: 0,
    scope: [
      'Mobilization',
      'Wall Framing - Bldg A',
      'Wall Framing - Bldg B',
      'Floor Trusses Set',
      'Roof Trusses Set',
      'Sheathing & Wrap',
      'Blocking & Backing',
    ],
  },
  {
    name: 'Blue Ridge Fire Protection Co.',
    street: '77 Pisgah Dr',
    city: 'Asheville, NC 28806',
    phone: '828-555-0149',
    taxRate: 0,
    scope: [
      'Design & Submittals',
      'Underground Fire Main',
      'Riser & Valves',
      'Branch Piping - Level 1',
      'Branch Piping - Level 2',
      'Heads & Trim',
      'Testing & Certification',
    ],
  },
];

interface WorkRow {
  description: string;
  scheduled: number;
  previous: number;
  current: number;
}

function schedule(random: Random, scope: string[]): WorkRow[] {
  return scope.slice(0, random.int(4, scope.length)).map((description) => {
    const scheduled = random.int(12, 240) * 250;
    const before = random.pick([0, 0.1, 0.25, 0.4, 0.6]);
    const now = random.pick([0.05, 0.1, 0.15, 0.25, 0.3]);
    const previous = cents(scheduled * before);
    return { description, scheduled, previous, current: cents(scheduled * Math.min(now, 1 - before)) };
  });
}

const COLUMNS: Column[] = [
  { key: 'number', header: 'Item', x: 44, align: 'left' },
  { key: 'description', header: 'Description of Work', x: 72, align: 'left', wrap: 140 },
  { key: 'scheduled', header: 'Scheduled Value', x: 284, align: 'right' },
  { key: 'previous', header: 'Previous', x: 344, align: 'right' },
  { key: 'current', header: 'This Period', x: 404, align: 'right' },
  { key: 'completed', header: 'Completed', x: 466, align: 'right' },
  { key: 'percent', header: '%', x: 496, align: 'right' },
  { key: 'balance', header: 'Balance', x: 568, align: 'right' },
];

function drawSchedule(pen: Pen, rows: WorkRow[]): number {
  const look: TableLook = { left: 40, right: 572, size: 8.5, leading: 14, headerFill: SHADE, headerRules: true, rowRules: true };
  const start = 200;
  let top = drawHeader(pen, COLUMNS, start, look);
  rows.forEach((row, i) => {
    const completed = cents(row.previous + row.current);
    const cells = {
      number: String(i + 1),
      description: row.description,
      scheduled: money(row.scheduled),
      previous: money(row.previous),
      current: money(row.current),
      completed: money(completed),
      percent: `${Math.round((completed / row.scheduled) * 100)}%`,
      balance: money(row.scheduled - completed),
    };
    top = drawRow(pen, COLUMNS, top, cells, look);
  });
  const sum = (pick: (row: WorkRow) => number) => money(total(rows.map(pick)));
  const totals = {
    description: 'TOTALS',
    scheduled: sum((row) => row.scheduled),
    previous: sum((row) => row.previous),
    current: sum((row) => row.current),
    completed: sum((row) => row.previous + row.current),
  };
  pen.text(totals.description, 72, top + 2, { size: 8.5, bold: true });
  for (const key of ['scheduled', 'previous', 'current', 'completed'] as const)
    pen.text(totals[key], COLUMNS.find((c) => c.key === key)!.x, top + 2, { size: 8.5, bold: true, align: 'right' });
  pen.box(40, start, 532, top + 16 - start, { stroke: INK });
  return top + 16;
}

function drawHeading(pen: Pen, vendor: Subcontractor, sale: Deal, facts: Array<[string, string]>): void {
  pen.text(vendor.name, 40, 36, { size: 16, bold: true });
  pen.text(`${vendor.street}, ${vendor.city}   ${vendor.phone}`, 40, 56, { size: 9 });
  pen.text('PROGRESS BILLING', 572, 36, { size: 14, bold: true, align: 'right' });
  pen.rule(40, 572, 72, 1);
  pen.text('To:', 40, 84, { size: 9, bold: true });
  pen.lines([sale.buyer.name, sale.buyer.street, sale.buyer.city], 62, 84, { size: 10 });
  pen.text('Project:', 40, 136, { size: 9, bold: true });
  pen.lines([sale.project.name, sale.project.street, sale.project.city], 84, 136, { size: 10 });
  facts.forEach(([label, value], i) => {
    pen.text(label, 360, 84 + i * 14, { size: 9.5, bold: true });
    pen.text(value, 572, 84 + i * 14, { size: 10, align: 'right' });
  });
}

async function draw(doc: PDFDocument, random: Random): Promise<Truth> {
  const pen = Pen.add(doc, await loadFonts(doc, 'times'));
  const vendor = random.pick(SUBCONTRACTORS);
  const sale = deal(random, vendor.city);
  const application = random.int(2, 12);
  const number = `${vendor.name.slice(0, 3).toUpperCase()}-${sale.job.replace(/[^0-9]/g, '').slice(0, 4)}-${String(application).padStart(2, '0')}`;
  const rate = random.pick([5, 10]);
  const style = random.pick(['mm/dd/yyyy', 'month d, yyyy'] as const);
  const periodEnd = addDays(sale.date, -random.int(0, 5));
  const facts: Array<[string, string]> = [
    [random.pick(['Invoice No.:', 'Invoice Number:']), number],
    ['Invoice Date:', date(sale.date, style)],
    ['Application No.:', String(application)],
    ['Period Ending:', date(periodEnd, style)],
    ['Project No.:', sale.job],
    ['Subcontract No.:', sale.po],
  ];
  drawHeading(pen, vendor, sale, facts);
  const rows = schedule(random, vendor.scope);
  const bottom = drawSchedule(pen, rows);

  const completed = total(rows.map((row) => row.previous + row.current));
  const previous = total(rows.map((row) => row.previous));
  const retainage = cents((completed * rate) / 100);
  const previousNet = cents(previous - cents((previous * rate) / 100));
  const due = cents(completed - retainage - previousNet);
  const summary: Array<[string, string]> = [
    ['Total Contract Amount', money(total(rows.map((row) => row.scheduled)))],
    ['Total Completed to Date', money(completed)],
    [`Less Retainage (${rate}%)`, money(-retainage, { negative: 'parens' })],
    ['Total Earned Less Retainage', money(completed - retainage)],
    ['Less Previous Billings', money(-previousNet, { negative: 'parens' })],
    [random.pick(['AMOUNT DUE THIS PERIOD', 'Net Amount Due This Period']), money(due, { dollar: true })],
  ];
  summary.forEach(([label, value], i) => {
    const bold = i === summary.length - 1;
    if (bold) pen.rule(330, 572, bottom + 14 + i * 15 - 3, 0.8);
    pen.text(label, 330, bottom + 14 + i * 15, { size: 10, bold });
    pen.text(value, 568, bottom + 14 + i * 15, { size: 10, bold, align: 'right' });
  });
  pen.text(`Retainage held to date: ${money(retainage, { dollar: true })}`, 40, bottom + 14, { size: 9, color: GREY });
  pen.text('Payment due per subcontract terms.', 40, bottom + 28, { size: 9, color: GREY });
  pen.text('Certified by: ______________________________   Date: ____________', 40, 700, { size: 9 });
  pen.text('Lien waiver for the previous payment is attached.', 40, 716, { size: 8, color: GREY });

  return {
    vendor: vendor.name,
    invoice_number: number,
    invoice_date: sale.date,
    due_date: null,
    total_amount: due,
    amount_due: due,
    tax_amount: null,
    currency: 'USD',
    reference: sale.po,
    job_number: sale.job,
    line_items: rows.map((row) => item(row.description, null, null, row.current)),
    layout: 'progress',
    pages: 1,
  };
}

export const progress: Layout = { name: 'progress', draw };
