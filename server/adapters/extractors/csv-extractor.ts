/** CSV to a Markdown table; papaparse guesses the delimiter (comma, semicolon, tab, pipe). */
import Papa from 'papaparse';
import { toMarkdownTable } from './markdown-table';
import { ExtractionError, corruptMessage, type Extraction, type ExtractionLimits } from './types';

export function extractCsv(bytes: Uint8Array, limits: Pick<ExtractionLimits, 'maxRows'>): Extraction {
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
  const table = toMarkdownTable(rows);
  return {
    text: table,
    pages: [{ page: null, text: table }],
    metadata: { method: 'structured', ...(warnings.length ? { warnings } : {}) },
  };
}
