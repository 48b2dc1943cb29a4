/** CSV to a Markdown table; papaparse guesses the delimiter (comma, semicolon, tab, pipe). */
import Papa from 'papaparse';
import { toMarkdownTable } from './markdown-table';
import { ExtractionError, corruptMessage, type Extraction, type ExtractionLimits } from './types';

/**
 * Columns kept per row. A table wider than this is not read as prose by anyone; without a bound a
 * 24 MB CSV of 4 rows x 3M columns became 68 MB of table text whose indexing held the server for
 * a minute (issue 27, finding 4).
 */
export const MAX_TABLE_COLUMNS = 200;

export function extractCsv(bytes: Uint8Array, limits: Pick<ExtractionLimits, 'maxRows' | 'maxCells'>): Extraction {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ExtractionError('corrupt', 'The CSV file could not be read: it is not UTF-8 text.');
  }
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  // Header row plus maxRows data rows, plus one to know whether anything was cut.
  const parsed = Papa.parse<string[]>(text, { preview: limits.maxRows + 2, skipEmptyLines: 'greedy' });
  if (parsed.data.length === 0) throw new ExtractionError('corrupt', corruptMessage('csv'));
  const warnings: string[] = [];
  let rows = parsed.data;
  if (rows.length > limits.maxRows + 1) {
    rows = rows.slice(0, limits.maxRows + 1);
    warnings.push(`Only the first ${limits.maxRows} rows were read.`);
  }
  if (rows.some((row) => row.length > MAX_TABLE_COLUMNS)) {
    rows = rows.map((row) => row.slice(0, MAX_TABLE_COLUMNS));
    warnings.push(`Only the first ${MAX_TABLE_COLUMNS} columns were read.`);
  }
  // The same cell budget a workbook has: whole rows, so the table keeps its shape.
  let cells = 0;
  const withinBudget = rows.findIndex((row) => (cells += row.length) > limits.maxCells);
  if (withinBudget !== -1) {
    rows = rows.slice(0, Math.max(withinBudget, 1));
    warnings.push(`Only the first ${limits.maxCells} cells were read.`);
  }
  const table = toMarkdownTable(rows);
  return {
    text: table,
    pages: [{ page: null, text: table }],
    metadata: { method: 'structured', ...(warnings.length ? { warnings } : {}) },
  };
}
