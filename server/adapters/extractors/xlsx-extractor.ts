/** XLSX to one Markdown table per sheet, read with exceljs after ooxml-guard has vetted the ZIP. */
import ExcelJS from 'exceljs';
import { toMarkdownTable } from './markdown-table.ts';
import type { OoxmlSummary } from './ooxml-guard.ts';
import { ExtractionError, corruptMessage, type Extraction, type ExtractionLimits } from './types.ts';

export async function extractXlsx(
  bytes: Uint8Array,
  summary: OoxmlSummary,
  limits: Pick<ExtractionLimits, 'maxCells'>,
): Promise<Extraction> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ArrayBuffer);
  } catch {
    throw new ExtractionError('corrupt', corruptMessage('xlsx'));
  }
  let cellsLeft = limits.maxCells;
  const warnings: string[] = [];
  const sheets: string[] = [];
  const sections: string[] = [];
  for (const sheet of workbook.worksheets) {
    sheets.push(sheet.name);
    if (cellsLeft <= 0) continue;
    const rows: string[][] = [];
    sheet.eachRow({ includeEmpty: false }, (row) => {
      if (cellsLeft <= 0) return;
      const values: string[] = [];
      for (let col = 1; col <= row.cellCount && cellsLeft > 0; col++, cellsLeft--) values.push(cellText(row.getCell(col)));
      rows.push(values);
    });
    if (cellsLeft <= 0) warnings.push(`Only the first ${limits.maxCells} cells were read (stopped in sheet "${sheet.name}").`);
    sections.push(`## Sheet: ${sheet.name}\n\n${rows.length ? toMarkdownTable(rows) : '(empty)'}`);
  }
  const text = sections.join('\n\n');
  return {
    text,
    pages: [{ page: null, text }],
    metadata: {
      method: 'structured',
      sheets,
      ...(workbook.title || summary.title ? { title: workbook.title || summary.title } : {}),
      ...(workbook.creator || summary.author ? { author: workbook.creator || summary.author } : {}),
      ...(warnings.length ? { warnings } : {}),
    },
  };
}

function cellText(cell: ExcelJS.Cell): string {
  try {
    return cell.text ?? '';
  } catch {
    // exceljs throws on a few odd value shapes; the raw value is still worth keeping.
    return String(cell.value ?? '');
  }
}
