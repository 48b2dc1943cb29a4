/**
 * The positioned text of a PDF that the layout job returns (readInvoiceLayout) and the invoice
 * reader (server/invoice-reading) takes. Pure data, shared by the main thread and the worker.
 */

/** A run of text on a page, in PDF points from the page's top-left corner. */
export interface LayoutItem {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LayoutPage {
  /** 1-based */
  page: number;
  width: number;
  height: number;
  items: LayoutItem[];
  /** The page had no text layer and its items come from OCR (word boxes). */
  ocr: boolean;
}

export interface InvoiceLayout {
  pages: LayoutPage[];
  /** Embedded files that look like e-invoice XML (factur-x.xml, zugferd-invoice.xml, xrechnung.xml, *.xml). */
  attachments: Array<{ name: string; xml: string }>;
}
