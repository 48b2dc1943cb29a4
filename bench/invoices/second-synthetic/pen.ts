/**
 * Drawing on a US Letter page with y measured down from the top edge, as a form designer lays
 * out an invoice. Text is placed by its top, so rows line up whatever the font size.
 */
import { type PDFDocument, type PDFFont, type PDFPage, type RGB, StandardFonts, rgb } from 'pdf-lib';

export const WIDTH = 612;
const HEIGHT = 792;

export const INK = rgb(0, 0, 0);
export const GREY = rgb(0.4, 0.4, 0.4);
export const SHADE = rgb(0.9, 0.9, 0.9);
export const PALE = rgb(0.955, 0.955, 0.955);
export const WHITE = rgb(1, 1, 1);

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

export type Family = 'helvetica' | 'times' | 'courier';

const FAMILIES: Record<Family, [StandardFonts, StandardFonts]> = {
  helvetica: [StandardFonts.Helvetica, StandardFonts.HelveticaBold],
  times: [StandardFonts.TimesRoman, StandardFonts.TimesRomanBold],
  courier: [StandardFonts.Courier, StandardFonts.CourierBold],
};

export async function loadFonts(doc: PDFDocument, family: Family): Promise<Fonts> {
  const [regular, bold] = FAMILIES[family];
  return { regular: await doc.embedFont(regular), bold: await doc.embedFont(bold) };
}

export interface Style {
  size?: number;
  bold?: boolean;
  /** Another family than the page's (a Times letterhead over a Helvetica body). */
  font?: PDFFont;
  color?: RGB;
  /** 'left': x is the left edge; 'right': x is the right edge; 'center': x is the middle. */
  align?: 'left' | 'right' | 'center';
}

export class Pen {
  constructor(
    readonly page: PDFPage,
    readonly fonts: Fonts,
  ) {}

  static add(doc: PDFDocument, fonts: Fonts): Pen {
    return new Pen(doc.addPage([WIDTH, HEIGHT]), fonts);
  }

  private font(style: Style): PDFFont {
    return style.font ?? (style.bold ? this.fonts.bold : this.fonts.regular);
  }

  widthOf(value: string, style: Style = {}): number {
    return this.font(style).widthOfTextAtSize(value, style.size ?? 9);
  }

  /** Writes one line with its top at `top`; returns the top of the next line. */
  text(value: string, x: number, top: number, style: Style = {}): number {
    const size = style.size ?? 9;
    const width = this.widthOf(value, style);
    const left = style.align === 'right' ? x - width : style.align === 'center' ? x - width / 2 : x;
    if (value) this.page.drawText(value, { x: left, y: HEIGHT - top - size * 0.78, size, font: this.font(style), color: style.color ?? INK });
    return top + size * 1.3;
  }

  lines(values: string[], x: number, top: number, style: Style = {}): number {
    let y = top;
    for (const value of values) y = this.text(value, x, y, style);
    return y;
  }

  /** Splits `value` into lines no wider than `width`, breaking between words. */
  wrap(value: string, width: number, style: Style = {}): string[] {
    const out: string[] = [];
    let line = '';
    for (const word of value.split(' ')) {
      const next = line ? `${line} ${word}` : word;
      if (line && this.widthOf(next, style) > width) {
        out.push(line);
        line = word;
      } else line = next;
    }
    if (line) out.push(line);
    return out;
  }

  rule(x1: number, x2: number, top: number, thickness = 0.5, color: RGB = INK, dashed = false): void {
    this.page.drawLine({
      start: { x: x1, y: HEIGHT - top },
      end: { x: x2, y: HEIGHT - top },
      thickness,
      color,
      dashArray: dashed ? [3, 2] : undefined,
    });
  }

  /** A vertical line from `top` down to `bottom`. */
  post(x: number, top: number, bottom: number, thickness = 0.5, color: RGB = INK): void {
    this.page.drawLine({ start: { x, y: HEIGHT - top }, end: { x, y: HEIGHT - bottom }, thickness, color });
  }

  box(x: number, top: number, width: number, height: number, look: { fill?: RGB; stroke?: RGB; thickness?: number } = {}): void {
    this.page.drawRectangle({
      x,
      y: HEIGHT - top - height,
      width,
      height,
      color: look.fill,
      borderColor: look.stroke,
      borderWidth: look.stroke ? (look.thickness ?? 0.6) : 0,
    });
  }
}

/** "Page 1 of 2" on every page once the page count is known. */
export function pageFooters(
  doc: PDFDocument,
  fonts: Fonts,
  at: 'center' | 'right',
  wording = (page: number, of: number) => `Page ${page} of ${of}`,
): void {
  const pages = doc.getPages();
  pages.forEach((page, i) => {
    const pen = new Pen(page, fonts);
    pen.text(wording(i + 1, pages.length), at === 'center' ? WIDTH / 2 : WIDTH - 40, HEIGHT - 30, { size: 7.5, align: at });
  });
}
