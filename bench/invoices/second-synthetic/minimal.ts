/**
 * A small trade contractor's one-line invoice, typed up in a word processor: one lump sum,
 * "Amount Due", and the same amount again in a sentence of the body text.
 */
import type { PDFDocument } from 'pdf-lib';
import { date, money } from './format';
import { type Vendor, deal } from './parties';
import { GREY, Pen, loadFonts } from './pen';
import type { Random } from './random';
import { type Layout, type Truth, item } from './truth';

interface Tradesman extends Vendor {
  owner: string;
  email: string;
  work: string[];
}

const VENDORS: Tradesman[] = [
  {
    name: 'Ortega Concrete Cutting',
    owner: 'Luis Ortega',
    street: '212 Walnut St',
    city: 'Cary, NC 27511',
    phone: '(919) 555-0174',
    email: 'ortegacutting@example.com',
    taxRate: 0,
    work: ['Core drilling, six 4 in holes through elevated slab at 4th floor mechanical room', 'Saw cut and remove slab for plumbing trench, 42 LF'],
  },
  {
    name: 'Dunleavy Painting LLC',
    owner: 'Mike Dunleavy',
    street: '9 Elm Ct',
    city: 'Holden, MA 01520',
    phone: '(508) 555-0137',
    email: 'mike@dunleavypainting.example',
    taxRate: 0,
    work: ['Touch-up painting of corridors and stairwells after punch walk', 'Paint exposed deck and joists in gym, one coat dryfall'],
  },
  {
    name: 'Sorensen Caulking & Sealants',
    owner: 'Erik Sorensen',
    street: '1507 N 15th St',
    city: 'Boise, ID 83702',
    phone: '(208) 555-0121',
    email: 'office@sorensenseal.example',
    taxRate: 0,
    work: ['Exterior window perimeter sealant, east elevation', 'Firestop sealant at rated wall penetrations, Level 1'],
  },
  {
    name: 'Precise Layout Services',
    owner: 'Dana Whitfield',
    street: '320 S Main St',
    city: 'Derby, KS 67037',
    phone: '(316) 555-0103',
    email: 'dana@preciselayout.example',
    taxRate: 0,
    work: ['Building layout of gridlines and elevations, Level 2 deck', 'Anchor bolt layout and as-built survey, Building C'],
  },
];

async function draw(doc: PDFDocument, random: Random): Promise<Truth> {
  const pen = Pen.add(doc, await loadFonts(doc, random.pick(['times', 'helvetica'] as const)));
  const vendor = random.pick(VENDORS);
  const sale = deal(random, vendor.city);
  const number = String(random.int(1001, 1399));
  const work = random.pick(vendor.work);
  const amount = random.int(8, 90) * random.pick([25, 50]);
  const printJob = random.chance(0.5);
  const printPo = random.chance(0.4);
  const due = money(amount, { dollar: true });

  pen.text(vendor.name, 72, 60, { size: 16, bold: true });
  pen.lines([vendor.street, vendor.city, vendor.phone, vendor.email], 72, 82, { size: 10 });
  pen.text('INVOICE', 540, 60, { size: 22, bold: true, align: 'right' });
  pen.text(`${random.pick(['Invoice Number:', 'Invoice No.', 'Invoice #'])} ${number}`, 540, 90, { size: 10, align: 'right' });
  pen.text(`Date: ${date(sale.date, 'month d, yyyy')}`, 540, 104, { size: 10, align: 'right' });

  let top = pen.text('Bill To:', 72, 160, { size: 10, bold: true });
  top = pen.lines([sale.buyer.name, sale.buyer.street, sale.buyer.city], 72, top, { size: 10 }) + 10;
  top = pen.text(printJob ? `Job: ${sale.job} - ${sale.project.name}` : `Project: ${sale.project.name}`, 72, top, { size: 10 });
  if (printPo) top = pen.text(`PO: ${sale.po}`, 72, top, { size: 10 });
  top += 24;

  if (random.chance(0.6)) {
    pen.rule(72, 540, top, 0.8);
    pen.text('Description', 76, top + 4, { size: 10, bold: true });
    pen.text('Amount', 536, top + 4, { size: 10, bold: true, align: 'right' });
    pen.rule(72, 540, top + 18, 0.5);
    const lines = pen.wrap(work, 360, { size: 10 });
    pen.lines(lines, 76, top + 24, { size: 10 });
    pen.text(money(amount), 536, top + 24, { size: 10, align: 'right' });
    top += 30 + lines.length * 13;
    pen.rule(72, 540, top, 0.5);
  } else {
    pen.text(`For: ${work}`, 72, top, { size: 10 });
    pen.text(money(amount), 540, top, { size: 10, align: 'right' });
  }
  top += 20;
  pen.text('Amount Due:', 400, top, { size: 12, bold: true, align: 'right' });
  pen.text(due, 540, top, { size: 12, bold: true, align: 'right' });
  top += 44;
  const body = `Payment of ${due} is due within 30 days of the invoice date. Please make checks payable to ${vendor.name}. Thank you for the work!`;
  top = pen.lines(pen.wrap(body, 468, { size: 10 }), 72, top, { size: 10 }) + 24;
  pen.text(vendor.owner, 72, top, { size: 10 });
  pen.text('Labor only - no materials furnished. Not subject to sales tax.', 72, 720, { size: 8, color: GREY });

  return {
    vendor: vendor.name,
    invoice_number: number,
    invoice_date: sale.date,
    due_date: null,
    total_amount: amount,
    amount_due: amount,
    tax_amount: null,
    currency: 'USD',
    reference: printPo ? sale.po : null,
    job_number: printJob ? sale.job : null,
    line_items: [item(work, null, null, amount)],
    layout: 'minimal',
    pages: 1,
  };
}

export const minimal: Layout = { name: 'minimal', draw };
