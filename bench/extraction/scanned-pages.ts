/**
 * Scanned-looking A4 pages at 150 dpi whose text is known: invoice-like text drawn with
 * @napi-rs/canvas, then spoiled the way a desk scanner spoils paper (a slight rotation, a grey
 * sheet, a soft focus, grain, a dark lid edge, JPEG). Seeded, so every run sees the same pixels.
 * OCR changes are tried on this set first (decision 024).
 */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { seededRandom } from '../support';

export const A4_150_DPI = { width: 1240, height: 1754 };

export interface ScannedPage {
  name: string;
  jpeg: Buffer;
  /** The words on the page in reading order, one line per printed line. */
  truth: string;
  /** How the page was spoiled, for the report. */
  scan: { degrees: number; blurPx: number; noise: number; jpegQuality: number; lidEdge: boolean };
}

interface Style {
  family: string;
  points: number;
}

const STYLES: Style[] = [
  { family: 'Liberation Sans', points: 10 },
  { family: 'Liberation Serif', points: 11 },
  { family: 'DejaVu Sans', points: 9 },
  { family: 'Liberation Mono', points: 10 },
  { family: 'Liberation Sans Narrow', points: 11 },
  { family: 'DejaVu Serif', points: 10 },
];

const VENDORS = ['Harbor Concrete Supply LLC', 'Ridgeline Lumber & Millwork', 'Summit Electrical Wholesale', 'Northgate Steel Fabricators'];
const STREETS = ['1450 Industrial Parkway', '88 Quarry Road, Unit 4', '2301 W. Commerce Street', '17 Foundry Lane'];
const CITIES = ['Sacramento, CA 95815', 'Tacoma, WA 98421', 'Dayton, OH 45402', 'Allentown, PA 18103'];
const ITEMS = [
  'Ready-mix concrete 4000 PSI',
  'Rebar #5 Grade 60, 20 ft',
  'Douglas fir 2x10x16 KD',
  'Plywood CDX 3/4 in. 4x8',
  'THHN copper wire 12 AWG',
  'Anchor bolts 5/8 x 12 galv.',
  'Pump truck rental, 4 hours',
  'Delivery fee, short load',
  'Wide flange beam W12x26',
  'Conduit EMT 3/4 in. x 10 ft',
  'Joist hangers LUS210Z',
  'Vapor barrier 10 mil, roll',
];
const TERMS = [
  'Payment is due within 30 days of the invoice date. A finance charge of 1.5% per month will be applied to past due balances.',
  'Please reference the invoice number and job number with your remittance. Materials remain our property until paid in full.',
  'Questions about this invoice? Call our accounts receivable department at (916) 555-0142 between 8 am and 4 pm.',
];
/** The small print most supplier invoices carry at the foot of the page. */
const SMALL_PRINT = [
  'Returns: stock items may be returned within 14 days in resaleable condition with the original packing slip; a 20% restocking fee applies.',
  'Special orders, cut lengths and custom fabrication are non-returnable. Claims for shortages or damage must be made at the time of delivery.',
  'Buyer agrees to pay all costs of collection, including reasonable attorney fees. Prices are subject to change without notice.',
  'Lien notice: any person or firm who supplies labor or materials for the improvement of real property may file a lien against that property.',
];

/** Six pages, one per typeface, each with its own spoiling. */
export function makeScannedPages(seed = 2411): ScannedPage[] {
  return STYLES.map((style, index) => makeScannedPage(`synthetic-${index + 1}`, style, index, seededRandom(seed + index)));
}

interface Line {
  text: string;
  x: number;
  /** Cells drawn at these x positions instead of `text` (a table row). */
  cells?: Array<{ text: string; x: number; right?: boolean }>;
  scale?: number;
  bold?: boolean;
  /** Light text on a dark bar, as many invoices print their table header. */
  reversed?: boolean;
}

function pageLines(random: () => number, reversedHeader: boolean): Line[] {
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
  const vendor = Math.floor(random() * VENDORS.length);
  const number = `INV-${20_000 + Math.floor(random() * 79_999)}`;
  const lines: Line[] = [
    { text: VENDORS[vendor], x: 110, scale: 1.6, bold: true },
    { text: STREETS[vendor], x: 110 },
    { text: CITIES[vendor], x: 110 },
    { text: '', x: 0 },
    { text: 'INVOICE', x: 110, scale: 2, bold: true },
    { text: `Invoice No: ${number}`, x: 110 },
    { text: `Invoice Date: ${1 + Math.floor(random() * 12)}/${1 + Math.floor(random() * 28)}/2026`, x: 110 },
    {
      text: `Job: ${pick(['Riverside Medical Office', 'Lot 14 Parking Structure', 'Elm Street Townhomes'])} #${100 + Math.floor(random() * 900)}`,
      x: 110,
    },
    { text: `PO Number: ${4_500_000 + Math.floor(random() * 99_999)}`, x: 110 },
    { text: '', x: 0 },
  ];
  lines.push({ ...row(['Description', 'Qty', 'Unit Price', 'Amount'], true), reversed: reversedHeader });
  let subtotal = 0;
  const count = 6 + Math.floor(random() * 6);
  for (let i = 0; i < count; i++) {
    const quantity = 1 + Math.floor(random() * 120);
    const price = Math.round((5 + random() * 400) * 100) / 100;
    const amount = Math.round(quantity * price * 100) / 100;
    subtotal += amount;
    lines.push(row([pick(ITEMS), String(quantity), money(price), money(amount)]));
  }
  const tax = Math.round(subtotal * 0.0725 * 100) / 100;
  lines.push({ text: '', x: 0 }, row(['', '', 'Subtotal', money(subtotal)]), row(['', '', 'Sales Tax 7.25%', money(tax)]));
  lines.push(row(['', '', 'Total Due', money(subtotal + tax)], true), { text: '', x: 0 });
  for (const sentence of TERMS.slice(0, 1 + Math.floor(random() * 3))) lines.push(...wrap(sentence, 78).map((text) => ({ text, x: 110 })));
  lines.push({ text: '', x: 0 });
  for (const sentence of SMALL_PRINT) lines.push(...wrap(sentence, 100).map((text) => ({ text, x: 110, scale: 0.85 })));
  return lines;
}

function row(cells: string[], bold = false): Line {
  const at = [110, 640, 860, 1130];
  return {
    text: cells.filter(Boolean).join(' '),
    x: 110,
    bold,
    cells: cells.map((text, i) => ({ text, x: at[i], right: i > 0 })).filter((cell) => cell.text),
  };
}

const money = (value: number) => value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + word.length + 1 > width) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return line ? [...out, line] : out;
}

function makeScannedPage(name: string, style: Style, index: number, random: () => number): ScannedPage {
  const lines = pageLines(random, index % 3 === 1);
  const { jpeg, scan } = spoilLikeScan((ctx) => drawLines(ctx, lines, style), A4_150_DPI, index, random);
  return { name, jpeg, truth: lines.map((line) => line.text).join('\n'), scan };
}

/**
 * What a desk scanner does to a sheet: `draw` puts the page's ink on a grey sheet, turned and
 * slightly out of focus; then come grain, dust, on every other page a dark lid edge, and JPEG.
 */
export function spoilLikeScan(
  draw: (ctx: SKRSContext2D) => void,
  size: { width: number; height: number },
  index: number,
  random: () => number,
): { jpeg: Buffer; scan: ScannedPage['scan'] } {
  // Tilt and lid edge alternate so that both directions and both kinds of border are in the set.
  const sign = index % 2 ? -1 : 1;
  const scan = {
    degrees: Math.round(sign * (0.5 + random() * 1.5) * 100) / 100,
    blurPx: Math.round((0.3 + random() * 0.5) * 100) / 100,
    noise: Math.round(6 + random() * 10),
    jpegQuality: Math.round(55 + random() * 25),
    lidEdge: index % 2 === 0,
  };
  const paper = Math.round(212 + random() * 28);
  const ink = Math.round(15 + random() * 50);
  const { width, height } = size;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = `rgb(${paper},${paper},${paper - 6})`;
  ctx.fillRect(0, 0, width, height);
  ctx.save();
  ctx.filter = `blur(${scan.blurPx}px)`;
  ctx.translate(width / 2, height / 2);
  ctx.rotate((scan.degrees * Math.PI) / 180);
  ctx.translate(-width / 2, -height / 2);
  ctx.fillStyle = `rgb(${ink},${ink},${ink + 10})`;
  draw(ctx);
  ctx.restore();
  if (scan.lidEdge) {
    // The dark strip a scanner lid leaves along one side of the glass.
    ctx.fillStyle = 'rgb(28,28,30)';
    ctx.fillRect(width - 18 - Math.floor(random() * 20), 0, 40, height);
  }
  addGrain(ctx, width, height, scan.noise, random);
  return { jpeg: canvas.encodeSync('jpeg', scan.jpegQuality), scan };
}

function drawLines(ctx: SKRSContext2D, lines: Line[], style: Style): void {
  const px = (style.points * 150) / 72;
  let y = 150;
  for (const line of lines) {
    const size = px * (line.scale ?? 1);
    y += size * 1.45;
    if (!line.text) continue;
    const ink = ctx.fillStyle;
    if (line.reversed) {
      ctx.fillRect(line.x - 12, y - size * 1.05, 1044, size * 1.45);
      ctx.fillStyle = 'rgb(238,238,238)';
    }
    ctx.font = `${line.bold ? 'bold ' : ''}${Math.round(size)}px "${style.family}"`;
    for (const cell of line.cells ?? [{ text: line.text, x: line.x }]) {
      ctx.textAlign = 'right' in cell && cell.right ? 'right' : 'left';
      ctx.fillText(cell.text, cell.x, y);
    }
    ctx.fillStyle = ink;
  }
  ctx.textAlign = 'left';
}

/** Film-grain noise (Gaussian, the same on each channel) and a sprinkle of dust. */
function addGrain(ctx: SKRSContext2D, width: number, height: number, sigma: number, random: () => number): void {
  const image = ctx.getImageData(0, 0, width, height);
  const data = image.data;
  for (let i = 0; i < data.length; i += 4) {
    const gauss = Math.sqrt(-2 * Math.log(random() || 1e-9)) * Math.cos(2 * Math.PI * random());
    const delta = random() < 0.0004 ? -160 : gauss * sigma;
    data[i] += delta;
    data[i + 1] += delta;
    data[i + 2] += delta;
  }
  ctx.putImageData(image, 0, 0);
}
