/**
 * Hotel folio for a crew stay: one room or a master folio over two or three rooms, a dated row per
 * night for the room and its occupancy taxes, extras (parking, laundry, restaurant), a card or
 * direct-bill payment in the credits column and a balance of 0.00. The truth's total is the
 * charges; taxes are scored only where the folio prints a tax total.
 */
import { Day, type DatePattern, US_DOLLARS, dollars, formatMoney, percentOf, sum } from './format';
import { CONTRACTORS, PEOPLE, phone, purchaseOrder } from './parties';
import type { Random } from './random';
import { Document, GREY, LIGHT, type Sheet } from './sheet';
import { type Generated, type Row, centsOf, truthItems } from './truth';

const HOTELS = [
  { name: 'Hampton Creek Inn & Suites', street: '2250 Gateway Blvd', city: 'Knoxville, TN 37932', owner: 'Creekside Lodging Partners LLC' },
  { name: 'Red Mesa Lodge', street: '1801 Cerrillos Rd', city: 'Santa Fe, NM 87505', owner: 'Red Mesa Hospitality LLC' },
  { name: 'Prairie Star Hotel Downtown', street: '120 W 8th St', city: 'Overland Park, KS 66212', owner: 'Star Hotel Group Inc.' },
  { name: 'Cedar Point Extended Stay', street: '7311 S Pacific Hwy', city: 'Tacoma, WA 98409', owner: 'Cedar Point Hotels LP' },
  { name: 'Riverbend Suites Boise', street: '500 S Capitol Blvd', city: 'Boise, ID 83702', owner: 'Riverbend Hospitality Inc.' },
];

interface Entry {
  day: Day;
  room: string | null;
  description: string;
  /** Positive for a charge, negative for a payment (credit). */
  cents: number;
  kind: 'item' | 'tax' | 'payment';
}

interface Folio {
  hotel: (typeof HOTELS)[number];
  folio: string;
  confirmation: string;
  arrival: Day;
  departure: Day;
  rooms: Array<{ number: string; guest: string; rate: number }>;
  entries: Entry[];
  printTaxTotal: boolean;
  companyRef: string | null;
  dates: DatePattern;
}

function nightly(arrival: Day, nights: number, rooms: Folio['rooms'], taxes: Array<[string, number]>, roomLabel: string, group: boolean): Entry[] {
  const entries: Entry[] = [];
  for (let n = 0; n < nights; n++) {
    const day = arrival.plus(n);
    for (const room of rooms) {
      const roomNumber = group ? room.number : null;
      entries.push({ day, room: roomNumber, description: roomLabel, cents: room.rate, kind: 'item' });
      for (const [name, rate] of taxes) entries.push({ day, room: roomNumber, description: name, cents: percentOf(room.rate, rate), kind: 'tax' });
    }
  }
  return entries;
}

function extras(random: Random, arrival: Day, nights: number, rooms: Folio['rooms'], group: boolean): Entry[] {
  const options: Array<[string, number, number]> = [
    ['Self Parking', 12, 20],
    ['Laundry Service', 9, 28],
    ['Restaurant - Dinner', 24, 96],
    ['Market Pantry', 4, 18],
    ['Trailer Parking', 15, 25],
  ];
  return random.sample(options, random.int(0, 2)).map(([description, low, high]) => ({
    day: arrival.plus(random.int(0, nights - 1)),
    room: group ? random.pick(rooms).number : null,
    description,
    cents: random.cents(low, high),
    kind: 'item' as const,
  }));
}

function planFolio(random: Random): Folio {
  const group = random.chance(0.4);
  const guests = random.sample(PEOPLE, group ? random.int(2, 3) : 1);
  const taxes = random.sample(
    [
      ['State Occupancy Tax', random.pick([6, 7, 5.5])],
      ['City Lodging Tax', random.pick([3, 2.5, 4])],
      ['Tourism Assessment', random.pick([1, 2])],
    ] as Array<[string, number]>,
    random.int(1, 2),
  );
  // One page holds about 30 rows: fewer nights for bigger groups.
  const nights = random.int(2, Math.min(6, Math.max(2, Math.floor(28 / (guests.length * (1 + taxes.length))))));
  const arrival = Day.of(2026, random.int(1, 12), random.int(1, 22));
  const base = random.int(89, 189) * 100 + random.pick([0, 0, 95, 99, 50]);
  const firstRoom = random.int(1, 4) * 100 + random.int(2, 30);
  const rooms = guests.map((guest, i) => ({ number: String(firstRoom + i * 2), guest, rate: base }));
  const roomLabel = random.pick(['Room Charge', 'Accommodation', 'Room Rate', 'Guest Room']);
  const stay = [...nightly(arrival, nights, rooms, taxes, roomLabel, group), ...extras(random, arrival, nights, rooms, group)];
  stay.sort((a, b) => b.day.until(a.day));
  const charges = sum(stay.map((entry) => entry.cents));
  const departure = arrival.plus(nights);
  const payment = random.pick(['VISA XXXXXXXXXXXX4417', 'AMEX ************1008', 'MC XXXX-XXXX-XXXX-8810', 'Direct Bill - City Ledger']);
  return {
    hotel: random.pick(HOTELS),
    folio: random.pick([random.digits(6), random.digits(7), `F${random.digits(6)}`]),
    confirmation: random.digits(8),
    arrival,
    departure,
    rooms,
    entries: [...stay, { day: departure, room: null, description: payment, cents: -charges, kind: 'payment' }],
    printTaxTotal: random.chance(0.6),
    companyRef: random.chance(0.35) ? purchaseOrder(random) : null,
    dates: random.pick(['MM/DD/YY' as DatePattern, 'MM/DD/YYYY', 'DD-MMM-YYYY', 'M/D/YYYY']),
  };
}

function drawHeader(sheet: Sheet, random: Random, f: Folio, customer: string): number {
  const mid = sheet.width / 2;
  sheet.text(f.hotel.name.toUpperCase(), mid, 50, { size: 17, bold: true, align: 'center' });
  sheet.text(`${f.hotel.street}  |  ${f.hotel.city}  |  ${phone(random)}`, mid, 66, { size: 8.5, align: 'center', color: GREY });
  sheet.text(random.pick(['GUEST FOLIO', 'INVOICE', 'Folio / Invoice']), mid, 92, { size: 12, bold: true, align: 'center' });
  const lead = f.rooms[0];
  const left: Array<[string, string]> = [
    ['Guest', f.rooms.length > 1 ? `${lead.guest} (Group master)` : lead.guest],
    ['Company', customer],
  ];
  if (f.companyRef) left.push([random.pick(['Company Ref', 'Billing Reference', 'PO Number']), f.companyRef]);
  const right: Array<[string, string]> = [
    [random.pick(['Folio No.', 'Folio #', 'Invoice No.']), f.folio],
    [random.pick(['Invoice Date', 'Folio Date', 'Date']), f.departure.format(f.dates)],
    ['Room', f.rooms.map((room) => room.number).join(', ')],
    ['Arrival', f.arrival.format(f.dates)],
    ['Departure', f.departure.format(f.dates)],
    ['Confirmation', f.confirmation],
    ['Rate', formatMoney(lead.rate, US_DOLLARS)],
  ];
  left.forEach(([label, value], i) => {
    sheet.text(`${label}:`, 48, 122 + i * 14, { size: 9, bold: true });
    sheet.text(value, 152, 122 + i * 14, { size: 9 });
  });
  right.forEach(([label, value], i) => {
    sheet.text(`${label}:`, 360, 122 + i * 13, { size: 9, bold: true });
    sheet.text(value, 440, 122 + i * 13, { size: 9 });
  });
  return 122 + right.length * 13 + 18;
}

function drawEntries(sheet: Sheet, f: Folio, top: number): number {
  const group = f.rooms.length > 1;
  const cols = { date: 48, room: 112, description: group ? 150 : 120, charges: 470, credits: 560 };
  sheet.box(44, top - 11, 520, 15, { fill: LIGHT });
  sheet.text('Date', cols.date, top, { size: 8.5, bold: true });
  if (group) sheet.text('Room', cols.room, top, { size: 8.5, bold: true });
  sheet.text('Description', cols.description, top, { size: 8.5, bold: true });
  sheet.text('Charges', cols.charges, top, { size: 8.5, bold: true, align: 'right' });
  sheet.text('Credits', cols.credits, top, { size: 8.5, bold: true, align: 'right' });
  let y = top + 16;
  for (const entry of f.entries) {
    sheet.text(entry.day.format(f.dates), cols.date, y, { size: 8.5 });
    if (entry.room) sheet.text(entry.room, cols.room, y, { size: 8.5 });
    sheet.text(entry.description, cols.description, y, { size: 8.5 });
    const column = entry.cents < 0 ? cols.credits : cols.charges;
    sheet.text(formatMoney(Math.abs(entry.cents), US_DOLLARS), column, y, { size: 8.5, align: 'right' });
    y += 12;
  }
  return y;
}

function drawTotals(sheet: Sheet, random: Random, f: Folio, top: number): void {
  const charges = chargesOf(f);
  sheet.rule(380, 564, top - 6, 0.6);
  sheet.text('Total', 300, top + 6, { size: 9, bold: true });
  sheet.text(formatMoney(charges, US_DOLLARS), 470, top + 6, { size: 9, bold: true, align: 'right' });
  sheet.text(formatMoney(charges, US_DOLLARS), 560, top + 6, { size: 9, bold: true, align: 'right' });
  sheet.text(random.pick(['Balance Due', 'Balance', 'Balance USD']), 300, top + 22, { size: 9, bold: true });
  sheet.text('0.00', 560, top + 22, { size: 9, bold: true, align: 'right' });
  let y = top + 48;
  if (f.printTaxTotal) {
    sheet.text(random.pick(['Summary of Charges', 'Folio Summary']), 48, y, { size: 9, bold: true });
    const rows: Array<[string, number]> = [
      ['Room & Incidentals', centsOf(items(f))],
      [random.pick(['Total Taxes', 'Taxes & Assessments', 'Tax Total']), taxesOf(f)],
    ];
    rows.forEach(([label, cents], i) => {
      sheet.text(label, 60, y + 14 + i * 12, { size: 8.5 });
      sheet.text(formatMoney(cents, US_DOLLARS), 260, y + 14 + i * 12, { size: 8.5, align: 'right' });
    });
    y += 50;
  }
  const text =
    'I agree that my liability for this bill is not waived and I agree to be held personally liable in the event that the indicated person, company or association fails to pay for any part or the full amount of these charges.';
  sheet.paragraph(text, 48, Math.max(y, 690), 516, { size: 7, color: GREY });
  sheet.text(`${f.hotel.name} is independently owned and operated by ${f.hotel.owner}.`, 48, 740, { size: 7, color: GREY });
}

const items = (f: Folio): Row[] =>
  f.entries
    .filter((entry) => entry.kind === 'item')
    .map((entry) => ({ description: entry.description, quantity: null, unitPrice: null, cents: entry.cents }));
const taxesOf = (f: Folio) => sum(f.entries.filter((entry) => entry.kind === 'tax').map((entry) => entry.cents));
const chargesOf = (f: Folio) => sum(f.entries.filter((entry) => entry.kind !== 'payment').map((entry) => entry.cents));

export async function hotelFolio(random: Random): Promise<Generated> {
  const f = planFolio(random);
  const customer = random.pick(CONTRACTORS).name;
  const document = await Document.open(random.pick(['helvetica', 'courier', 'times']), 'letter', {
    title: `Folio ${f.folio}`,
    author: f.hotel.name,
    created: f.departure.toDate(),
  });
  const sheet = document.addSheet();
  const top = drawHeader(sheet, random, f, customer);
  drawTotals(sheet, random, f, drawEntries(sheet, f, top) + 8);
  return {
    document,
    truth: {
      vendor: f.hotel.name,
      invoice_number: f.folio,
      invoice_date: f.departure.iso(),
      due_date: null,
      total_amount: dollars(chargesOf(f)),
      tax_amount: f.printTaxTotal ? dollars(taxesOf(f)) : null,
      currency: 'USD',
      reference: f.companyRef,
      job_number: null,
      line_items: truthItems(items(f)),
      amount_due: 0,
      layout: f.rooms.length > 1 ? 'hotel-folio-group' : 'hotel-folio',
      pages: document.pages,
      source: 'third-synthetic',
      notes: f.printTaxTotal ? 'Taxes per night; tax is the printed tax total.' : 'Taxes only per night, no tax total printed: tax not scored.',
    },
  };
}
