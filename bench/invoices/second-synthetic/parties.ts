/**
 * Made-up suppliers, general contractors and projects. Job and PO numbers follow each
 * contractor's own numbering, as a supplier copies whatever the buyer gave it.
 */
import { addDays } from './format';
import type { Random } from './random';

export interface Vendor {
  name: string;
  street: string;
  city: string;
  phone: string;
  /** Combined state and local sales tax, percent. */
  taxRate: number;
}

interface Buyer {
  name: string;
  street: string;
  city: string;
  job: (random: Random) => string;
  po: (random: Random, job: string) => string;
}

interface Project {
  name: string;
  street: string;
  city: string;
}

/** The facts every invoice starts from: who buys, for which job, on which day. */
export interface Deal {
  buyer: Buyer;
  project: Project;
  job: string;
  po: string;
  /** ISO invoice date. */
  date: string;
  account: string;
}

const digits = (random: Random, count: number) => String(random.int(10 ** (count - 1), 10 ** count - 1));

const BUYERS: Buyer[] = [
  {
    name: 'Hartwell Construction Group, Inc.',
    street: '2200 Commerce Park Dr, Suite 310',
    city: 'Raleigh, NC 27604',
    job: (random) => `${random.int(2401, 2519)}-${String(random.int(1, 12)).padStart(2, '0')}`,
    po: (random, job) => `${job}-${String(random.int(1, 240)).padStart(3, '0')}`,
  },
  {
    name: 'Bluestem Builders LLC',
    street: '815 W 9th St',
    city: 'Wichita, KS 67203',
    job: (random) => `${random.pick(['24', '25'])}-${random.int(101, 188)}`,
    po: (random) => `BB${digits(random, 5)}`,
  },
  {
    name: 'Northgate Contracting Co.',
    street: '47 Industrial Way',
    city: 'Worcester, MA 01604',
    job: (random) => `J${random.int(3100, 3499)}`,
    po: (random) => `45000${digits(random, 5)}`,
  },
  {
    name: 'Summit Ridge General Contractors',
    street: '1290 Pinecrest Blvd',
    city: 'Boise, ID 83706',
    job: (random) => `${random.pick(['24', '25'])}${String(random.int(1, 12)).padStart(2, '0')}${digits(random, 2)}`,
    po: (random, job) => `${job}-P${random.int(10, 99)}`,
  },
  {
    name: 'Ashford & Lane Construction',
    street: '600 Riverfront Pkwy',
    city: 'Chattanooga, TN 37402',
    job: (random) => `AL-${random.int(2400, 2599)}`,
    po: (random) => `P${digits(random, 6)}`,
  },
];

const PROJECTS: Project[] = [
  { name: 'Riverside Medical Office Building', street: '1400 River Rd', city: 'Cary, NC 27511' },
  { name: 'Lincoln Elementary School Addition', street: '310 Lincoln Ave', city: 'Derby, KS 67037' },
  { name: 'Maple Street Apartments Phase 2', street: '88 Maple St', city: 'Shrewsbury, MA 01545' },
  { name: 'County Public Safety Center', street: '5100 N Cole Rd', city: 'Meridian, ID 83646' },
  { name: 'Harbor View Hotel Renovation', street: '22 Market St', city: 'Chattanooga, TN 37402' },
  { name: 'Westgate Retail Center Bldg C', street: '9750 W Kellogg Dr', city: 'Wichita, KS 67209' },
  { name: 'Oak Hollow Senior Living', street: '2715 Oak Hollow Ln', city: 'Apex, NC 27502' },
  { name: 'Eastfield Distribution Warehouse', street: '1 Eastfield Dr', city: 'Auburn, MA 01501' },
];

const state = (city: string) => /, ([A-Z]{2}) \d{5}/.exec(city)?.[1];

/**
 * A deal dated between early November 2025 and late March 2026, on a project in the supplier's
 * state when there is one: yards and trades work locally, contractors travel.
 */
export function deal(random: Random, vendorCity: string): Deal {
  const buyer = random.pick(BUYERS);
  const job = buyer.job(random);
  const local = PROJECTS.filter((project) => state(project.city) === state(vendorCity));
  return {
    buyer,
    project: random.pick(local.length ? local : PROJECTS),
    job,
    po: buyer.po(random, job),
    date: addDays('2025-11-03', random.int(0, 140)),
    account: String(random.int(10000, 99999)),
  };
}

/** Two or three letters for a drawn logo: 'Valley Ready Mix Concrete Co.' gives 'VRM'. */
export function initials(name: string): string {
  return name
    .split(/[\s&-]+/)
    .filter((word) => /^[A-Z]/.test(word) && !['Co.', 'Inc.', 'LLC', 'Company', 'The'].includes(word))
    .slice(0, 3)
    .map((word) => word[0])
    .join('');
}
