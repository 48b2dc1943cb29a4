/** Material suppliers: ready-mix concrete, lumber yard, electrical supply, trucking. */
import { addDays, formatDate, formatMoney, formatQuantity } from './format';
import { TAX_RATES, col, modelHeader, totalsBlock } from './invoice-base';
import type { InvoiceModel, LineItem } from './model';
import { round, type Random } from './random';

function line(description: string, quantity: number | null, unitPrice: number | null, amount: number, cells: Record<string, string>): LineItem {
  return { description, quantity, unitPrice, amount, cells: { description, amount: formatMoney(amount), ...cells } };
}

const MIXES = ['4000 PSI Mix 3/4" Aggregate', '3000 PSI Mix Pump', '5000 PSI High Early', '3500 PSI Fiber Mesh', 'Flowable Fill 100 PSI'];

export function readyMix(random: Random): InvoiceModel {
  const header = modelHeader(random, 'ready-mix', `RM-${random.int(100000, 999999)}`);
  const rows: LineItem[] = [];
  const mix = random.pick(MIXES);
  const price = random.decimal(128, 176);
  let ticket = random.int(40000, 89999);
  for (let i = random.int(2, 6); i > 0; i--) {
    const yards = i === 1 && random.chance(0.6) ? random.decimal(2, 6, 1) : random.pick([8, 9, 10, 10]);
    const date = formatDate(addDays(header.invoiceDate, -random.int(1, 5)), 'us').slice(0, 5);
    ticket += random.int(1, 40);
    rows.push(
      line(mix, yards, price, round(yards * price), {
        date,
        ticket: String(ticket),
        quantity: formatQuantity(yards),
        unit: 'CY',
        price: formatMoney(price),
      }),
    );
  }
  const short = rows.find((row) => (row.quantity ?? 10) < 7);
  if (short) {
    const fee = random.pick([75, 95, 125]);
    rows.push(line('Short Load Charge', 1, fee, fee, { ticket: short.cells.ticket, quantity: '1', unit: 'EA', price: formatMoney(fee) }));
  }
  const yards = rows.reduce((sum, row) => sum + (row.cells.unit === 'CY' ? (row.quantity ?? 0) : 0), 0);
  const env = random.decimal(4, 9);
  rows.push(
    line('Environmental / Energy Fee', yards, env, round(yards * env), { quantity: formatQuantity(yards), unit: 'CY', price: formatMoney(env) }),
  );
  const subtotal = round(rows.reduce((sum, row) => sum + row.amount, 0));
  return {
    ...header,
    columns: [
      col('date', 'Date', 0.09),
      col('ticket', 'Ticket', 0.1),
      col('description', 'Product / Description', 0.4),
      col('quantity', 'Qty', 0.1, 'right'),
      col('unit', 'U/M', 0.07, 'center'),
      col('price', 'Price', 0.11, 'right'),
      col('amount', 'Amount', 0.13, 'right'),
    ],
    rows,
    afterTotals: [],
    ...totalsBlock(subtotal, [], random.chance(0.7) ? random.pick(TAX_RATES) : null),
  };
}

const LUMBER = [
  ['2x4x8 SPF #2 Stud', 'PC', 3.89],
  ['2x6x12 DF #2', 'PC', 11.45],
  ['2x10x16 DF #1', 'PC', 27.9],
  ['1/2" CDX Plywood 4x8', 'SHT', 38.75],
  ['7/16" OSB 4x8', 'SHT', 17.2],
  ['3/4" T&G Subfloor 4x8', 'SHT', 49.6],
  ['LVL 1-3/4 x 11-7/8 x 20', 'PC', 118.4],
  ['Simpson LUS28 Joist Hanger', 'EA', 1.92],
  ['16d Vinyl Sinker Nails 50 lb', 'BOX', 84.5],
  ['Tyvek HomeWrap 9x150', 'RL', 189.0],
  ['5/8" Type X Drywall 4x12', 'SHT', 21.35],
  ['PT 4x4x10 Ground Contact', 'PC', 19.85],
  ['Construction Adhesive 28 oz', 'EA', 7.45],
  ['1x4x8 Primed Pine Trim', 'PC', 8.1],
  ['Sill Seal 5-1/2" x 50\'', 'RL', 9.95],
  ['2x4x10 SPF #2', 'PC', 6.2],
] as const;

export function lumber(random: Random, lineCount = random.int(3, 9)): InvoiceModel {
  const header = modelHeader(random, 'lumber', String(random.int(1000000, 9999999)));
  const rows: LineItem[] = [];
  // Distinct items first; a long order repeats some, as a yard's pick tickets do.
  const items = random.sample(LUMBER, lineCount);
  for (let i = 0; i < lineCount; i++) {
    const [description, unit, listPrice] = items[i] ?? random.pick(LUMBER);
    const price = round(listPrice * random.decimal(0.9, 1.15, 3));
    const quantity = unit === 'PC' || unit === 'SHT' ? random.int(4, 160) : random.int(1, 24);
    const discount = random.chance(0.3) ? random.pick([5, 10, 12]) : 0;
    const amount = round(quantity * price * (1 - discount / 100));
    const sku = `${random.pick(['LBR', 'PLY', 'HDW', 'GYP'])}-${random.int(10000, 99999)}`;
    rows.push(
      line(description, quantity, price, amount, {
        sku,
        quantity: String(quantity),
        unit,
        price: formatMoney(price),
        discount: discount ? `${discount}%` : '',
      }),
    );
  }
  const subtotal = round(rows.reduce((sum, row) => sum + row.amount, 0));
  const freight = random.chance(0.5) ? random.pick([45, 65, 85, 125]) : null;
  return {
    ...header,
    columns: [
      col('sku', 'SKU', 0.12),
      col('description', 'Description', 0.38),
      col('quantity', 'Qty', 0.08, 'right'),
      col('unit', 'UOM', 0.07, 'center'),
      col('price', 'Unit Price', 0.12, 'right'),
      col('discount', 'Disc', 0.08, 'right'),
      col('amount', 'Extension', 0.15, 'right'),
    ],
    rows,
    afterTotals: [],
    ...totalsBlock(subtotal, freight ? [['Delivery / Freight', freight]] : [], random.pick(TAX_RATES), subtotal),
  };
}

const WIRE = [
  ['THHN12STRBLK500', '#12 THHN Stranded Black 500ft', 'M', 285.0],
  ['THHN10SOLWHT500', '#10 THHN Solid White 500ft', 'M', 412.5],
  ['EMT34', '3/4" EMT Conduit 10ft', 'C', 96.4],
  ['EMT12', '1/2" EMT Conduit 10ft', 'C', 61.2],
  ['SSC34', '3/4" EMT Set Screw Coupling', 'C', 48.75],
  ['4SQDP', '4" Square Box 2-1/8" Deep', 'C', 312.0],
  ['MC123', '12/3 MC Cable Alum 250ft', 'M', 1190.0],
  ['QO120', 'Square D QO 20A 1P Breaker', 'E', 14.85],
  ['DRS15W', 'Decora Receptacle 15A White', 'E', 3.1],
  ['GRC1', '1" Rigid Conduit 10ft', 'C', 612.0],
  ['WN73B', 'Wire Nut Yellow 73B', 'M', 95.0],
] as const;
const DIVISOR = { E: 1, C: 100, M: 1000 } as const;

export function electrical(random: Random, lineCount = random.int(3, 8)): InvoiceModel {
  const header = modelHeader(random, 'electrical', `S${random.int(100000000, 109999999)}.001`);
  const rows: LineItem[] = [];
  for (const [catalog, description, per, list] of random.sample(WIRE, lineCount)) {
    const price = round(list * random.decimal(0.92, 1.1, 3));
    const shipped = per === 'M' ? random.pick([500, 1000, 2500]) : per === 'C' ? random.pick([50, 100, 200, 300]) : random.int(4, 60);
    const ordered = random.chance(0.2) ? shipped + random.pick([50, 100]) : shipped;
    const amount = round((shipped * price) / DIVISOR[per]);
    rows.push(
      line(description, shipped, price, amount, {
        catalog,
        ordered: String(ordered),
        quantity: String(shipped),
        backorder: String(ordered - shipped),
        price: formatMoney(price, 3),
        unit: per,
      }),
    );
  }
  const subtotal = round(rows.reduce((sum, row) => sum + row.amount, 0));
  return {
    ...header,
    columns: [
      col('ordered', 'Ordered', 0.08, 'right'),
      col('quantity', 'Shipped', 0.08, 'right'),
      col('backorder', 'B/O', 0.06, 'right'),
      col('catalog', 'Catalog #', 0.16),
      col('description', 'Description', 0.33),
      col('price', 'Price', 0.1, 'right'),
      col('unit', 'Per', 0.05, 'center'),
      col('amount', 'Extension', 0.14, 'right'),
    ],
    rows,
    afterTotals: [],
    notes: ['Prices per C = per 100, per M = per 1000, E = each.'],
    ...totalsBlock(subtotal, random.chance(0.3) ? [['Freight', random.pick([25, 35, 60])]] : [], random.pick(TAX_RATES)),
  };
}

export function trucking(random: Random): InvoiceModel {
  const header = modelHeader(random, 'trucking', `T${random.int(10000, 99999)}`);
  const rows: LineItem[] = [];
  const basis = random.pick(['tons', 'loads', 'hours'] as const);
  const material = random.pick(['57 Stone', 'Crusher Run', 'Fill Dirt', 'Rip Rap', 'Haul-off Spoils']);
  const rate = basis === 'tons' ? random.decimal(9, 22) : basis === 'loads' ? random.decimal(160, 340) : random.decimal(95, 135);
  for (let i = random.int(3, 7); i > 0; i--) {
    const quantity = basis === 'tons' ? random.decimal(18, 26) : basis === 'loads' ? random.int(2, 9) : random.pick([8, 9.5, 10, 6.5]);
    const date = formatDate(addDays(header.invoiceDate, -random.int(1, 12)), 'us');
    const unit = basis === 'tons' ? 'TN' : basis === 'loads' ? 'LD' : 'HR';
    const description = basis === 'hours' ? `Tri-axle dump - ${material}` : `${material} haul`;
    rows.push(
      line(description, quantity, rate, round(quantity * rate), {
        date,
        truck: `#${random.int(11, 48)}`,
        ticket: String(random.int(100000, 999999)),
        quantity: formatQuantity(quantity),
        unit,
        price: formatMoney(rate),
      }),
    );
  }
  const subtotal = round(rows.reduce((sum, row) => sum + row.amount, 0));
  const fuelRate = random.pick([0.08, 0.12, 0.15, 0.18]);
  return {
    ...header,
    columns: [
      col('date', 'Date', 0.12),
      col('truck', 'Truck', 0.07),
      col('ticket', 'Ticket #', 0.11),
      col('description', 'Description', 0.33),
      col('quantity', 'Qty', 0.09, 'right'),
      col('unit', 'Unit', 0.06, 'center'),
      col('price', 'Rate', 0.09, 'right'),
      col('amount', 'Amount', 0.13, 'right'),
    ],
    rows,
    afterTotals: [],
    ...totalsBlock(subtotal, [[`Fuel Surcharge (${fuelRate * 100}%)`, round(subtotal * fuelRate)]], null),
  };
}
