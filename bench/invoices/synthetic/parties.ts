/** Fictional US vendors by trade, the contractors they bill, and the jobs they deliver to. */
import type { InvoiceKind, Party } from './model';
import type { Random } from './random';

const VENDORS: Record<InvoiceKind, string[]> = {
  'ready-mix': ['Gulf Coast Ready Mix, LLC', 'Lone Star Concrete Supply, Inc.', 'Piedmont Ready-Mix Co.', 'Cascade Aggregates & Concrete, LLC'],
  lumber: ['Hendricks Lumber & Supply Co.', 'Tri-County Building Materials, Inc.', 'Blue Ridge Lumber Company', 'Northfield Millwork & Lumber, LLC'],
  rental: ['Pioneer Equipment Rental, Inc.', 'Mesa Rents LLC', 'Big Sky Lift & Equipment Co.', 'Harbor Point Rentals, Inc.'],
  electrical: [
    'Consolidated Electric Supply, Inc.',
    'Keystone Electrical Distributors',
    'Valley Wire & Lighting Supply Co.',
    'Summit Electric Wholesale, LLC',
  ],
  progress: [
    'Ironclad Steel Erectors, Inc.',
    'Precision Drywall & Acoustics, LLC',
    'Allied Mechanical Contractors, Inc.',
    'Redline Fire Protection Co.',
  ],
  trucking: ['Dalton Hauling & Excavation, LLC', 'Red River Trucking, Inc.', 'Granite State Aggregate Hauling Co.', 'Two Rivers Transport LLC'],
  service: [
    'Apex Plumbing & Mechanical Services, Inc.',
    'BrightLine Electrical Services, LLC',
    'Comfort Air HVAC Service Co.',
    'Sentry Door & Hardware, Inc.',
  ],
};

const CONTRACTORS = ['Summit Ridge Builders', 'Oakline Construction Group', 'Harmon & Pierce General Contractors', 'Bayview Construction Co.'];

const PLACES = [
  ['Houston', 'TX', '770'],
  ['Charlotte', 'NC', '282'],
  ['Tacoma', 'WA', '984'],
  ['Columbus', 'OH', '432'],
  ['Denver', 'CO', '802'],
  ['Nashville', 'TN', '372'],
  ['Sacramento', 'CA', '958'],
  ['Richmond', 'VA', '232'],
  ['Boise', 'ID', '837'],
  ['Albuquerque', 'NM', '871'],
  ['Omaha', 'NE', '681'],
  ['Raleigh', 'NC', '276'],
] as const;

const STREETS = ['Industrial Blvd', 'Commerce Dr', 'Quarry Rd', 'Airport Way', 'Mill St', 'Route 9', 'Depot Ave', 'Enterprise Pkwy', 'Rail Yard Rd'];

export const JOBS = [
  ['2417', 'Riverside Medical Office Building'],
  ['2388', 'Westgate Elementary School'],
  ['24-118', 'Harbor View Apartments'],
  ['2502', 'County Public Safety Center'],
  ['25-031', 'Lakeside Distribution Warehouse'],
  ['2461', 'Maple Street Parking Garage'],
  ['1987-02', 'Northgate Fire Station No. 4'],
  ['2530', 'Cedar Park Library Renovation'],
] as const;

function address(random: Random): { lines: string[]; city: string } {
  const [city, state, zip] = random.pick(PLACES);
  const street = `${random.int(100, 9899)} ${random.pick(STREETS)}`;
  const suite = random.chance(0.25) ? [`Suite ${random.int(100, 450)}`] : [];
  return { lines: [street, ...suite, `${city}, ${state} ${zip}${String(random.int(10, 99))}`], city };
}

function phone(random: Random): string {
  return `(${random.int(201, 989)}) ${random.int(200, 989)}-${String(random.int(0, 9999)).padStart(4, '0')}`;
}

export function vendorParty(random: Random, kind: InvoiceKind): Party & { email?: string } {
  const name = random.pick(VENDORS[kind]);
  const domain = name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/,? (llc|inc\.|co\.|company)$/g, '')
    .replace(/[^a-z]+/g, '');
  return { name, lines: address(random).lines, phone: phone(random), email: random.chance(0.6) ? `ar@${domain}.com` : undefined };
}

export function contractorParty(random: Random): Party {
  const name = random.pick(CONTRACTORS);
  return { name, lines: ['Attn: Accounts Payable', ...address(random).lines], phone: phone(random) };
}

export function jobSite(random: Random, job: { number: string; name: string }, prefixJob: boolean): Party {
  const site = address(random);
  return { name: prefixJob ? `Job ${job.number} - ${job.name}` : job.name, lines: site.lines };
}
