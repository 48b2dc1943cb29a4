/** The top of page 1: letterhead, title, the invoice facts and the Bill To / Ship To blocks. */
import { BLACK, GREY, LIGHT, PAGE, type Sheet, WHITE } from './draw';
import { formatDate } from './format';
import type { LayoutSpec } from './layouts';
import type { InvoiceModel, Party } from './model';

const M = PAGE.margin;
const RIGHT = PAGE.width - M;

function metaEntries(model: InvoiceModel, spec: LayoutSpec): Array<[string, string]> {
  const entries: Array<[string, string]> = [
    [spec.labels.number, model.invoiceNumber],
    [spec.labels.date, formatDate(model.invoiceDate, spec.dateStyle)],
  ];
  if (model.dueDate && model.dueDatePrinted) entries.push([spec.labels.due, formatDate(model.dueDate, spec.dateStyle)]);
  if (model.terms) entries.push([spec.labels.terms, model.terms]);
  if (model.po) entries.push([spec.labels.po, model.po]);
  if (model.job && model.job.style !== 'ship-to')
    entries.push([model.job.style === 'project' && !/project/i.test(spec.labels.job) ? 'Project No.' : spec.labels.job, model.job.number]);
  return [...entries, ...model.meta];
}

function vendorLines(model: InvoiceModel): string[] {
  const { vendor } = model;
  return [...vendor.lines, `Phone ${vendor.phone ?? ''}`, ...(vendor.email ? [vendor.email] : [])];
}

/** Draws the header; returns the y where the line table may start. */
export function drawHeader(sheet: Sheet, model: InvoiceModel, spec: LayoutSpec): number {
  const { bold } = sheet.fonts;
  const meta = metaEntries(model, spec);
  let metaTop: number;
  let metaX: number;
  let metaWidth = 220;
  let partiesTop: number;

  if (spec.letterhead === 'banner') {
    sheet.box(0, 0, PAGE.width, 78, { fill: spec.accent });
    sheet.text(model.vendor.name, M, 18, { size: 18, font: bold, color: WHITE });
    sheet.text([...model.vendor.lines, model.vendor.phone ?? ''].join('  |  '), M, 44, { size: 8, color: WHITE });
    sheet.text(spec.title, M, 18, { size: 22, font: bold, color: WHITE, align: 'right', width: RIGHT - M });
    metaTop = 96;
    metaX = M;
    metaWidth = RIGHT - M;
    partiesTop = drawMeta(sheet, meta, spec, metaX, metaTop, metaWidth) + 14;
    return drawParties(sheet, model, spec, partiesTop) + 16;
  }
  if (spec.letterhead === 'center') {
    let y = sheet.text(model.vendor.name, M, 34, { size: 17, font: bold, align: 'center', width: RIGHT - M, color: spec.accent });
    y = sheet.text(vendorLines(model).join('  -  '), M, y + 2, { size: 8, align: 'center', width: RIGHT - M });
    sheet.rule(M, y + 6, RIGHT, 1.2, spec.accent);
    y = sheet.text(spec.title, M, y + 14, { size: 16, font: bold, align: 'center', width: RIGHT - M });
    const metaBottom = drawMeta(sheet, meta, spec, 340, y + 10, RIGHT - 340);
    const partiesBottom = drawParties(sheet, model, spec, y + 10);
    return Math.max(metaBottom, partiesBottom) + 18;
  }
  const vendorLeft = spec.letterhead !== 'right';
  const blockX = vendorLeft ? M : 330;
  const align = vendorLeft ? 'left' : 'right';
  let y = sheet.text(model.vendor.name, blockX, 36, {
    size: 15,
    font: bold,
    align,
    width: RIGHT - blockX,
    color: spec.name === 'modern' ? BLACK : spec.accent,
  });
  y = sheet.lines(vendorLines(model), blockX, y + 2, { size: 8.5, align, width: RIGHT - blockX, color: spec.name === 'modern' ? GREY : BLACK });
  const titleX = vendorLeft ? 330 : M;
  const titleSize = spec.name === 'modern' ? 30 : 20;
  const titleBottom = sheet.text(spec.title, titleX, 34, {
    size: titleSize,
    font: bold,
    color: spec.accent,
    align: vendorLeft ? 'right' : 'left',
    width: RIGHT - 330,
  });
  if (spec.name === 'modern') {
    sheet.rule(M, y + 8, RIGHT, 2, spec.accent);
    const partiesBottom = drawParties(sheet, model, spec, y + 20);
    return drawMeta(sheet, meta, spec, M, partiesBottom + 10, RIGHT - M) + 16;
  }
  metaX = vendorLeft ? 350 : M;
  metaTop = titleBottom + 10;
  if (!vendorLeft) metaWidth = 250;
  const metaBottom = drawMeta(sheet, meta, spec, metaX, metaTop, metaWidth);
  partiesTop = Math.max(y, metaBottom) + 16;
  return drawParties(sheet, model, spec, partiesTop) + 16;
}

function drawMeta(sheet: Sheet, meta: Array<[string, string]>, spec: LayoutSpec, x: number, top: number, width: number): number {
  const { bold } = sheet.fonts;
  if (spec.meta === 'beside') {
    let y = top;
    const labelWidth = spec.font === 'courier' ? 80 : 78;
    for (const [label, value] of meta) {
      sheet.text(`${label}:`, x, y, { size: 9, font: bold });
      y = sheet.text(value, x + labelWidth, y, { size: 9 }) + 1;
    }
    return y;
  }
  if (spec.meta === 'table') {
    let y = top;
    const rowHeight = 15;
    for (const [label, value] of meta) {
      sheet.box(x, y, width * 0.45, rowHeight, { fill: LIGHT, border: BLACK });
      sheet.box(x + width * 0.45, y, width * 0.55, rowHeight, { border: BLACK });
      sheet.text(label, x + 4, y + 3.5, { size: 8.5, font: bold });
      sheet.text(value, x + width * 0.45 + 4, y + 3.5, { size: 8.5 });
      y += rowHeight;
    }
    return y;
  }
  const perRow = width > 400 ? 4 : 2;
  const cellWidth = width / perRow;
  let y = top;
  meta.forEach(([label, value], i) => {
    const cx = x + (i % perRow) * cellWidth;
    const cy = top + Math.floor(i / perRow) * 30;
    sheet.box(cx, cy, cellWidth - 4, 27, { border: LIGHT });
    sheet.text(label, cx + 5, cy + 4, { size: 6.5, color: GREY, font: bold });
    sheet.text(value, cx + 5, cy + 13, { size: 10 });
    y = cy + 30;
  });
  return y;
}

function partyLines(party: Party): string[] {
  return [party.name, ...party.lines, ...(party.phone ? [party.phone] : [])];
}

function drawParties(sheet: Sheet, model: InvoiceModel, spec: LayoutSpec, top: number): number {
  const { bold } = sheet.fonts;
  const blocks: Array<[string, Party]> = [['Bill To:', model.billTo]];
  if (model.shipTo) blocks.push(['Ship To:', model.shipTo]);
  if (spec.parties === 'boxed') {
    blocks.push(['Remit To:', { name: model.vendor.name, lines: model.vendor.lines }]);
    const width = (PAGE.width - 2 * M) / 3;
    let bottom = top;
    blocks.forEach(([label, party], i) => {
      const x = M + i * width;
      sheet.box(x, top, width - 6, 16, { fill: LIGHT, border: BLACK });
      sheet.text(label.replace(':', '').toUpperCase(), x + 4, top + 4, { size: 8, font: bold });
      const end = sheet.lines(partyLines(party), x + 4, top + 21, { size: 8.5, width: width - 14 });
      sheet.box(x, top + 16, width - 6, 70, { border: BLACK });
      bottom = Math.max(bottom, end, top + 86);
    });
    return bottom;
  }
  if (spec.parties === 'stacked') {
    let y = top;
    for (const [label, party] of blocks) {
      // 'Ship To: Job 2417 - ...' reads on one line, as the job is written into the name.
      sheet.text(label, M, y, { size: 9, font: bold });
      y = sheet.lines(partyLines(party), M + 52, y, { size: 9, width: 240 }) + 6;
    }
    return y;
  }
  let bottom = top;
  blocks.forEach(([label, party], i) => {
    const x = M + i * 260;
    sheet.text(label, x, top, { size: 9, font: bold, color: spec.accent });
    bottom = Math.max(bottom, sheet.lines(partyLines(party), x, top + 13, { size: 9, width: 250 }));
  });
  return bottom;
}
