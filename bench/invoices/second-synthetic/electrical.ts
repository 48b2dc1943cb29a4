/**
 * Electrical distributor: Bill To and Ship To blocks at the top with the buyer's name in large
 * bold type, the distributor's own name small at the top right, catalog numbers, ordered /
 * shipped / back-ordered quantities, prices per E (each), C (100) or M (1000), and section rows
 * ("LIGHTING", "WIRE & CABLE") inside the table that are headings, not items.
 */
import type { PDFDocument } from 'pdf-lib';
import { addDays, cents, date, money, price, quantity } from './format';
import { type Deal, type Vendor, deal } from './parties';
import { GREY, INK, PALE, Pen, SHADE, loadFonts } from './pen';
import type { Random } from './random';
import { type Column, type TableLook, drawHeader, drawRow, drawSection } from './table';
import { type Layout, type Truth, type TruthItem, item, salesTax, total, saleTruth } from './truth';

const VENDORS: Vendor[] = [
  { name: 'Benton Electric Supply Co.', street: '415 Haywood Rd', city: 'Greenville, SC 29607', phone: '864-555-0110', taxRate: 6 },
  { name: 'Crescent Wire & Lighting', street: '2250 Chapman Hwy', city: 'Knoxville, TN 37920', phone: '865-555-0172', taxRate: 9.25 },
  { name: 'Midstate Electrical Wholesale', street: '90 Southbridge St', city: 'Auburn, MA 01501', phone: '508-555-0155', taxRate: 6.25 },
];

/** Catalog number, description, price, per (E/C/M), and how many are usually shipped. */
type Product = [string, string, number, 'E' | 'C' | 'M', number[]];

const SECTIONS: Array<[string, Product[]]> = [
  [
    'LIGHTING',
    [
      ['CPX24-35K-ALO', '2x4 LED Flat Panel 3500K 0-10V', 118, 'E', [6, 12, 24, 36]],
      ['RL56-WH-9', '6 in LED Retrofit Downlight 900 lm', 24.75, 'E', [12, 24, 48]],
      ['ELM2-LED-SD', 'LED Emergency Light Self Diagnostic', 46.3, 'E', [2, 4, 8]],
      ['EXR-LED-RW', 'Exit Sign LED Red Univ Mount', 38.9, 'E', [2, 4, 6]],
    ],
  ],
  [
    'WIRE & CABLE',
    [
      ['THHN12STR-BK', '#12 THHN Stranded Black 500 ft', 168.5, 'M', [1000, 2500, 5000]],
      ['THHN10STR-WH', '#10 THHN Stranded White 500 ft', 261.4, 'M', [500, 1000, 2000]],
      ['MC122-AL', '12/2 MC Cable Aluminum Armor 250 ft', 795, 'M', [250, 1000, 1500]],
    ],
  ],
  [
    'DEVICES & BOXES',
    [
      ['5362-W', '20A Spec Grade Duplex Receptacle White', 3.42, 'E', [20, 50, 100]],
      ['RACO-232', '4 in Square Box 2-1/8 in Deep', 350, 'C', [50, 100, 200]],
      ['GFNT2-W', '20A GFCI Receptacle Tamper Resistant', 19.85, 'E', [6, 12, 24]],
    ],
  ],
  [
    'CONDUIT & FITTINGS',
    [
      ['EMT-34', '3/4 in EMT Conduit 10 ft', 92.4, 'C', [300, 500, 1000]],
      ['EMT34-SSC', '3/4 in EMT Set Screw Coupling', 38.2, 'C', [50, 100, 200]],
      ['EMT34-SSCN', '3/4 in EMT Set Screw Connector', 41.75, 'C', [50, 100, 200]],
      ['STR-34-1H', '3/4 in One Hole Strap', 12.6, 'C', [100, 200]],
    ],
  ],
];

const PER: Record<'E' | 'C' | 'M', number> = { E: 1, C: 100, M: 1000 };

interface Line {
  catalog: string;
  description: string;
  ordered: number;
  shipped: number;
  price: number;
  per: 'E' | 'C' | 'M';
  amount: number;
}

function order(random: Random): Array<[string, Line[]]> {
  return random.some(SECTIONS, random.int(2, 4)).map(([heading, products]) => {
    const lines = random.some(products, random.int(1, products.length)).map(([catalog, description, unitPrice, per, counts]) => {
      const shipped = random.pick(counts);
      const ordered = random.chance(0.2) ? shipped + random.pick(counts) : shipped;
      return { catalog, description, ordered, shipped, price: unitPrice, per, amount: cents((shipped * unitPrice) / PER[per]) };
    });
    return [heading, lines];
  });
}

function drawTop(pen: Pen, vendor: Vendor, sale: Deal, corner: 'left' | 'right'): void {
  const x = corner === 'right' ? 572 : 40;
  pen.text(vendor.name, x, 30, { size: 10, bold: true, align: corner });
  pen.text(`${vendor.street}, ${vendor.city}  Tel ${vendor.phone}`, x, 43, { size: 7, color: GREY, align: corner });
  pen.text('INVOICE', corner === 'right' ? 40 : 572, 30, { size: 20, bold: true, align: corner === 'right' ? 'left' : 'right' });
  const block = (label: string, x: number, name: string, rest: string[]) => {
    pen.text(label, x, 68, { size: 8, bold: true, color: GREY });
    pen.text(name, x, 80, { size: 13, bold: true });
    pen.lines(rest, x, 98, { size: 9 });
  };
  block('BILL TO', 40, sale.buyer.name, [sale.buyer.street, sale.buyer.city]);
  block('SHIP TO', 320, sale.buyer.name, [`Job: ${sale.project.name}`, sale.project.street, sale.project.city]);
}

/** Two rows of ruled cells, label over value. */
function drawGrid(pen: Pen, rows: Array<Array<[string, string]>>): void {
  rows.forEach((cells, r) => {
    const top = 150 + r * 30;
    const width = 532 / cells.length;
    cells.forEach(([label, value], i) => {
      pen.box(40 + i * width, top, width, 30, { stroke: INK });
      pen.text(label, 44 + i * width, top + 3, { size: 6.5, bold: true, color: GREY });
      pen.text(value, 44 + i * width, top + 15, { size: 9 });
    });
  });
}

const COLUMNS: Column[] = [
  { key: 'line', header: 'LN', x: 42, align: 'left' },
  { key: 'catalog', header: 'CATALOG NUMBER', x: 60, align: 'left' },
  { key: 'description', header: 'DESCRIPTION', x: 146, align: 'left', wrap: 168 },
  { key: 'ordered', header: 'ORDER', x: 352, align: 'right' },
  { key: 'shipped', header: 'SHIP', x: 388, align: 'right' },
  { key: 'back', header: 'B/O', x: 418, align: 'right' },
  { key: 'price', header: 'PRICE', x: 470, align: 'right' },
  { key: 'per', header: 'UM', x: 482, align: 'left' },
  { key: 'amount', header: 'EXTENSION', x: 570, align: 'right' },
];

function drawLines(pen: Pen, sections: Array<[string, Line[]]>, shaded: boolean): number {
  const look: TableLook = { left: 40, right: 572, size: 8, leading: 12, headerFill: SHADE, zebra: shaded ? PALE : undefined };
  let top = drawHeader(pen, COLUMNS, 220, look);
  let number = 0;
  for (const [heading, lines] of sections) {
    top = drawSection(pen, heading, 60, top + 3, look, false) + 1;
    lines.forEach((line, i) => {
      number++;
      const cells = {
        line: String(number),
        catalog: line.catalog,
        description: line.description,
        ordered: quantity(line.ordered),
        shipped: quantity(line.shipped),
        back: line.ordered > line.shipped ? quantity(line.ordered - line.shipped) : '',
        price: price(line.price, line.per === 'E' ? 2 : 3),
        per: line.per,
        amount: money(line.amount),
      };
      top = drawRow(pen, COLUMNS, top, cells, look, i);
    });
  }
  pen.rule(40, 572, top + 2, 0.8);
  return top + 2;
}

async function draw(doc: PDFDocument, random: Random): Promise<Truth> {
  const pen = Pen.add(doc, await loadFonts(doc, 'helvetica'));
  const vendor = random.pick(VENDORS);
  const sale = deal(random, vendor.city);
  const number = `S${random.int(104000000, 104999999)}.${String(random.int(1, 3)).padStart(3, '0')}`;
  const dueDate = random.chance(0.5) ? addDays(sale.date, 30) : null;
  const printJob = random.chance(0.5);
  const style = random.pick(['mm/dd/yyyy', 'm/d/yy'] as const);
  drawTop(pen, vendor, sale, random.pick(['left', 'right'] as const));
  const second: Array<[string, string]> = [
    ['CUSTOMER P.O. NUMBER', sale.po],
    ['JOB NAME', sale.project.name.slice(0, 24)],
  ];
  if (printJob) second.push(['JOB #', sale.job]);
  second.push(['TERMS', dueDate ? 'NET 30 DAYS' : '2% 10TH PROX NET 30']);
  drawGrid(pen, [
    [
      ['INVOICE DATE', date(sale.date, style)],
      ['INVOICE NUMBER', number],
      ['CUSTOMER NUMBER', sale.account],
      dueDate ? ['DUE DATE', date(dueDate, style)] : ['SHIP DATE', date(addDays(sale.date, -1), style)],
      ['SHIP VIA', random.pick(['OUR TRUCK', 'WILL CALL', 'UPS GROUND'])],
    ],
    second,
  ]);
  const sections = order(random);
  const bottom = drawLines(pen, sections, random.chance(0.5));
  const lines = sections.flatMap(([, list]) => list);
  const subtotal = total(lines.map((line) => line.amount));
  const freight = random.chance(0.35) ? random.pick([18.5, 35, 42.75]) : 0;
  const tax = salesTax(subtotal, vendor.taxRate);
  const grand = total([subtotal, freight, tax]);
  const rows: Array<[string, string]> = [['SUBTOTAL', money(subtotal)]];
  if (freight) rows.push(['FREIGHT', money(freight)]);
  rows.push([`SALES TAX ${vendor.taxRate}%`, money(tax)], ['TOTAL', money(grand, { dollar: true })]);
  rows.forEach(([label, value], i) => {
    const bold = i === rows.length - 1;
    pen.text(label, 482, bottom + 8 + i * 13, { size: 8.5, bold, align: 'right' });
    pen.text(value, 570, bottom + 8 + i * 13, { size: 8.5, bold, align: 'right' });
  });
  pen.text('Prices per E = each, C = per 100, M = per 1000. Back-ordered items ship and bill separately.', 40, bottom + 10, { size: 7, color: GREY });
  pen.text('Claims for shortage must be made within 5 days of receipt.', 40, bottom + 20, { size: 7, color: GREY });

  const items: TruthItem[] = lines.map((line) => item(line.description, line.shipped, line.price, line.amount));
  return saleTruth({ vendor, number, sale, dueDate, grand, tax, printJob, lineItems: items, layout: 'electrical', pages: 1 });
}

export const electrical: Layout = { name: 'electrical', draw };
