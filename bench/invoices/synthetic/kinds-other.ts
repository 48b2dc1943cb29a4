/** Equipment rental, service work orders and AIA-style progress billing with retainage. */
import { addDays, formatDate, formatMoney, formatQuantity } from './format';
import { TAX_RATES, col, modelHeader, totalsBlock } from './invoice-base';
import type { InvoiceModel, LineItem, TableNote, TotalRow } from './model';
import { round, type Random } from './random';

const cells = (description: string, amount: number, rest: Record<string, string>) => ({ description, amount: formatMoney(amount), ...rest });

const EQUIPMENT = [
  ['Skid Steer Loader 74HP', 285, 890, 2150],
  ['Mini Excavator 8,000 lb', 345, 1120, 2890],
  ['Boom Lift 60ft 4WD', 520, 1450, 3350],
  ['Scissor Lift 26ft Electric', 155, 390, 820],
  ['Telehandler 10,000 lb 55ft', 610, 1720, 4150],
  ['Plate Compactor 20in', 85, 245, 560],
] as const;

export function rental(random: Random): InvoiceModel {
  const header = modelHeader(random, 'rental', `${random.int(20000000, 29999999)}-0${random.int(1, 9)}`);
  const weeks = random.int(1, 3);
  const out = addDays(header.invoiceDate, -7 * weeks - random.int(0, 3));
  const rows: LineItem[] = [];
  for (const [description, day, week, fourWeek] of random.sample(EQUIPMENT, random.int(1, 3))) {
    const amount = weeks >= 3 ? fourWeek : week * weeks;
    const rest = {
      equipment: String(random.int(100000, 999999)),
      quantity: '1',
      day: formatMoney(day),
      week: formatMoney(week),
      month: formatMoney(fourWeek),
    };
    rows.push({ description, quantity: 1, unitPrice: null, amount, cells: cells(description, amount, rest) });
  }
  const rentalTotal = rows.reduce((sum, row) => sum + row.amount, 0);
  const extra = (description: string, amount: number, quantity: number | null = null, unitPrice: number | null = null) =>
    rows.push({
      description,
      quantity,
      unitPrice,
      amount,
      cells: cells(
        description,
        amount,
        quantity === null ? {} : { quantity: formatQuantity(quantity), day: unitPrice === null ? '' : formatMoney(unitPrice) },
      ),
    });
  extra('Damage Waiver 15%', round(rentalTotal * 0.15));
  if (random.chance(0.7)) {
    const gallons = random.decimal(6, 30, 1);
    extra('Fuel - Diesel (gal)', round(gallons * 5.95), gallons, 5.95);
  }
  extra('Delivery Charge', random.pick([125, 150, 195]));
  extra('Pickup Charge', random.pick([125, 150, 195]));
  const subtotal = round(rows.reduce((sum, row) => sum + row.amount, 0));
  return {
    ...header,
    meta: [
      ['Contract #', `C${random.int(400000, 499999)}`],
      ['Date Out', formatDate(out, 'us')],
      ['Date In', formatDate(header.invoiceDate, 'us')],
    ],
    columns: [
      col('equipment', 'Equip #', 0.1),
      col('quantity', 'Qty', 0.06, 'right'),
      col('description', 'Description', 0.36),
      col('day', 'Day', 0.1, 'right'),
      col('week', 'Week', 0.1, 'right'),
      col('month', '4 Week', 0.12, 'right'),
      col('amount', 'Amount', 0.16, 'right'),
    ],
    rows,
    afterTotals: [],
    notes: ['Billing period shown is for the rental contract above. Damage waiver does not cover tires or glass.'],
    ...totalsBlock(subtotal, [], random.pick(TAX_RATES)),
  };
}

const MATERIALS = [
  ['3/4" Copper Type L (ft)', 6.85],
  ['Ball Valve 3/4" Lead Free', 28.4],
  ['PVC DWV 3" Fittings', 14.2],
  ['20A GFCI Receptacle', 24.9],
  ['Condensate Pump', 89.0],
  ['Door Closer Heavy Duty', 164.0],
  ['Fire Caulk 10 oz', 18.75],
] as const;

export function service(random: Random): InvoiceModel {
  const header = modelHeader(random, 'service', String(random.int(40000, 69999)));
  const rows: Array<LineItem | TableNote> = [{ note: 'LABOR' }];
  const labour = random.sample(
    [
      ['Journeyman - Regular Time', 92],
      ['Apprentice - Regular Time', 58],
      ['Journeyman - Overtime', 138],
      ['Service Technician', 115],
    ] as const,
    random.int(1, 3),
  );
  for (const [description, rate] of labour) {
    const hours = random.pick([2, 3.5, 4, 6.5, 8, 10]);
    const amount = round(hours * rate);
    rows.push({
      description,
      quantity: hours,
      unitPrice: rate,
      amount,
      cells: cells(description, amount, { quantity: formatQuantity(hours), unit: 'HR', price: formatMoney(rate) }),
    });
  }
  rows.push({ note: 'MATERIALS' });
  let materials = 0;
  for (const [description, price] of random.sample(MATERIALS, random.int(2, 4))) {
    const quantity = random.int(1, 12);
    const amount = round(quantity * price);
    materials += amount;
    rows.push({
      description,
      quantity,
      unitPrice: price,
      amount,
      cells: cells(description, amount, { quantity: String(quantity), unit: 'EA', price: formatMoney(price) }),
    });
  }
  if (random.chance(0.5))
    rows.push({
      description: 'Trip Charge',
      quantity: 1,
      unitPrice: 65,
      amount: 65,
      cells: cells('Trip Charge', 65, { quantity: '1', unit: 'EA', price: '65.00' }),
    });
  const subtotal = round(rows.reduce((sum, row) => sum + ('amount' in row ? row.amount : 0), 0));
  return {
    ...header,
    meta: [
      ['Work Order', `WO-${random.int(1000, 9999)}`],
      ['Technician', random.pick(['M. Alvarez', 'J. Becker', 'T. Nguyen', 'R. Okafor'])],
    ],
    columns: [
      col('description', 'Description', 0.5),
      col('quantity', 'Hrs/Qty', 0.12, 'right'),
      col('unit', 'Unit', 0.08, 'center'),
      col('price', 'Rate', 0.13, 'right'),
      col('amount', 'Amount', 0.17, 'right'),
    ],
    rows,
    afterTotals: [],
    notes: ['Work performed per customer request. All labor guaranteed 90 days.'],
    // Sales tax on materials only, as most states tax it.
    ...totalsBlock(subtotal, [], random.chance(0.8) ? random.pick(TAX_RATES) : null, round(materials)),
  };
}

const SCHEDULE = [
  'General Conditions',
  'Mobilization',
  'Layout & Engineering',
  'Materials - Level 1',
  'Materials - Level 2',
  'Installation - Level 1',
  'Installation - Level 2',
  'Testing & Inspection',
  'Closeout & Punch List',
];

/** A G702/G703 pay application: current payment due is the invoice total; retainage 10%. */
export function progress(random: Random): InvoiceModel {
  const drawn = modelHeader(random, 'progress', '');
  // A pay application always names its project.
  const header = { ...drawn, job: drawn.job ?? { number: '2417', name: 'Riverside Medical Office Building', style: 'project' as const } };
  const application = random.int(2, 11);
  const rows: LineItem[] = [];
  let scheduledSum = 0;
  let previousSum = 0;
  let completedSum = 0;
  SCHEDULE.slice(0, random.int(5, 9)).forEach((description, i) => {
    const scheduled = random.int(8, 180) * 500;
    const previousShare = i === 0 ? 0.35 : random.pick([0, 0.2, 0.35, 0.5, 0.8, 1]);
    const previous = round(scheduled * previousShare);
    const thisPeriod =
      previousShare >= 1 ? 0 : round(scheduled * Math.min(1 - previousShare, random.pick(i === 0 ? [0.15, 0.25] : [0, 0.1, 0.15, 0.25])));
    const completed = round(previous + thisPeriod);
    scheduledSum += scheduled;
    previousSum += previous;
    completedSum += completed;
    const rest = {
      item: String(i + 1),
      scheduled: formatMoney(scheduled),
      previous: formatMoney(previous),
      stored: '0.00',
      completed: formatMoney(completed),
      percent: `${Math.round((completed / scheduled) * 100)}%`,
      balance: formatMoney(scheduled - completed),
      retainage: formatMoney(round(completed * 0.1)),
    };
    rows.push({ description, quantity: null, unitPrice: null, amount: thisPeriod, cells: cells(description, thisPeriod, rest) });
  });
  const changeOrders = random.chance(0.5) ? random.int(1, 30) * 250 : 0;
  const retainage = round(completedSum * 0.1);
  const previousCertificates = round(previousSum * 0.9);
  const due = round(completedSum - retainage - previousCertificates);
  const money = (value: number) => formatMoney(value);
  const totals: TotalRow[] = [
    { label: '1. Original Contract Sum', value: money(scheduledSum - changeOrders) },
    { label: '2. Net Change by Change Orders', value: money(changeOrders) },
    { label: '3. Contract Sum to Date (Line 1 + 2)', value: money(scheduledSum) },
    { label: '4. Total Completed & Stored to Date', value: money(completedSum) },
    { label: '5. Retainage: 10% of Completed Work', value: money(retainage) },
    { label: '6. Total Earned Less Retainage', value: money(completedSum - retainage) },
    { label: '7. Less Previous Certificates for Payment', value: money(previousCertificates) },
    { label: '8. CURRENT PAYMENT DUE', value: money(due), total: true },
    { label: '9. Balance to Finish, Including Retainage', value: money(scheduledSum - completedSum + retainage) },
  ];
  const periodTo = header.invoiceDate;
  return {
    ...header,
    invoiceNumber: `${header.job?.number ?? '2417'}-${String(application).padStart(2, '0')}`,
    dueDate: null,
    dueDatePrinted: false,
    terms: null,
    meta: [
      ['Application No.', String(application)],
      ['Period To', formatDate(periodTo, 'us')],
      ['Contract Date', formatDate(addDays(periodTo, -30 * application - 20), 'us')],
    ],
    columns: [
      col('item', 'Item', 0.05),
      col('description', 'Description of Work', 0.2),
      col('scheduled', 'Scheduled Value', 0.11, 'right'),
      col('previous', 'From Previous', 0.11, 'right'),
      col('amount', 'This Period', 0.1, 'right'),
      col('stored', 'Stored', 0.07, 'right'),
      col('completed', 'Completed & Stored', 0.11, 'right'),
      col('percent', '%', 0.05, 'right'),
      col('balance', 'Balance to Finish', 0.1, 'right'),
      col('retainage', 'Retainage', 0.1, 'right'),
    ],
    rows,
    totals,
    afterTotals: [],
    total: due,
    tax: null,
  };
}
