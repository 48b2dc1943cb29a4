/** Draws one invoice into a PDF document with a generic layout; returns the pages it took. */
import type { PDFDocument } from 'pdf-lib';
import { GREY, PAGE, Sheet, embedFonts } from './draw';
import { drawHeader } from './header';
import type { LayoutSpec } from './layouts';
import type { InvoiceModel } from './model';
import { CONTENT_BOTTOM, drawTable, drawTotals, totalsHeight } from './table';

export async function renderInvoice(doc: PDFDocument, model: InvoiceModel, spec: LayoutSpec): Promise<number> {
  const fonts = await embedFonts(doc, spec.font);
  const sheets: Sheet[] = [];
  const addSheet = () => {
    const sheet = new Sheet(doc.addPage([PAGE.width, PAGE.height]), fonts);
    sheets.push(sheet);
    return sheet;
  };
  const continuation = () => {
    const sheet = addSheet();
    const y = sheet.text(`${model.vendor.name} - ${spec.labels.number} ${model.invoiceNumber} (continued)`, PAGE.margin, PAGE.margin, {
      size: 9,
      font: fonts.bold,
    });
    return { sheet, top: y + 12 };
  };
  const first = addSheet();
  const tableTop = drawHeader(first, model, spec);
  let { sheet, y } = drawTable(first, model, spec, tableTop, continuation);
  if (y + totalsHeight(model) > CONTENT_BOTTOM) ({ sheet, top: y } = continuation());
  y = drawTotals(sheet, model, spec, y + 6);
  sheet.text(
    spec.statement ? 'Please detach and return the remittance portion with your payment.' : 'Thank you for your business!',
    PAGE.margin,
    y + 14,
    { size: 8, color: GREY },
  );
  sheets.forEach((page, i) => {
    page.text(`Page ${i + 1} of ${sheets.length}`, PAGE.margin, PAGE.height - PAGE.margin, {
      size: 7.5,
      color: GREY,
      align: 'right',
      width: PAGE.width - 2 * PAGE.margin,
    });
  });
  return sheets.length;
}
