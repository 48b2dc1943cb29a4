/**
 * A seeded vendor master of construction suppliers, and invoice-style misspellings of its names
 * (suffixes dropped or swapped, '&'/'and', case, punctuation, OCR confusions, a dropped or
 * doubled letter, abbreviations), sometimes with the vendor's phone or e-mail as a hint.
 */
import { seededRandom } from '../support';

export interface SyntheticVendor {
  code: string;
  name: string;
  address: string;
  phone: string;
  email: string;
}

export interface NoisyQuery {
  expectedCode: string;
  name: string;
  phone?: string;
  email?: string;
  noise: string[];
}

const SURNAMES = [
  'Hendricks',
  'Morales',
  'Whitaker',
  'Nguyen',
  'Okafor',
  'Brennan',
  'Castillo',
  'Delgado',
  'Fitzgerald',
  'Gallagher',
  'Harrington',
  'Iverson',
  'Jennings',
  'Kowalski',
  'Lindqvist',
  'McAllister',
  'Novak',
  "O'Connell",
  'Pruitt',
  'Quintero',
  'Ramirez',
  'Schaefer',
  'Thornton',
  'Underwood',
  'Vasquez',
  'Whitfield',
  'Yates',
  'Zimmerman',
  'Abernathy',
  'Baxter',
  'Coleman',
  'Dawson',
  'Ellison',
  'Fairbanks',
  'Guthrie',
  'Holloway',
  'Ingram',
  'Jacobs',
  'Kendrick',
  'Lancaster',
  'Maddox',
  'Nolan',
  'Oakley',
  'Pemberton',
  'Redmond',
  'Sullivan',
  'Talbot',
  'Vance',
  'Wheeler',
  'Alvarez',
  'Barrett',
  'Crawford',
  'Donnelly',
  'Everett',
  'Fleming',
  'Grayson',
  'Hawkins',
  'Jimenez',
  'Keller',
  'Lawson',
  'Mercer',
  'Norris',
  'Owens',
  'Patterson',
  'Reyes',
  'Sanders',
  'Tucker',
  'Walsh',
  'Bradford',
  'Carver',
  'Duffy',
  'Eastman',
  'Ford',
  'Garner',
  'Hale',
  'Kemp',
  'Lowry',
  'Marsh',
  'Pike',
  'Rhodes',
  'Stokes',
];
const PLACES = [
  'Gulf Coast',
  'Lone Star',
  'Brazos Valley',
  'Hill Country',
  'Permian Basin',
  'Red River',
  'Rio Grande',
  'Piney Woods',
  'Big Sky',
  'Great Plains',
  'Blue Ridge',
  'Cascade',
  'Sierra',
  'Mesa',
  'Prairie',
  'Bayou',
  'Coastal',
  'Summit',
  'Lakeshore',
  'Mountain West',
  'Tri-County',
  'Capital City',
  'Metro',
  'Heartland',
  'Panhandle',
  'Sun Belt',
  'Desert',
  'Canyon',
  'Riverbend',
  'Northstar',
  'Southern',
  'Midwest',
  'Pacific',
  'Atlantic',
  'Keystone',
  'Granite State',
  'Bluebonnet',
  'Magnolia',
  'Cypress',
  'Ironwood',
];
const TRADES = [
  'Lumber & Supply',
  'Ready Mix',
  'Equipment Rental',
  'Electric Supply',
  'Plumbing Supply',
  'Concrete',
  'Steel Fabricators',
  'Drywall',
  'Roofing',
  'Paving',
  'Glass & Glazing',
  'Masonry Supply',
  'Aggregates',
  'Hardware',
  'Mechanical',
  'HVAC Services',
  'Crane Service',
  'Trucking',
  'Excavation',
  'Insulation',
  'Door & Hardware',
  'Fence',
  'Rebar',
  'Sand & Gravel',
  'Building Materials',
  'Scaffolding',
  'Landscape Supply',
  'Waste Services',
  'Portable Toilets',
  'Survey',
  'Engineering',
  'Fire Protection',
  'Painting',
  'Flooring',
  'Millwork',
  'Tile & Stone',
  'Welding Supply',
  'Pipe & Supply',
  'Electrical Contractors',
  'Manufacturing',
  'Brothers Construction',
];
const SUFFIXES = ['', '', ' Inc', ' Inc.', ', Inc.', ' LLC', ', LLC', ' Co.', ' Company', ' Corp.', ' Corporation', ', Ltd.', ' L.L.C.'];
const STATES = ['Texas', 'Oklahoma', 'Louisiana', 'Arkansas', 'New Mexico', 'Colorado', 'Arizona', 'Florida', 'Georgia', 'Tennessee'];
const STREETS = ['Industrial', 'Commerce', 'Foundry', 'Quarry', 'Main', 'Mill', 'Market', 'Depot', 'Freight', 'Railroad', 'Airport', 'Harbor'];
const STREET_TYPES = ['Blvd', 'Rd', 'St', 'Ave', 'Pkwy', 'Dr', 'Way'];
const CITIES: Array<[string, string]> = [
  ['Houston', 'TX'],
  ['Dallas', 'TX'],
  ['Austin', 'TX'],
  ['Tulsa', 'OK'],
  ['Shreveport', 'LA'],
  ['Little Rock', 'AR'],
  ['Denver', 'CO'],
  ['Phoenix', 'AZ'],
  ['Tampa', 'FL'],
  ['Atlanta', 'GA'],
  ['Nashville', 'TN'],
  ['Albuquerque', 'NM'],
];
const FREE_MAIL = ['gmail.com', 'yahoo.com', 'outlook.com'];

function normalizedKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/\b(inc|llc|l l c|co|company|corp|corporation|ltd)\b/g, '')
    .trim();
}

export function generateVendors(count: number, seed = 7): SyntheticVendor[] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const letters = () => Array.from({ length: 2 + Math.floor(random() * 2) }, () => 'ABCDEFGHJKLMNPRSTW'[Math.floor(random() * 18)]).join('');
  const patterns: Array<() => string> = [
    () => `${pick(SURNAMES)} ${pick(TRADES)}`,
    () => `${pick(PLACES)} ${pick(TRADES)}`,
    () => `${pick(SURNAMES)} & ${pick(SURNAMES)} ${pick(TRADES)}`,
    () => `${pick(SURNAMES)} Brothers ${pick(TRADES)}`,
    () => `${pick(SURNAMES)} & Sons ${pick(TRADES)}`,
    () => `${letters()} ${pick(TRADES)}`,
    () => `${pick(['A', 'B', 'C', 'D', 'E'])}-${1 + Math.floor(random() * 9)} ${pick(TRADES)}`,
    () => `${pick(PLACES)} ${pick(SURNAMES)} ${pick(TRADES)}`,
  ];
  const vendors: SyntheticVendor[] = [];
  const seen = new Set<string>();
  const add = (name: string) => {
    const key = normalizedKey(name);
    if (seen.has(key)) return false;
    seen.add(key);
    const i = vendors.length;
    const [city, state] = pick(CITIES);
    const slug = name
      .toLowerCase()
      .replace(/&/g, 'and')
      .replace(/[^a-z0-9]+/g, '')
      .slice(0, 24);
    vendors.push({
      code: `V${10_000 + i}`,
      name,
      address: `${100 + Math.floor(random() * 9800)} ${pick(STREETS)} ${pick(STREET_TYPES)}, ${city}, ${state} ${70_000 + Math.floor(random() * 9999)}`,
      phone: `(${200 + Math.floor(random() * 700)}) 555-${String(Math.floor(random() * 10_000)).padStart(4, '0')}`,
      email: random() < 0.7 ? `ap@${slug}.com` : `${slug.slice(0, 10)}@${pick(FREE_MAIL)}`,
    });
    return true;
  };
  for (const name of ['ABC Supply', 'ABC Supply of Texas', 'A-1 Equipment Rental Inc', 'Hendricks Lumber & Supply Co.', 'Gulf Coast Ready Mix, LLC'])
    add(name);
  while (vendors.length < count) {
    const base = pick(patterns)();
    if (!add(`${base}${pick(SUFFIXES)}`)) continue;
    // Confusable near-duplicates: the same business's regional arm or a sister company.
    const twin = random();
    if (twin < 0.05 && vendors.length < count) add(`${base} of ${pick(STATES)}${pick(SUFFIXES)}`);
    else if (twin < 0.08 && vendors.length < count) add(`${base} ${pick(['Holdings', 'Services', 'Group', 'West', 'East'])}${pick(SUFFIXES)}`);
  }
  return vendors;
}

const ABBREVIATE: Array<[RegExp, string]> = [
  [/\bSupply\b/, 'Sup'],
  [/\bCompany\b/, 'Co'],
  [/\bBrothers\b/, 'Bros'],
  [/\bEquipment\b/, 'Equip'],
  [/\bManufacturing\b/, 'Mfg'],
  [/\bElectric\b/, 'Elec'],
  [/\bServices\b/, 'Svcs'],
  [/\bConstruction\b/, 'Const'],
  [/\bMaterials\b/, 'Matls'],
  [/\bBuilding\b/, 'Bldg'],
];
const OCR: Array<[RegExp, string]> = [
  [/o/, '0'],
  [/O/, '0'],
  [/l/, '1'],
  [/I/, 'l'],
  [/m/, 'rn'],
  [/S/, '5'],
  [/B/, '8'],
  [/i/, 'l'],
];

export function generateQueries(vendors: SyntheticVendor[], count: number, seed = 11): NoisyQuery[] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const stripSuffix = (name: string) => name.replace(/,?\s+(Inc\.?|LLC|L\.L\.C\.|Co\.|Company|Corp\.|Corporation|Ltd\.)$/, '');
  const ops: Array<[string, (name: string) => string]> = [
    ['drop-suffix', (n) => stripSuffix(n)],
    ['swap-suffix', (n) => `${stripSuffix(n)}${pick([' Inc', ', LLC', ' Co', ' Corp', ' Company', ' Incorporated'])}`],
    ['ampersand', (n) => (n.includes('&') ? n.replace('&', 'and') : n.replace(/ and /i, ' & '))],
    ['upper', (n) => n.toUpperCase()],
    ['lower', (n) => n.toLowerCase()],
    ['punctuation', (n) => (n.match(/[.,'-]/) ? n.replace(/[.,'-]/g, '') : n.replace(' ', ', '))],
    [
      'ocr',
      (n) => {
        const [pattern, replacement] = pick(OCR.filter(([p]) => p.test(n)).concat([[/$/, '']]));
        return n.replace(pattern, replacement);
      },
    ],
    ['drop-letter', (n) => editLetter(n, random, 'drop')],
    ['double-letter', (n) => editLetter(n, random, 'double')],
    [
      'abbreviate',
      (n) => {
        const found = ABBREVIATE.filter(([p]) => p.test(n));
        if (found.length === 0) return n;
        const [pattern, short] = pick(found);
        return n.replace(pattern, short);
      },
    ],
  ];
  const queries: NoisyQuery[] = [];
  while (queries.length < count) {
    const vendor = pick(vendors);
    let name = vendor.name;
    const noise: string[] = [];
    const steps = 1 + Math.floor(random() * 3);
    for (let i = 0; i < steps; i++) {
      const [label, apply] = pick(ops);
      name = apply(name);
      noise.push(label);
    }
    const query: NoisyQuery = { expectedCode: vendor.code, name, noise };
    const hint = random();
    if (hint < 0.2) query.phone = vendor.phone.replace(/[()]/g, '').replace(' ', '-');
    else if (hint < 0.3) query.email = `billing@${vendor.email.split('@')[1]}`;
    queries.push(query);
  }
  return queries;
}

/** Drops or doubles one letter inside a word of five letters or more (never its first letter). */
function editLetter(name: string, random: () => number, how: 'drop' | 'double'): string {
  const words = name.split(' ');
  const candidates = words.map((w, i) => [w, i] as const).filter(([w]) => /^[A-Za-z]{5,}$/.test(w));
  if (candidates.length === 0) return name;
  const [word, index] = candidates[Math.floor(random() * candidates.length)];
  const at = 1 + Math.floor(random() * (word.length - 1));
  words[index] = how === 'drop' ? word.slice(0, at) + word.slice(at + 1) : word.slice(0, at) + word[at] + word.slice(at);
  return words.join(' ');
}
