/**
 * Electric or water bill for a job-site trailer: account number (a bill number only sometimes),
 * service period, meter readings, an account summary with previous balance and payment, charge
 * rows, one tax row on electric bills, the amount due in a box apart from its label, a due date
 * under `Pay by` / `Please pay by`, or an AutoPay draft date (not a due date), and a remittance stub.
 */
import { Day, type DatePattern, US_DOLLARS, extend, formatMoney, formatNumber, formatRate, percentOf, dollars } from './format';
import { type Issuer, drawLetterhead } from './letterhead';
import { CONTRACTORS, JOB_SITES, phone } from './parties';
import type { Random } from './random';
import { Document, GREY, LIGHT, type Sheet } from './sheet';
import { type Generated, type Row, centsOf, truthItems } from './truth';

const ELECTRIC: Array<Omit<Issuer, 'phone'>> = [
  { name: 'Tri-County Electric Cooperative', brand: 'TRI-COUNTY', street: 'PO Box 1120', city: 'Hermiston, OR 97838' },
  { name: 'Summit Power & Light Company', brand: 'SUMMIT', street: '800 Powerhouse Rd', city: 'Harrisburg, PA 17110' },
  { name: 'Prairie Valley Energy', brand: 'PVE', street: '41 Substation Ave', city: 'Salina, KS 67401' },
];
const WATER: Array<Omit<Issuer, 'phone'>> = [
  { name: 'Valley Municipal Water District', brand: 'VMWD', street: '1500 Reservoir Dr', city: 'Nampa, ID 83686' },
  { name: 'City of Riverside Utilities', brand: 'RIVERSIDE', street: '3900 Main St, 1st Floor', city: 'Riverside, TN 37920' },
  { name: 'Clearwater Public Utility District', brand: 'CLEARWATER PUD', street: '12 Pumphouse Ln', city: 'Lewiston, ID 83501' },
];

interface Bill {
  kind: 'electric' | 'water';
  issuer: Issuer;
  account: string;
  billNumber: string | null;
  billDate: Day;
  due: Day | null;
  autopay: Day | null;
  start: Day;
  end: Day;
  readings: { meter: string; previous: number; current: number; unit: string };
  rows: Row[];
  tax: { label: string; cents: number } | null;
  previousBalance: number;
  payment: number;
  columns: boolean;
  dates: DatePattern;
  labels: { account: string; date: string; number: string; due: string; amount: string };
}

function chargeRows(random: Random, kind: Bill['kind'], usage: number): Row[] {
  const metered = (description: string, rate: number): Row => ({ description, quantity: usage, unitPrice: rate, cents: extend(usage, rate) });
  const fixed = (description: string, cents: number): Row => ({ description, quantity: null, unitPrice: null, cents });
  if (kind === 'water') {
    return [
      fixed(random.pick(['Base Service Charge', 'Water Base Charge (1" Meter)', 'Monthly Service Fee']), random.cents(18, 42)),
      metered(random.pick(['Water Usage', 'Water Consumption Charge']), random.int(3100, 5400) / 1000),
      metered(random.pick(['Sewer Usage', 'Wastewater Volume Charge']), random.int(4200, 7800) / 1000),
      fixed(random.pick(['Stormwater Fee', 'Storm Drainage Utility Fee']), random.cents(6, 19)),
    ];
  }
  const rows = [
    fixed(random.pick(['Customer Charge', 'Basic Service Charge', 'Monthly Facilities Charge']), random.cents(14, 45)),
    metered(random.pick(['Energy Charge', 'Electric Supply', 'Generation Service']), random.int(6200, 11400) / 100000),
    metered(random.pick(['Delivery Charge', 'Distribution Service', 'Transmission & Delivery']), random.int(2800, 5200) / 100000),
  ];
  if (random.chance(0.5)) rows.push(metered(random.pick(['Fuel Cost Adjustment', 'Power Cost Recovery']), random.int(400, 1800) / 100000));
  rows.push(fixed(random.pick(['Franchise Fee', 'Regulatory Assessment', 'Energy Efficiency Program Charge']), random.cents(1.5, 9)));
  return rows;
}

function planBill(random: Random): Bill {
  const kind = random.chance(0.6) ? 'electric' : 'water';
  const issuer = { ...random.pick(kind === 'electric' ? ELECTRIC : WATER), phone: phone(random) };
  const end = Day.of(2026, random.int(1, 12), random.int(1, 26));
  const billDate = end.plus(random.int(2, 6));
  const usage = kind === 'electric' ? random.int(640, 4200) : random.int(6, 48);
  const rows = chargeRows(random, kind, usage);
  const taxRate = random.pick([4, 5, 6, 6.25, 7]);
  const tax =
    kind === 'electric' && random.chance(0.8)
      ? { label: random.pick(['Sales Tax', 'State Sales Tax', 'Utility Users Tax']), cents: percentOf(centsOf(rows), taxRate) }
      : null;
  const previous = random.int(6000, 60000);
  const autopay = random.chance(0.2) ? billDate.plus(random.int(14, 20)) : null;
  const previousReading = random.int(10000, 88000);
  return {
    kind,
    issuer,
    account: random.pick([
      `${random.digits(4)}-${random.digits(5)}-${random.digits(2)}`,
      random.digits(10),
      `${random.digits(3)} ${random.digits(3)} ${random.digits(4)}`,
    ]),
    billNumber: random.chance(0.45) ? random.pick([`${random.digits(9)}`, `B${random.digits(8)}`, `2026-${random.digits(6)}`]) : null,
    billDate,
    due: autopay ? null : billDate.plus(random.pick([15, 20, 21, 25])),
    autopay,
    start: end.plus(-random.int(28, 33)),
    end,
    readings: { meter: random.digits(8), previous: previousReading, current: previousReading + usage, unit: kind === 'electric' ? 'kWh' : 'CCF' },
    rows,
    tax: tax ? { label: `${tax.label} ${taxRate}%`, cents: tax.cents } : null,
    previousBalance: previous,
    payment: random.chance(0.8) ? -previous : -random.int(0, previous - 1),
    columns: random.chance(0.55),
    dates: random.pick(['MM/DD/YYYY', 'M/D/YY', 'MMM D, YYYY', 'MM/DD/YYYY']),
    labels: {
      account: random.pick(['Account Number', 'Account No.', 'Account #']),
      date: random.pick(['Bill Date', 'Statement Date', 'Date Issued', 'Billing Date']),
      number: random.pick(['Bill Number', 'Invoice Number', 'Statement No.']),
      due: random.pick(['Pay by', 'Please pay by', 'Payment Due By', 'Pay By', 'Due Date']),
      amount: random.pick(['Amount Due', 'Total Amount Due', 'Please Pay', 'Total Due']),
    },
  };
}

/** Without usage columns the usage and rate are printed in the description cell, which the truth keeps. */
function printedRow(bill: Bill, row: Row): Row {
  if (bill.columns || row.quantity === null) return row;
  const rate = formatRate(row.unitPrice ?? 0, bill.kind === 'electric' ? 5 : 3, US_DOLLARS);
  const description = `${row.description} ${formatNumber(row.quantity, 0, ',', '.')} ${bill.readings.unit} @ $${rate}`;
  return { description, quantity: null, unitPrice: null, cents: row.cents };
}

const currentCents = (bill: Bill) => centsOf(bill.rows) + (bill.tax?.cents ?? 0);
const dueCents = (bill: Bill) => bill.previousBalance + bill.payment + currentCents(bill);

function drawHeader(sheet: Sheet, random: Random, bill: Bill, customer: string, site: (typeof JOB_SITES)[number]): number {
  const after = drawLetterhead(sheet, random, bill.issuer, 40, 52, random.pick(['initials', 'wordmark', 'name'] as const));
  const fields: Array<[string, string]> = [
    [bill.labels.account, bill.account],
    [bill.labels.date, bill.billDate.format(bill.dates)],
  ];
  if (bill.billNumber) fields.push([bill.labels.number, bill.billNumber]);
  fields.push(['Service Period', `${bill.start.format(bill.dates)} - ${bill.end.format(bill.dates)}`]);
  let top = 44;
  for (const [label, value] of fields) {
    sheet.text(label, 360, top, { size: 8, color: GREY });
    sheet.text(value, 572, top, { size: 9, bold: true, align: 'right' });
    top += 14;
  }
  top = Math.max(after, top) + 14;
  sheet.text('Customer', 40, top, { size: 8, color: GREY });
  sheet.text(customer.toUpperCase(), 40, top + 12, { size: 10, bold: true });
  sheet.text('Service Address', 300, top, { size: 8, color: GREY });
  sheet.text(site.address, 300, top + 12, { size: 9 });
  sheet.text(site.city, 300, top + 23, { size: 9 });
  return top + 44;
}

/** The amount due: label in a shaded strip, figure in its own box beside or below it. */
function drawAmountBox(sheet: Sheet, random: Random, bill: Bill, top: number): number {
  const amount = formatMoney(dueCents(bill), US_DOLLARS, { symbol: true });
  const beside = random.chance(0.5);
  sheet.box(40, top, 250, 20, { fill: LIGHT });
  sheet.text(bill.labels.amount, 48, top + 14, { size: 10, bold: true });
  if (beside) {
    sheet.box(320, top - 4, 150, 28, { stroke: GREY, thickness: 1.2 });
    sheet.text(amount, 460, top + 16, { size: 16, bold: true, align: 'right' });
  } else {
    sheet.box(40, top + 26, 250, 30, { stroke: GREY, thickness: 1.2 });
    sheet.text(amount, 280, top + 47, { size: 16, bold: true, align: 'right' });
  }
  const dueTop = beside ? top + 44 : top + 76;
  if (bill.due) {
    sheet.text(bill.labels.due, 48, dueTop, { size: 8, color: GREY });
    sheet.text(bill.due.format(bill.dates), 48, dueTop + 13, { size: 11, bold: true });
  } else if (bill.autopay) {
    const line = `AutoPay: this amount will be drafted from your bank account on ${bill.autopay.format(bill.dates)}. Do not pay.`;
    sheet.text(line, 48, dueTop + 6, { size: 8.5, italic: true });
  }
  return dueTop + 32;
}

function drawMeters(sheet: Sheet, bill: Bill, top: number): number {
  const heads = ['Meter Number', 'Previous Read', 'Current Read', 'Usage'];
  const xs = [40, 230, 340, 470];
  heads.forEach((head, i) => sheet.text(head, xs[i], top, { size: 8, bold: true }));
  sheet.rule(40, 572, top + 4, 0.5, GREY);
  const { meter, previous, current, unit } = bill.readings;
  const values = [
    meter,
    `${formatNumber(previous, 0, ',', '.')} A`,
    `${formatNumber(current, 0, ',', '.')} A`,
    `${formatNumber(current - previous, 0, ',', '.')} ${unit}`,
  ];
  values.forEach((value, i) => sheet.text(value, xs[i], top + 16, { size: 9 }));
  return top + 38;
}

function drawSummary(sheet: Sheet, bill: Bill, x: number, top: number, width: number): number {
  sheet.text('Account Summary', x, top, { size: 10, bold: true });
  const lines: Array<[string, number]> = [
    ['Previous Balance', bill.previousBalance],
    [`Payment Received - Thank You`, bill.payment],
    ['Balance Forward', bill.previousBalance + bill.payment],
    ['Current Charges', currentCents(bill)],
  ];
  let y = top + 15;
  for (const [label, cents] of lines) {
    sheet.text(label, x, y, { size: 9 });
    sheet.text(formatMoney(cents, US_DOLLARS), x + width, y, { size: 9, align: 'right' });
    y += 13;
  }
  sheet.rule(x, x + width, y - 8, 0.5);
  sheet.text(bill.labels.amount, x, y + 4, { size: 9, bold: true });
  sheet.text(formatMoney(dueCents(bill), US_DOLLARS, { symbol: true }), x + width, y + 4, { size: 9, bold: true, align: 'right' });
  return y + 24;
}

function drawCharges(sheet: Sheet, bill: Bill, top: number): number {
  const heading = bill.kind === 'electric' ? 'ELECTRIC SERVICE - Rate GS-1 General Service' : 'WATER & SEWER SERVICE - Commercial';
  sheet.text(heading, 40, top, { size: 9.5, bold: true });
  let y = top + 16;
  if (bill.columns) {
    ['Usage', 'Rate', 'Amount'].forEach((head, i) => sheet.text(head, [380, 470, 572][i], y, { size: 8, bold: true, align: 'right' }));
    y += 13;
  }
  for (const row of bill.rows) {
    sheet.text(printedRow(bill, row).description, 52, y, { size: 9 });
    if (bill.columns && row.quantity !== null) {
      sheet.text(`${formatNumber(row.quantity, 0, ',', '.')} ${bill.readings.unit}`, 380, y, { size: 9, align: 'right' });
      sheet.text(formatRate(row.unitPrice ?? 0, bill.kind === 'electric' ? 5 : 3, US_DOLLARS), 470, y, { size: 9, align: 'right' });
    }
    sheet.text(formatMoney(row.cents, US_DOLLARS), 572, y, { size: 9, align: 'right' });
    y += 13;
  }
  if (bill.tax) {
    y += 4;
    sheet.text('Taxes', 40, y, { size: 9.5, bold: true });
    sheet.text(bill.tax.label, 52, y + 14, { size: 9 });
    sheet.text(formatMoney(bill.tax.cents, US_DOLLARS), 572, y + 14, { size: 9, align: 'right' });
    y += 28;
  }
  sheet.rule(400, 572, y - 6, 0.5);
  sheet.text('Total Current Charges', 400, y + 6, { size: 9, bold: true });
  sheet.text(formatMoney(currentCents(bill), US_DOLLARS, { symbol: true }), 572, y + 6, { size: 9, bold: true, align: 'right' });
  return y + 30;
}

function drawStub(sheet: Sheet, bill: Bill, customer: string): void {
  const top = 650;
  sheet.rule(30, 582, top, 0.5, GREY);
  sheet.text('Please detach and return this portion with your payment.', 306, top + 12, { size: 7.5, italic: true, align: 'center' });
  sheet.text(bill.labels.account, 40, top + 32, { size: 8, color: GREY });
  sheet.text(bill.account, 40, top + 44, { size: 10, bold: true });
  sheet.text(bill.labels.amount, 220, top + 32, { size: 8, color: GREY });
  sheet.text(formatMoney(dueCents(bill), US_DOLLARS, { symbol: true }), 220, top + 44, { size: 10, bold: true });
  sheet.text('Amount Enclosed  $ ____________', 400, top + 44, { size: 9 });
  sheet.text(customer.toUpperCase(), 40, top + 72, { size: 9 });
  sheet.text(`Make checks payable to ${bill.issuer.name}`, 330, top + 72, { size: 8 });
  sheet.text(bill.issuer.street, 330, top + 84, { size: 9 });
  sheet.text(bill.issuer.city, 330, top + 96, { size: 9 });
}

export async function utilityBill(random: Random): Promise<Generated> {
  const bill = planBill(random);
  const customer = random.pick(CONTRACTORS).name;
  const site = random.pick(JOB_SITES);
  const document = await Document.open(random.pick(['helvetica', 'helvetica', 'times']), 'letter', {
    title: `${bill.issuer.name} bill`,
    author: bill.issuer.name,
    created: bill.billDate.toDate(),
  });
  const sheet = document.addSheet();
  let top = drawHeader(sheet, random, bill, customer, site);
  top = drawAmountBox(sheet, random, bill, top);
  const summaryFirst = random.chance(0.5);
  if (summaryFirst) top = drawSummary(sheet, bill, 40, top, 260);
  top = drawMeters(sheet, bill, top);
  top = drawCharges(sheet, bill, top);
  if (!summaryFirst) drawSummary(sheet, bill, 300, top, 272);
  drawStub(sheet, bill, customer);
  const current = currentCents(bill);
  const due = dueCents(bill);
  return {
    document,
    truth: {
      vendor: bill.issuer.name,
      invoice_number: bill.billNumber,
      invoice_date: bill.billDate.iso(),
      due_date: bill.due?.iso() ?? null,
      total_amount: dollars(current),
      tax_amount: bill.tax ? dollars(bill.tax.cents) : null,
      currency: 'USD',
      reference: null,
      job_number: null,
      line_items: truthItems(bill.rows.map((row) => printedRow(bill, row))),
      ...(due !== current ? { amount_due: dollars(due) } : {}),
      layout: `utility-bill-${bill.kind}`,
      pages: document.pages,
      source: 'third-synthetic',
      ...(bill.autopay ? { notes: 'AutoPay draft date printed; not a due date.' } : {}),
    },
  };
}
