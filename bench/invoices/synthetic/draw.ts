/** Drawing on a pdf-lib page with y measured from the top, as a layout designer thinks of it. */
import { PDFDocument, type PDFFont, type PDFPage, StandardFonts, rgb, type RGB } from 'pdf-lib';

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

export type FontFamily = 'helvetica' | 'times' | 'courier';

const FAMILIES: Record<FontFamily, [StandardFonts, StandardFonts]> = {
  helvetica: [StandardFonts.Helvetica, StandardFonts.HelveticaBold],
  times: [StandardFonts.TimesRoman, StandardFonts.TimesRomanBold],
  courier: [StandardFonts.Courier, StandardFonts.CourierBold],
};

export async function embedFonts(doc: PDFDocument, family: FontFamily): Promise<Fonts> {
  const [regular, bold] = FAMILIES[family];
  return { regular: await doc.embedFont(regular), bold: await doc.embedFont(bold) };
}

export const BLACK = rgb(0, 0, 0);
export const GREY = rgb(0.45, 0.45, 0.45);
export const LIGHT = rgb(0.9, 0.9, 0.9);
export const WHITE = rgb(1, 1, 1);

export const PAGE = { width: 612, height: 792, margin: 40 };

export interface TextOptions {
  size?: number;
  font?: PDFFont;
  color?: RGB;
  align?: 'left' | 'right' | 'center';
  /** For right/center alignment: the box width starting at x. */
  width?: number;
}

export class Sheet {
  constructor(
    readonly page: PDFPage,
    readonly fonts: Fonts,
  ) {}

  /** Draws `value` with its top at `top`; returns the y just under it. */
  text(value: string, x: number, top: number, options: TextOptions = {}): number {
    const size = options.size ?? 9;
    const font = options.font ?? this.fonts.regular;
    const fitted = this.fit(value, font, size, options.width);
    const width = font.widthOfTextAtSize(fitted, size);
    const box = options.width ?? 0;
    const left = options.align === 'right' ? x + box - width : options.align === 'center' ? x + (box - width) / 2 : x;
    if (fitted) this.page.drawText(fitted, { x: left, y: PAGE.height - top - size * 0.8, size, font, color: options.color ?? BLACK });
    return top + size * 1.25;
  }

  /** Several lines under each other. */
  lines(values: string[], x: number, top: number, options: TextOptions = {}): number {
    let y = top;
    for (const value of values) y = this.text(value, x, y, options);
    return y;
  }

  rule(x1: number, top: number, x2: number, thickness = 0.6, color: RGB = BLACK): void {
    this.page.drawLine({ start: { x: x1, y: PAGE.height - top }, end: { x: x2, y: PAGE.height - top }, thickness, color });
  }

  box(x: number, top: number, width: number, height: number, options: { fill?: RGB; border?: RGB; thickness?: number } = {}): void {
    this.page.drawRectangle({
      x,
      y: PAGE.height - top - height,
      width,
      height,
      color: options.fill,
      borderColor: options.border,
      borderWidth: options.border ? (options.thickness ?? 0.6) : 0,
    });
  }

  width(value: string, size = 9, font = this.fonts.regular): number {
    return font.widthOfTextAtSize(value, size);
  }

  /** Cuts text that would overflow its cell, the way a narrow column truncates on a real invoice. */
  private fit(value: string, font: PDFFont, size: number, width?: number): string {
    if (!width || font.widthOfTextAtSize(value, size) <= width) return value;
    let cut = value;
    while (cut.length > 1 && font.widthOfTextAtSize(cut, size) > width) cut = cut.slice(0, -1);
    return cut;
  }
}
