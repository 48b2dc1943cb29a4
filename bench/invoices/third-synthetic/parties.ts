/** Buyers, job sites and people: the contractors these bills are addressed to. */
import type { Random } from './random';

export interface Party {
  name: string;
  street: string;
  city: string;
}

export const CONTRACTORS: Party[] = [
  { name: 'Harbor Ridge Builders LLC', street: '2210 Marina Way, Suite 4', city: 'Tacoma, WA 98421' },
  { name: 'Keystone Framing Co.', street: '418 Industrial Pkwy', city: 'Lancaster, PA 17601' },
  { name: 'Bluestem Civil Constructors', street: '9050 W 119th St', city: 'Overland Park, KS 66213' },
  { name: 'Three Rivers General Contracting', street: 'PO Box 3318', city: 'Knoxville, TN 37927' },
  { name: 'Cascade Mechanical Inc.', street: '77 Spokane St', city: 'Boise, ID 83702' },
  { name: 'Sandoval & Pike Construction', street: '1420 Cerrillos Rd', city: 'Santa Fe, NM 87505' },
  { name: 'Northgate Concrete Services', street: '5006 Hwy 61 N', city: 'White Bear Lake, MN 55110' },
  { name: 'Oakmont Design-Build Group', street: '300 E Main St, Floor 2', city: 'Lexington, KY 40507' },
  { name: 'Redline Electrical Contractors', street: '1188 Commerce Dr', city: 'Gainesville, GA 30501' },
  { name: 'Pinecrest Site Works Inc.', street: '64 Quarry Rd', city: 'Bangor, ME 04401' },
];

export const JOB_SITES: Array<{ name: string; address: string; city: string }> = [
  { name: 'Riverside Medical Office Bldg', address: '4410 Ridge Rd, Trailer 2', city: 'Tacoma, WA 98409' },
  { name: 'Elm Street Lofts', address: '118 Elm St, Field Office', city: 'Lancaster, PA 17603' },
  { name: 'Westfield Elementary Addition', address: '7700 W 135th St, Site Trailer', city: 'Overland Park, KS 66223' },
  { name: 'Harmon Distribution Center', address: '2900 Harmon Pkwy, Lot 7', city: 'Knoxville, TN 37932' },
  { name: 'Lakeview Water Treatment Upgrade', address: '15 Shoreline Dr, Job Trailer', city: 'Boise, ID 83714' },
  { name: 'St. Francis Parish Hall', address: '600 Agua Fria St', city: 'Santa Fe, NM 87501' },
];

export const PEOPLE = [
  'Maria Delgado',
  'Tom Brennan',
  'Aisha Khan',
  'Luis Ortega',
  'Karen Whitfield',
  'Dev Patel',
  'Sam Oduya',
  'Jenny Lindqvist',
  'Marcus Reed',
  'Paul Nakamura',
];

export const US_CITIES = [
  'Spokane, WA 99202',
  'Harrisburg, PA 17104',
  'Wichita, KS 67202',
  'Chattanooga, TN 37402',
  'Nampa, ID 83651',
  'Albuquerque, NM 87102',
  'St. Cloud, MN 56301',
  'Frankfort, KY 40601',
  'Athens, GA 30601',
  'Portland, ME 04101',
];

export function jobNumber(random: Random): string {
  return random.pick([
    () => `${random.int(24, 26)}-${random.digits(3)}`,
    () => random.digits(4),
    () => `J${random.digits(5)}`,
    () => `${random.int(24, 26)}${random.digits(3)}-${random.pick(['01', '02', '10'])}`,
  ])();
}

export function purchaseOrder(random: Random): string {
  return random.pick([
    () => `PO-${random.digits(5)}`,
    () => random.digits(6),
    () => `${random.int(24, 26)}-${random.digits(4)}`,
    () => `HRB${random.digits(4)}`,
  ])();
}

export function streetAddress(random: Random): string {
  const names = ['Commerce', 'Mill', 'Depot', 'Foundry', 'Airport', 'Canal', 'Granite', 'Railroad', 'Orchard', 'Valley View'];
  const kinds = ['St', 'Rd', 'Ave', 'Blvd', 'Dr', 'Way', 'Pkwy'];
  return `${random.int(12, 9890)} ${random.pick(names)} ${random.pick(kinds)}`;
}

export function phone(random: Random): string {
  return `(${random.int(201, 989)}) ${random.int(200, 989)}-${random.digits(4)}`;
}
