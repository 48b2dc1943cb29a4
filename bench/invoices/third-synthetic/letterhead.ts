/**
 * Issuer blocks as printed: initials in a filled square beside the name, a wordmark with the legal
 * name on the same line (the name twice on one line), or the name alone. Returns the next free top.
 */
import type { Random } from './random';
import { rgb } from 'pdf-lib';
import { GREY, type Sheet } from './sheet';

export interface Issuer {
  /** The legal name as printed: the vendor in the truth. */
  name: string;
  /** The short brand a logo shows, e.g. `KEYSTONE`. */
  brand: string;
  street: string;
  city: string;
  phone: string;
}

export type LetterheadStyle = 'initials' | 'wordmark' | 'name';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter((word) => /^[A-Z]/.test(word) && !/^(Inc|LLC|Co|Ltd)\.?,?$/.test(word))
    .slice(0, 3)
    .map((word) => word[0])
    .join('');

export function drawLetterhead(sheet: Sheet, random: Random, issuer: Issuer, x: number, top: number, style: LetterheadStyle): number {
  const accent = random.pick([rgb(0.1, 0.25, 0.5), rgb(0.55, 0.1, 0.1), rgb(0.1, 0.4, 0.2), rgb(0.2, 0.2, 0.2)]);
  if (style === 'initials') {
    sheet.box(x, top - 22, 34, 30, { fill: accent });
    sheet.text(initials(issuer.name), x + 17, top, { size: 14, bold: true, color: rgb(1, 1, 1), align: 'center' });
    sheet.text(issuer.name, x + 42, top, { size: 14, bold: true });
    x += 42;
  } else if (style === 'wordmark') {
    sheet.text(issuer.brand, x, top, { size: 20, bold: true, color: accent });
    const after = x + sheet.widthOf(issuer.brand, { size: 20, bold: true }) + 12;
    sheet.text(issuer.name, after, top, { size: 9, bold: true });
  } else sheet.text(issuer.name, x, top, { size: 15, bold: true });
  let next = top + (style === 'wordmark' ? 14 : 13);
  for (const line of [issuer.street, issuer.city, issuer.phone]) {
    sheet.text(line, x, next, { size: 8.5, color: style === 'name' ? undefined : GREY });
    next += 10.5;
  }
  return next;
}
