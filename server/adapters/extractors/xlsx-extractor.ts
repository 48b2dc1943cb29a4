/** XLSX to one Markdown table per sheet, read with exceljs after ooxml-guard has vetted the ZIP. */
import ExcelJS from 'exceljs';
import { toWorkbookMarkdown } from './markdown-table';
import type { OoxmlSummary } from './ooxml-guard';
import { ExtractionError, corruptMessage, type Extraction, type ExtractionLimits } from './types';

export async function extractXlsx(bytes: Uint8Array, summary: OoxmlSummary, limits: Pick<ExtractionLimits, 'maxCells'>): Promise<Extraction> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ArrayBuffer);
  } catch {
    throw new ExtractionError('corrupt', corruptMessage('xlsx'));
  }
  const { text, sheets, warnings } = toWorkbookMarkdown(
    workbook.worksheets.map((sheet) => ({ name: sheet.name, rows: rowsOf(sheet) })),
    limits.maxCells,
  );
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

function* rowsOf(sheet: ExcelJS.Worksheet): Generator<string[]> {
  const rows: ExcelJS.Row[] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => void rows.push(row));
  for (const row of rows) yield Array.from({ length: row.cellCount }, (_, i) => cellText(row.getCell(i + 1)));
}

export function cellText(cell: ExcelJS.Cell): string {
  try {
    return cell.text ?? '';
  } catch {
    // exceljs throws on a few odd value shapes; the raw value is still worth keeping.
    return String(cell.value ?? '');
  }
}
