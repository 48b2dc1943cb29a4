/**
 * A foreign equipment supplier's invoice in EUR, GBP or CAD: German, French or Dutch labels (or
 * English with German number and date styles), `1.234,56 €` / `1 234,56 €` / `€ 1.234,56`, a
 * DIN-style address window with the sender line above it, an info block, positions with article
 * numbers, freight in the totals, VAT or a reverse-charge note instead, and a legal footer.
 */
import { Day, type DatePattern, type MoneyStyle, dollars, extend, formatMoney, formatNumber, percentOf, sum } from './format';
import { LOCALES, type Locale } from './foreign-words';
import { jobNumber, purchaseOrder } from './parties';
import type { Random } from './random';
import { Document, GREY, type Sheet } from './sheet';
import { type Generated, type Row, truthItems } from './truth';

interface Position extends Row {
  code: string;
  unit: string;
}

interface Invoice {
  locale: Locale;
  vendor: Locale['vendors'][number];
  customer: Locale['customers'][number];
  number: string;
  date: Day;
  due: Day | null;
  dueInBlock: boolean;
  customerNo: string;
  order: string | null;
  project: string | null;
  rows: Position[];
  freight: number | null;
  vat: number | null;
  money: MoneyStyle;
  dates: DatePattern;
  pick: <T>(items: readonly T[]) => T;
}

function numberFor(random: Random, locale: Locale, date: Day): string {
  const year = date.iso().slice(0, 4);
  const options: Record<Locale['key'], Array<() => string>> = {
    de: [() => `${year}-${random.digits(4)}`, () => `RE-${year}-${random.digits(5)}`, () => `R${year.slice(2)}${random.digits(4)}`],
    'en-eu': [() => `${year}-${random.digits(4)}`, () => `RE-${year}-${random.digits(5)}`],
    fr: [() => `F${year}-${random.digits(4)}`, () => `FA-${random.digits(6)}`, () => `FAC${year}${random.digits(4)}`],
    nl: [() => `${year}-${random.digits(5)}`, () => `F${year.slice(2)}.${random.digits(4)}`],
    gb: [() => `INV-${random.digits(6)}`, () => `SI-${random.digits(5)}`, () => random.digits(6)],
    ca: [() => random.digits(6), () => `NSE-${random.digits(5)}`],
  };
  return random.pick(options[locale.key])();
}

function positions(random: Random, locale: Locale): Position[] {
  return random.sample(locale.catalogue, random.int(2, Math.min(5, locale.catalogue.length))).map(([description, unit, low, high]) => {
    const hours = ['Std', 'h', 'uur', 'HR', 'Tag', 'dag'].includes(unit);
    const quantity = hours ? random.pick([1, 1.5, 2, 2.5, 3.75, 4, 6.5, 8]) : random.pick([1, 1, 2, 2, 3, 4, 5, 6, 8, 10, 12]);
    const unitPrice = random.cents(low, high) / 100;
    return {
      description,
      code: `${random.int(10, 99)}${random.pick(['-', '.', ''])}${random.digits(4)}`,
      unit,
      quantity,
      unitPrice,
      cents: extend(quantity, unitPrice),
    };
  });
}

function plan(random: Random): Invoice {
  const locale = random.pick(LOCALES);
  const date = Day.of(2026, random.int(1, 12), random.int(1, 28));
  const rows = positions(random, locale);
  const freight = random.chance(0.35) ? random.cents(15, 85) : null;
  const reverse = locale.key !== 'ca' && random.chance(0.25);
  const net = sum(rows.map((row) => row.cents)) + (freight ?? 0);
  return {
    locale,
    vendor: random.pick(locale.vendors),
    customer: random.pick(locale.customers),
    number: numberFor(random, locale, date),
    date,
    due: random.chance(0.6) ? date.plus(random.pick([14, 14, 30, 30, 45])) : null,
    dueInBlock: random.chance(0.6),
    customerNo: random.digits(5),
    order: random.chance(0.6) ? purchaseOrder(random) : null,
    project: random.chance(0.5) ? jobNumber(random) : null,
    rows,
    freight,
    vat: reverse ? null : percentOf(net, locale.vatRate),
    money: random.pick(locale.money),
    dates: random.pick(locale.dates),
    pick: (items) => random.pick(items),
  };
}

const netOf = (inv: Invoice) => sum(inv.rows.map((row) => row.cents)) + (inv.freight ?? 0);
const totalOf = (inv: Invoice) => netOf(inv) + (inv.vat ?? 0);
const money = (inv: Invoice, cents: number, symbol = false) => formatMoney(cents, inv.money, { symbol });
const quantityText = (inv: Invoice, quantity: number) =>
  formatNumber(quantity, Number.isInteger(quantity) ? 0 : 2, inv.money.group === ',' ? ',' : '.', inv.money.decimal);

function drawHead(sheet: Sheet, inv: Invoice): number {
  const { vendor, customer, locale } = inv;
  sheet.text(vendor.name, 547, 60, { size: 14, bold: true, align: 'right' });
  sheet.text(vendor.street, 547, 74, { size: 8.5, align: 'right', color: GREY });
  sheet.text(vendor.city, 547, 85, { size: 8.5, align: 'right', color: GREY });
  sheet.text(`${vendor.name} · ${vendor.street} · ${vendor.city}`, 57, 140, { size: 6.5, color: GREY });
  sheet.rule(57, 300, 143, 0.3, GREY);
  [customer.name, customer.street, customer.city].forEach((line, i) => sheet.text(line, 57, 160 + i * 12, { size: 10 }));
  const fields: Array<[string, string]> = [
    [inv.pick(locale.labels.number), inv.number],
    [inv.pick(locale.labels.date), inv.date.format(inv.dates, locale.language)],
    [inv.pick(locale.labels.customerNo), inv.customerNo],
  ];
  if (inv.order) fields.push([inv.pick(locale.labels.order), inv.order]);
  if (inv.project) fields.push([inv.pick(locale.labels.project), inv.project]);
  if (inv.due && inv.dueInBlock) fields.push([inv.pick(locale.labels.due), inv.due.format(inv.dates, locale.language)]);
  fields.forEach(([label, value], i) => {
    sheet.text(label, 360, 150 + i * 13, { size: 8.5 });
    sheet.text(value, 547, 150 + i * 13, { size: 8.5, align: 'right' });
  });
  sheet.text(inv.pick(locale.labels.title), 57, 270, { size: 15, bold: true });
  return 300;
}

function drawPositions(sheet: Sheet, inv: Invoice, top: number): number {
  const [pos, code, description, qty, unit, price, amount] = inv.locale.labels.columns;
  const xs = { pos: 57, code: 84, description: 140, qty: 365, unit: 372, price: 470, amount: 547 };
  sheet.rule(57, 547, top - 11, 0.8);
  sheet.text(pos, xs.pos, top, { size: 8, bold: true });
  sheet.text(code, xs.code, top, { size: 8, bold: true });
  sheet.text(description, xs.description, top, { size: 8, bold: true });
  sheet.text(qty, xs.qty, top, { size: 8, bold: true, align: 'right' });
  sheet.text(unit, xs.unit, top, { size: 8, bold: true });
  sheet.text(price, xs.price, top, { size: 8, bold: true, align: 'right' });
  sheet.text(amount, xs.amount, top, { size: 8, bold: true, align: 'right' });
  sheet.rule(57, 547, top + 5, 0.5);
  let y = top + 20;
  inv.rows.forEach((row, i) => {
    sheet.text(String(i + 1), xs.pos, y, { size: 9 });
    sheet.text(row.code, xs.code, y, { size: 9 });
    sheet.text(row.description, xs.description, y, { size: 9 });
    sheet.text(quantityText(inv, row.quantity ?? 0), xs.qty, y, { size: 9, align: 'right' });
    sheet.text(row.unit, xs.unit, y, { size: 9 });
    sheet.text(money(inv, Math.round((row.unitPrice ?? 0) * 100)), xs.price, y, { size: 9, align: 'right' });
    sheet.text(money(inv, row.cents), xs.amount, y, { size: 9, align: 'right' });
    y += 16;
  });
  sheet.rule(57, 547, y - 8, 0.5);
  return y + 8;
}

function drawTotals(sheet: Sheet, inv: Invoice, top: number): number {
  const { labels } = inv.locale;
  const lines: Array<[string, number, boolean]> = [];
  if (inv.freight !== null) lines.push([labels.freight, inv.freight, false]);
  lines.push([inv.pick(labels.net), netOf(inv), false]);
  if (inv.vat !== null) lines.push([inv.pick(labels.vat)(formatNumber(inv.locale.vatRate, 0, '', '')), inv.vat, false]);
  lines.push([inv.pick(labels.total), totalOf(inv), true]);
  let y = top;
  for (const [label, cents, strong] of lines) {
    if (strong) sheet.rule(350, 547, y - 10, 0.8);
    sheet.text(label, 350, y, { size: 9.5, bold: strong });
    sheet.text(money(inv, cents, true), 547, y, { size: 9.5, bold: strong, align: 'right' });
    y += 15;
  }
  y += 14;
  if (inv.vat === null) y = sheet.paragraph(inv.locale.labels.reverseCharge, 57, y, 490, { size: 8.5 }) + 4;
  if (inv.due && !inv.dueInBlock) {
    sheet.text(`${inv.pick(labels.due)}: ${inv.due.format(inv.dates, inv.locale.language)}`, 57, y, { size: 9, bold: true });
    y += 14;
  }
  return sheet.paragraph(inv.pick(labels.terms), 57, y, 490, { size: 8.5 });
}

function drawFooter(sheet: Sheet, inv: Invoice): void {
  const columns = [[inv.vendor.name, inv.vendor.street, inv.vendor.city], inv.vendor.register, inv.vendor.bank];
  const top = sheet.height - 60;
  sheet.rule(57, 547, top - 12, 0.3, GREY);
  columns.forEach((lines, c) => {
    const wrapped = lines.flatMap((line) => sheet.wrap(line, 160, { size: 6.5 }));
    wrapped.forEach((line, i) => sheet.text(line, 57 + c * 170, top + i * 9, { size: 6.5, color: GREY }));
  });
  sheet.text(inv.locale.labels.page, 547, top - 22, { size: 7, color: GREY, align: 'right' });
}

export async function foreignSupplier(random: Random): Promise<Generated> {
  const inv = plan(random);
  const document = await Document.open(random.pick(['helvetica', 'helvetica', 'times']), inv.locale.key === 'ca' ? 'letter' : 'a4', {
    title: `${inv.locale.labels.title[0]} ${inv.number}`,
    author: inv.vendor.name,
    created: inv.date.toDate(),
  });
  const sheet = document.addSheet();
  drawTotals(sheet, inv, drawPositions(sheet, inv, drawHead(sheet, inv)));
  drawFooter(sheet, inv);
  return {
    document,
    truth: {
      vendor: inv.vendor.name,
      invoice_number: inv.number,
      invoice_date: inv.date.iso(),
      due_date: inv.due?.iso() ?? null,
      total_amount: dollars(totalOf(inv)),
      tax_amount: inv.vat === null ? null : dollars(inv.vat),
      currency: inv.locale.currency,
      reference: inv.order,
      job_number: inv.project,
      line_items: truthItems(inv.rows.map(({ description, quantity, unitPrice, cents }) => ({ description, quantity, unitPrice, cents }))),
      layout: `foreign-${inv.locale.key}`,
      pages: document.pages,
      source: 'third-synthetic',
      ...(inv.vat === null ? { notes: 'Reverse charge / zero-rated: no VAT printed.' } : {}),
    },
  };
}
