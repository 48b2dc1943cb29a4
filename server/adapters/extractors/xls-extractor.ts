/**
 * Legacy Excel (.xls, BIFF) to one Markdown table per sheet, the same text an XLSX gives. Runs
 * only in the sandbox worker; SheetJS (@e965/xlsx) is loaded on first use, so other jobs never
 * pay for it. An .xls is not compressed, so its size bounds what SheetJS holds; rows per sheet
 * and cells over the workbook are capped on top.
 */
import type { WorkBook, WorkSheet } from '@e965/xlsx';
import { toWorkbookMarkdown } from './markdown-table';
import { ExtractionError, corruptMessage, describeKind, type Extraction, type ExtractionLimits } from './types';

type SheetJs = typeof import('@e965/xlsx');

/** Parses an .xls with at most `maxRowsPerSheet` rows of each sheet; a damaged or locked file is a readable ExtractionError. */
export async function loadXlsWorkbook(bytes: Uint8Array, maxRowsPerSheet: number): Promise<{ XLSX: SheetJs; workbook: WorkBook }> {
  const XLSX = await import('@e965/xlsx');
  try {
    const workbook = XLSX.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      type: 'buffer',
      sheetRows: maxRowsPerSheet,
      dense: true,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      bookVBA: false,
    });
    return { XLSX, workbook };
  } catch (error) {
    const locked = error instanceof Error && /password|encrypt/i.test(error.message);
    throw new ExtractionError(
      'corrupt',
      locked
        ? `${describeKind('xls')} is password-protected: remove the password in Excel and upload it again.`
        : `${describeKind('xls')} could not be read: it is not an Excel workbook, or it is damaged.`,
      error,
    );
  }
}

export async function extractXls(bytes: Uint8Array, limits: Pick<ExtractionLimits, 'maxCells' | 'maxRows'>): Promise<Extraction> {
  const { XLSX, workbook } = await loadXlsWorkbook(bytes, limits.maxRows);
  // SheetJS reads a damaged BIFF stream as a workbook without sheets rather than failing.
  if (workbook.SheetNames.length === 0) throw new ExtractionError('corrupt', corruptMessage('xls'));
  const cut = workbook.SheetNames.filter((name) => workbook.Sheets[name]?.['!fullref']);
  const written = toWorkbookMarkdown(
    workbook.SheetNames.map((name) => ({ name, rows: rowsOf(XLSX, workbook.Sheets[name]) })),
    limits.maxCells,
  );
  const warnings = [...cut.map((name) => `Only the first ${limits.maxRows} rows of sheet "${name}" were read.`), ...written.warnings];
  const { Title: title, Author: author } = workbook.Props ?? {};
  return {
    text: written.text,
    pages: [{ page: null, text: written.text }],
    metadata: {
      method: 'structured',
      sheets: written.sheets,
      ...(title ? { title } : {}),
      ...(author ? { author } : {}),
      ...(warnings.length ? { warnings } : {}),
    },
  };
}

/** Rows with any text, each from column A to its last filled cell, as the sheet shows them. */
function* rowsOf(XLSX: SheetJs, sheet: WorkSheet | undefined): Generator<string[]> {
  for (const row of sheet?.['!data'] ?? []) {
    if (!row) continue;
    const values = Array.from(row, (cell) => (cell ? XLSX.utils.format_cell(cell) : ''));
    while (values.length > 0 && values[values.length - 1] === '') values.pop();
    if (values.length > 0) yield values;
  }
}
