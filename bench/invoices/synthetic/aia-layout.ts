/**
 * An AIA-style pay application: page 1 the G702-like summary (contract sum, completed to date,
 * retainage, previous certificates, current payment due), page 2 the G703-like continuation
 * sheet with one line per schedule-of-values item.
 */
import { rgb, type PDFDocument } from 'pdf-lib';
import { BLACK, GREY, LIGHT, PAGE, Sheet, embedFonts } from './draw';
import { formatDate, formatMoney } from './format';
import type { LayoutSpec } from './layouts';
import { type InvoiceModel, isLineItem } from './model';
import { drawTable } from './table';

const M = PAGE.margin;
const RIGHT = PAGE.width - M;

export const AIA_LAYOUT: LayoutSpec = {
  name: 'aia',
  font: 'times',
  letterhead: 'left',
  meta: 'table',
  parties: 'side',
  columnOrder: 'as-is',
  totals: 'right',
  totalLabel: 'CURRENT PAYMENT DUE',
  title: 'APPLICATION AND CERTIFICATE FOR PAYMENT',
  dateStyle: 'us',
  accent: rgb(0, 0, 0),
  statement: false,
  labels: { number: 'Invoice No.', date: 'Invoice Date', due: 'Due Date', terms: 'Terms', po: 'Subcontract No.', job: 'Project No.' },
};

export async function renderPayApplication(doc: PDFDocument, model: InvoiceModel): Promise<number> {
  const fonts = await embedFonts(doc, 'times');
  const { bold } = fonts;
  const summary = new Sheet(doc.addPage([PAGE.width, PAGE.height]), fonts);
  let y = summary.text(AIA_LAYOUT.title, M, 36, { size: 14, font: bold, align: 'center', width: RIGHT - M });
  summary.text('(G702 summary - continuation sheet attached)', M, y, { size: 8, color: GREY, align: 'center', width: RIGHT - M });
  summary.text('FROM SUBCONTRACTOR:', M, 80, { size: 8, font: bold });
  summary.lines([model.vendor.name, ...model.vendor.lines, model.vendor.phone ?? ''], M, 92, { size: 9 });
  summary.text('TO CONTRACTOR:', 320, 80, { size: 8, font: bold });
  summary.lines([model.billTo.name, ...model.billTo.lines.slice(1)], 320, 92, { size: 9 });

  const facts: Array<[string, string]> = [
    ['Project', model.job?.name ?? model.shipTo?.name ?? ''],
    ['Project No.', model.job?.number ?? ''],
    [AIA_LAYOUT.labels.number, model.invoiceNumber],
    [AIA_LAYOUT.labels.date, formatDate(model.invoiceDate, 'us')],
    ...model.meta,
    ...(model.po ? [[AIA_LAYOUT.labels.po, model.po] as [string, string]] : []),
  ];
  y = 170;
  for (const [label, value] of facts) {
    summary.box(M, y, 140, 15, { fill: LIGHT, border: BLACK });
    summary.box(M + 140, y, 230, 15, { border: BLACK });
    summary.text(label, M + 4, y + 3.5, { size: 8.5, font: bold });
    summary.text(value, M + 144, y + 3.5, { size: 8.5 });
    y += 15;
  }
  y += 24;
  summary.text("CONTRACTOR'S APPLICATION FOR PAYMENT", M, y, { size: 10, font: bold });
  y += 18;
  for (const row of model.totals) {
    if (row.total) summary.box(M, y - 3, RIGHT - M, 16, { fill: LIGHT });
    summary.text(row.label, M + 6, y, { size: 9.5, font: row.total ? bold : fonts.regular });
    summary.text(`$${row.value}`, 420, y, { size: 9.5, font: row.total ? bold : fonts.regular, align: 'right', width: RIGHT - 426 });
    y += 18;
  }
  summary.text(
    'The undersigned certifies that the work covered by this application has been completed in accordance with the contract documents.',
    M,
    y + 20,
    { size: 7.5, color: GREY },
  );
  summary.text('By: ______________________________    Date: ______________', M, y + 48, { size: 9 });

  const continuation = new Sheet(doc.addPage([PAGE.width, PAGE.height]), fonts);
  y = continuation.text('CONTINUATION SHEET (G703)', M, 36, { size: 12, font: bold });
  y = continuation.text(
    `Application No. ${model.meta[0]?.[1] ?? ''}   ${AIA_LAYOUT.labels.number} ${model.invoiceNumber}   Period To ${formatDate(model.invoiceDate, 'us')}`,
    M,
    y + 2,
    { size: 8.5 },
  );
  const { sheet, y: end } = drawTable(continuation, model, AIA_LAYOUT, y + 10, () => {
    throw new Error('A schedule of values longer than one page is not generated.');
  });
  const thisPeriod = model.rows.filter(isLineItem).reduce((sum, row) => sum + row.amount, 0);
  sheet.text(`Work completed this period: $${formatMoney(thisPeriod)}`, M, end + 4, { size: 9, font: bold });
  return 2;
}
