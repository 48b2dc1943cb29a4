/**
 * A thin layer over pdf-lib: positions measured from the top of the page, right and centred text,
 * rules and boxes, and a document whose bytes depend only on what was drawn (fixed metadata).
 */
import { PDFDocument, type PDFFont, type PDFPage, type RGB, StandardFonts, rgb } from 'pdf-lib';

export type Family = 'helvetica' | 'times' | 'courier';
export type PageSize = 'letter' | 'a4';

const SIZES: Record<PageSize, [number, number]> = { letter: [612, 792], a4: [595.28, 841.89] };
const FACES: Record<Family, [StandardFonts, StandardFonts, StandardFonts]> = {
  helvetica: [StandardFonts.Helvetica, StandardFonts.HelveticaBold, StandardFonts.HelveticaOblique],
  times: [StandardFonts.TimesRoman, StandardFonts.TimesRomanBold, StandardFonts.TimesRomanItalic],
  courier: [StandardFonts.Courier, StandardFonts.CourierBold, StandardFonts.CourierOblique],
};

export const BLACK = rgb(0, 0, 0);
export const GREY = rgb(0.42, 0.42, 0.42);
export const LIGHT = rgb(0.9, 0.9, 0.9);

export interface TextOptions {
  size?: number;
  bold?: boolean;
  italic?: boolean;
  color?: RGB;
  align?: 'left' | 'right' | 'center';
}

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
}

export class Sheet {
  constructor(
    private readonly page: PDFPage,
    private readonly fonts: Fonts,
  ) {}

  get width(): number {
    return this.page.getWidth();
  }

  get height(): number {
    return this.page.getHeight();
  }

  private fontOf(options: TextOptions): PDFFont {
    return options.bold ? this.fonts.bold : options.italic ? this.fonts.italic : this.fonts.regular;
  }

  widthOf(value: string, options: TextOptions = {}): number {
    return this.fontOf(options).widthOfTextAtSize(value, options.size ?? 9);
  }

  /** Draws `value` with its baseline `top` points below the top edge; `x` is the anchor of `align`. */
  text(value: string, x: number, top: number, options: TextOptions = {}): void {
    if (value === '') return;
    const size = options.size ?? 9;
    const width = this.widthOf(value, options);
    const left = options.align === 'right' ? x - width : options.align === 'center' ? x - width / 2 : x;
    this.page.drawText(value, { x: left, y: this.height - top, size, font: this.fontOf(options), color: options.color ?? BLACK });
  }

  /** Lines of at most `width` points, broken at spaces. */
  wrap(value: string, width: number, options: TextOptions = {}): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of value.split(' ')) {
      const next = line ? `${line} ${word}` : word;
      if (line && this.widthOf(next, options) > width) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    if (line) lines.push(line);
    return lines;
  }

  /** Wrapped text; returns the top of the line after it. */
  paragraph(value: string, x: number, top: number, width: number, options: TextOptions = {}): number {
    const leading = (options.size ?? 9) * 1.3;
    for (const line of this.wrap(value, width, options)) {
      this.text(line, x, top, options);
      top += leading;
    }
    return top;
  }

  rule(x1: number, x2: number, top: number, thickness = 0.6, color: RGB = BLACK): void {
    this.line(x1, top, x2, top, thickness, color);
  }

  line(x1: number, top1: number, x2: number, top2: number, thickness = 0.6, color: RGB = BLACK): void {
    this.page.drawLine({ start: { x: x1, y: this.height - top1 }, end: { x: x2, y: this.height - top2 }, thickness, color });
  }

  box(x: number, top: number, width: number, height: number, style: { fill?: RGB; stroke?: RGB; thickness?: number }): void {
    this.page.drawRectangle({
      x,
      y: this.height - top - height,
      width,
      height,
      color: style.fill,
      borderColor: style.stroke,
      borderWidth: style.stroke ? (style.thickness ?? 0.8) : 0,
    });
  }
}

export class Document {
  private constructor(
    private readonly pdf: PDFDocument,
    private readonly fonts: Fonts,
    private readonly size: PageSize,
  ) {}

  /** A document with fixed metadata, so the same drawing always gives the same bytes. */
  static async open(family: Family, size: PageSize, info: { title: string; author: string; created: Date }): Promise<Document> {
    const pdf = await PDFDocument.create({ updateMetadata: false });
    const [regular, bold, italic] = await Promise.all(FACES[family].map((face) => pdf.embedFont(face)));
    pdf.setTitle(info.title);
    pdf.setAuthor(info.author);
    pdf.setProducer('pdf-lib');
    pdf.setCreationDate(info.created);
    pdf.setModificationDate(info.created);
    return new Document(pdf, { regular, bold, italic }, size);
  }

  addSheet(): Sheet {
    return new Sheet(this.pdf.addPage(SIZES[this.size]), this.fonts);
  }

  get pages(): number {
    return this.pdf.getPageCount();
  }

  async save(): Promise<Uint8Array> {
    return this.pdf.save({ useObjectStreams: false });
  }
}
