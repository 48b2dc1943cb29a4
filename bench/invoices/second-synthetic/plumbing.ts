/**
 * Plumbing supply house: a two-column header block (labels left, values right: Invoice #, Inv
 * Date, Terms, Due Date...), a grey-shaded ruled table, prices to 4 decimals on fittings, and
 * discounts printed as their own negative rows under the item they apply to. Discount rows are
 * not items (invoices-public convention); the item keeps its printed, undiscounted amount.
 */
import type { PDFDocument } from 'pdf-lib';
import { addDays, cents, date, money, type MoneyStyle, price } from './format';
import { type Deal, type Vendor, deal, initials } from './parties';
import { INK, PALE, Pen, SHADE, loadFonts } from './pen';
import type { Random } from './random';
import { type Column, type TableLook, drawHeader, drawRow } from './table';
import { type Layout, type Truth, type TruthItem, item, salesTax, total, saleTruth } from './truth';

const VENDORS: Vendor[] = [
  { name: 'Harbor Plumbing Supply', street: '410 Quincy Ave', city: 'Braintree, MA 02184', phone: '781-555-0109', taxRate: 6.25 },
  { name: 'Westfield Pipe & Supply Co.', street: '1150 Kildaire Farm Rd', city: 'Cary, NC 27511', phone: '919-555-0185', taxRate: 7.25 },
  { name: 'Apex Plumbing & Heating Supply', street: '7405 W Fairview Ave', city: 'Boise, ID 83704', phone: '208-555-0142', taxRate: 6 },
];

/** Item #, description, price, printed decimals, largest quantity. */
const CATALOG: Array<[string, string, number, number, number]> = [
  ['PEXA34100', 'PEX-A Tubing 3/4 in x 100 ft Coil', 84.5, 2, 6],
  ['PP34E90', 'ProPress 3/4 in 90 Elbow C x C', 7.215, 4, 60],
  ['PP1CPL', 'ProPress 1 in Coupling', 9.8875, 4, 40],
  ['CUL34X10', 'Copper Pipe Type L 3/4 in x 10 ft', 58.4, 2, 20],
  ['PVC3X10', 'PVC DWV 3 in x 10 ft Sch 40', 27.65, 2, 24],
  ['PVC3WYE', 'PVC DWV 3 in Wye', 12.9, 2, 30],
  ['MOE8799', 'Moen 8799 Commercial Lavatory Faucet', 214, 2, 8],
  ['SLO1111', 'Sloan Royal 111-1.28 Flushometer', 268.5, 2, 8],
  ['WAT34PRV', 'Watts LF25AUB-Z3 3/4 in PRV', 142.75, 2, 4],
  ['OAT31230', 'Oatey Solvent Cement 16 oz', 11.3, 2, 12],
  ['WAXHORN', 'Wax Ring with Horn', 3.95, 2, 24],
  ['CINH4', 'Cast Iron No-Hub Coupling 4 in', 16.2, 2, 40],
];

interface Row {
  cells: Record<string, string>;
  amount: number;
  truth: TruthItem | null;
}

function rows(random: Random, negative: MoneyStyle): Row[] {
  const out: Row[] = [];
  for (const [code, description, unitPrice, decimals, most] of random.some(CATALOG, random.int(4, 10))) {
    const count = random.int(1, most);
    const amount = cents(count * unitPrice);
    const cells = { code, description, quantity: String(count), unit: 'EA', price: price(unitPrice, decimals), amount: money(amount) };
    out.push({ cells, amount, truth: item(description, count, unitPrice, amount) });
    if (random.chance(0.3)) {
      const percent = random.pick([5, 10, 12]);
      const off = -cents((amount * percent) / 100);
      out.push({ cells: { description: `   Less ${percent}% Contractor Discount`, amount: money(off, negative) }, amount: off, truth: null });
    }
  }
  if (random.chance(0.35)) {
    const off = -cents(total(out.map((row) => row.amount)) * 0.02);
    out.push({ cells: { description: 'Volume Discount 2%', amount: money(off, negative) }, amount: off, truth: null });
  }
  return out;
}

function drawTop(pen: Pen, vendor: Vendor, facts: Array<[string, string]>): void {
  pen.box(40, 32, 48, 48, { stroke: INK, thickness: 2 });
  pen.text(initials(vendor.name), 64, 49, { size: 14, bold: true, align: 'center' });
  pen.text(vendor.name, 98, 34, { size: 14, bold: true });
  pen.lines([vendor.street, vendor.city, `Ph ${vendor.phone}`], 98, 52, { size: 8.5 });
  pen.text('INVOICE', 380, 32, { size: 16, bold: true });
  facts.forEach(([label, value], i) => {
    pen.text(label, 380, 54 + i * 12.5, { size: 8.5 });
    pen.text(value, 572, 54 + i * 12.5, { size: 8.5, bold: true, align: 'right' });
  });
}

function drawParties(pen: Pen, sale: Deal, top: number): void {
  pen.text('Sold To', 40, top, { size: 8.5, bold: true });
  pen.lines([sale.buyer.name, sale.buyer.street, sale.buyer.city], 40, top + 12, { size: 9 });
  pen.text('Ship To', 240, top, { size: 8.5, bold: true });
  pen.lines([sale.project.name, sale.project.street, sale.project.city], 240, top + 12, { size: 9 });
}

const COLUMNS: Column[] = [
  { key: 'code', header: 'Item #', x: 46, align: 'left' },
  { key: 'description', header: 'Description', x: 116, align: 'left', wrap: 220 },
  { key: 'quantity', header: 'Qty', x: 380, align: 'right' },
  { key: 'unit', header: 'UOM', x: 404, align: 'center' },
  { key: 'price', header: 'Unit Price', x: 486, align: 'right' },
  { key: 'amount', header: 'Amount', x: 566, align: 'right' },
];

function drawRows(pen: Pen, list: Row[], top: number): number {
  const look: TableLook = { left: 40, right: 572, size: 8.5, leading: 14, headerFill: SHADE, zebra: PALE };
  const start = top;
  let y = drawHeader(pen, COLUMNS, top, look);
  list.forEach((row, i) => (y = drawRow(pen, COLUMNS, y, row.cells, look, i)));
  pen.box(40, start, 532, y - start, { stroke: INK });
  for (const x of [110, 346, 390, 418, 496]) pen.post(x, start, y);
  return y;
}

async function draw(doc: PDFDocument, random: Random): Promise<Truth> {
  const pen = Pen.add(doc, await loadFonts(doc, 'helvetica'));
  const vendor = random.pick(VENDORS);
  const sale = deal(random, vendor.city);
  const number = `${random.int(2100000, 2199999)}${random.pick(['', '-00', '-01'])}`;
  const dueDate = random.chance(0.75) ? addDays(sale.date, 30) : null;
  const printJob = random.chance(0.5);
  const style = random.pick(['mm/dd/yyyy', 'm/d/yy'] as const);
  const facts: Array<[string, string]> = [
    ['Invoice #', number],
    ['Inv Date', date(sale.date, style)],
    ['Customer #', sale.account],
    ['PO #', sale.po],
  ];
  if (printJob) facts.push(['Job', sale.job]);
  facts.push(['Terms', 'Net 30']);
  if (dueDate) facts.push(['Due Date', date(dueDate, style)]);
  facts.push(['Salesperson', random.pick(['Inside - KB', 'Counter', 'D. Maher'])]);
  drawTop(pen, vendor, facts);
  drawParties(pen, sale, 164);
  const list = rows(random, { negative: random.pick(['minus', 'parens'] as const) });
  const bottom = drawRows(pen, list, 220);

  const subtotal = total(list.map((row) => row.amount));
  const freight = random.chance(0.4) ? random.pick([25, 40, 55.5]) : 0;
  const tax = salesTax(subtotal, vendor.taxRate);
  const grand = total([subtotal, freight, tax]);
  const summary: Array<[string, string]> = [['Subtotal', money(subtotal)]];
  if (freight) summary.push(['Freight', money(freight)]);
  summary.push([`Sales Tax ${vendor.taxRate}%`, money(tax)], [random.pick(['Invoice Total', 'Total Due', 'TOTAL']), money(grand, { dollar: true })]);
  summary.forEach(([label, value], i) => {
    const bold = i === summary.length - 1;
    pen.box(418, bottom + i * 15, 154, 15, { stroke: INK, fill: bold ? SHADE : undefined });
    pen.text(label, 424, bottom + i * 15 + 4, { size: 8.5, bold });
    pen.text(value, 566, bottom + i * 15 + 4, { size: 8.5, bold, align: 'right' });
  });
  pen.text('Returns within 30 days with receipt. Special order items are non-returnable.', 40, bottom + 10, { size: 7.5 });

  return saleTruth({
    vendor,
    number,
    sale,
    dueDate,
    grand,
    tax,
    printJob,
    lineItems: list.flatMap((row) => (row.truth ? [row.truth] : [])),
    layout: 'plumbing',
    pages: 1,
  });
}

export const plumbing: Layout = { name: 'plumbing', draw };
