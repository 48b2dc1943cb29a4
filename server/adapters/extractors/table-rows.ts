/**
 * The first sheet of an imported spreadsheet (a vendor list) as rows of cell text. Runs only in
 * the sandbox worker: CSV with papaparse, XLSX with exceljs after ooxml-guard, legacy XLS with
 * SheetJS (@e965/xlsx), which is loaded on first use so other jobs never pay for it.
 */
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { detectTableKind, guessDelimiter } from './file-type';
import { checkOoxmlArchive } from './ooxml-guard';
import { ExtractionError, type ExtractionLimits, type TableKind, type TableRows } from './types';
import { loadXlsWorkbook } from './xls-extractor';
import { cellText } from './xlsx-extractor';

/** Columns kept per row; a vendor list's fields sit well inside this. */
const TABLE_MAX_COLUMNS = 50;

const NOUN: Record<TableKind, string> = { csv: 'The CSV file', xlsx: 'The Excel workbook', xls: 'The Excel (.xls) workbook' };

type TableLimits = Pick<ExtractionLimits, 'maxRows' | 'maxUncompressedBytes' | 'maxZipEntries' | 'maxCompressionRatio'>;

export async function readTableRows(bytes: Uint8Array, kind: TableKind, limits: TableLimits): Promise<TableRows> {
  // The caller's kind came from the file's head; check it again on these very bytes.
  const detected = await detectTableKind(bytes.subarray(0, 64 * 1024), kind === 'csv' ? 'list.csv' : undefined);
  if (detected.unsupported) throw new ExtractionError('unsupported', detected.reason);
  if (detected.kind !== kind) throw new ExtractionError('unsupported', `${NOUN[kind]} is actually a ${detected.kind.toUpperCase()} file.`);
  switch (kind) {
    case 'csv':
      return readCsvRows(bytes, limits.maxRows);
    case 'xlsx':
      await checkOoxmlArchive(bytes, 'xlsx', limits);
      return readXlsxRows(bytes, limits.maxRows);
    case 'xls':
      return readXlsRows(bytes, limits.maxRows);
  }
}

function decodeText(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Accounting systems on Windows still export in the ANSI code page.
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

function limitRows(rows: string[][], maxRows: number): TableRows {
  const truncated = rows.length > maxRows;
  const kept = truncated ? rows.slice(0, maxRows) : rows;
  return { rows: kept.map((row) => row.slice(0, TABLE_MAX_COLUMNS)), truncated };
}

export function readCsvRows(bytes: Uint8Array, maxRows: number): TableRows {
  const text = decodeText(bytes);
  // papaparse's own guess trips over a title line or a quoted comma in a short list.
  const delimiter = guessDelimiter(text.slice(0, 64 * 1024)) ?? ',';
  const parsed = Papa.parse<string[]>(text, { delimiter, preview: maxRows + 1, skipEmptyLines: false });
  const rows = parsed.data.map((row) => (row.length === 1 && row[0] === '' ? [] : row.map(String)));
  while (rows.length > 0 && rows[rows.length - 1].length === 0) rows.pop();
  return limitRows(rows, maxRows);
}

export async function readXlsxRows(bytes: Uint8Array, maxRows: number): Promise<TableRows> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ArrayBuffer);
  } catch {
    throw new ExtractionError('corrupt', `${NOUN.xlsx} could not be read: it looks damaged or incomplete.`);
  }
  const sheet = workbook.worksheets.find((ws) => ws.actualRowCount > 0);
  if (!sheet) return { rows: [], truncated: false };
  const rows: string[][] = [];
  let truncated = false;
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber > maxRows) {
      truncated = true;
      return;
    }
    while (rows.length < rowNumber - 1) rows.push([]);
    const values: string[] = [];
    for (let col = 1; col <= Math.min(row.cellCount, TABLE_MAX_COLUMNS); col++) values.push(cellText(row.getCell(col)));
    rows.push(values);
  });
  return { rows, truncated };
}

export async function readXlsRows(bytes: Uint8Array, maxRows: number): Promise<TableRows> {
  const { XLSX, workbook } = await loadXlsWorkbook(bytes, maxRows + 1);
  const sheet = workbook.SheetNames.map((name) => workbook.Sheets[name]).find((ws) => ws?.['!ref']);
  if (!sheet) return { rows: [], truncated: false };
  // From A1, so row numbers stay those the spreadsheet shows.
  const range = XLSX.utils.decode_range(sheet['!ref']!);
  range.s = { r: 0, c: 0 };
  range.e.c = Math.min(range.e.c, TABLE_MAX_COLUMNS - 1);
  const rows = XLSX.utils
    .sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: '', blankrows: true, range })
    .map((row) => (row.every((value) => value === '') ? [] : row.map((value) => String(value ?? ''))));
  while (rows.length > 0 && rows[rows.length - 1].length === 0) rows.pop();
  return limitRows(rows, maxRows);
}
