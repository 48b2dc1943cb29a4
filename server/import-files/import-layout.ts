/**
 * The column layout of the Daily-Detail import sheet. Every ERP's AP import differs and the
 * customer's exact columns were never published, so an administrator describes them in a JSON file
 * (KAI_IMPORT_LAYOUT); DEFAULT_IMPORT_LAYOUT is used without one.
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';

const IMPORT_FIELDS = [
  'postingDate',
  'vendorCode',
  'vendorName',
  'invoiceNumber',
  'invoiceDate',
  'dueDate',
  'jobNumber',
  'description',
  'amount',
  'reference',
  'sourceFile',
  'lineNumber',
  'invoiceTotal',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** `excel` writes real dates (shown MM/DD/YYYY); the others write text in that shape. */
const IMPORT_DATE_FORMATS = ['MM/DD/YYYY', 'YYYY-MM-DD', 'excel'] as const;

/** The workbook's other sheet; Excel compares sheet names without case. */
export const SUMMARY_SHEET_NAME = 'Summary';

const importColumn = z
  .strictObject({
    header: z.string().trim().min(1, 'header must not be empty'),
    field: z
      .enum(IMPORT_FIELDS, {
        error: (issue) => `unknown field ${JSON.stringify(issue.input)}; use one of ${IMPORT_FIELDS.join(', ')}`,
      })
      .optional(),
    /** A constant written on every row (a company number, an empty Phase column to fill in). */
    value: z.union([z.string(), z.number().finite()]).optional(),
    /** Column width in characters; worked out from the content when absent. */
    width: z.number().min(1).max(255).optional(),
  })
  .refine((column) => (column.field === undefined) !== (column.value === undefined), {
    error: 'give either "field" or "value", not both or neither',
  });

const importLayout = z
  .strictObject({
    sheetName: z
      .string()
      .trim()
      .min(1, 'sheetName must not be empty')
      .max(31, 'sheetName must be at most 31 characters (an Excel limit)')
      .refine((name) => !/[:\\/?*[\]]/.test(name), 'sheetName must not contain : \\ / ? * [ or ]')
      .refine((name) => !name.startsWith("'") && !name.endsWith("'"), 'sheetName must not start or end with an apostrophe')
      .refine((name) => name.toLowerCase() !== SUMMARY_SHEET_NAME.toLowerCase(), `sheetName "${SUMMARY_SHEET_NAME}" is taken by the summary sheet`)
      .default('Daily-Detail'),
    dateFormat: z.enum(IMPORT_DATE_FORMATS, { error: `dateFormat must be one of ${IMPORT_DATE_FORMATS.join(', ')}` }).default('excel'),
    columns: z
      .array(importColumn, { error: (issue) => (issue.input === undefined ? 'columns is missing' : 'columns must be a list of columns') })
      .min(1, 'columns must list at least one column'),
  })
  .superRefine((layout, ctx) => {
    const seen = new Map<string, number>();
    layout.columns.forEach((column, index) => {
      const key = column.header.toLowerCase();
      const first = seen.get(key);
      if (first === undefined) seen.set(key, index);
      else ctx.addIssue({ code: 'custom', path: ['columns', index, 'header'], message: `duplicate header (same as columns[${first}])` });
    });
  });
export type ImportLayout = z.infer<typeof importLayout>;
export type ImportColumn = ImportLayout['columns'][number];

export const DEFAULT_IMPORT_LAYOUT: ImportLayout = parseImportLayout({
  sheetName: 'Daily-Detail',
  dateFormat: 'excel',
  columns: [
    { header: 'Posting Date', field: 'postingDate' },
    { header: 'Vendor ID', field: 'vendorCode' },
    { header: 'Vendor Name', field: 'vendorName' },
    { header: 'Invoice Number', field: 'invoiceNumber' },
    { header: 'Invoice Date', field: 'invoiceDate' },
    { header: 'Due Date', field: 'dueDate' },
    { header: 'Job Number', field: 'jobNumber' },
    // Left empty for the user to code before import; see the Daily-Detail workbook guide.
    { header: 'Phase', value: '' },
    { header: 'Cost Type', value: '' },
    { header: 'Description', field: 'description' },
    { header: 'Amount', field: 'amount' },
    { header: 'Reference/PO', field: 'reference' },
    { header: 'Source File', field: 'sourceFile' },
    { header: 'Line', field: 'lineNumber' },
  ],
});

/** Validates a layout; the Error names each problem with the column it is in. */
export function parseImportLayout(json: unknown): ImportLayout {
  const result = importLayout.safeParse(json);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${describePath(json, issue.path)}: ${issue.message}`);
  throw new Error(`Import layout is not valid: ${problems.join('; ')}`);
}

/** Reads and validates the layout file an administrator configured. */
export async function loadImportLayout(path: string): Promise<ImportLayout> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new Error(`Import layout file ${path} could not be read: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new Error(`Import layout file ${path} is not valid JSON: ${(error as Error).message}`);
  }
  try {
    return parseImportLayout(json);
  } catch (error) {
    throw new Error(`${path}: ${(error as Error).message}`);
  }
}

/** `columns[3] ("Vendor ID").field` rather than `columns.3.field`. */
function describePath(json: unknown, path: ReadonlyArray<PropertyKey>): string {
  if (path.length === 0) return 'layout';
  let text = '';
  let node: unknown = json;
  for (const key of path) {
    node = node !== null && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[key] : undefined;
    if (typeof key === 'number') {
      text += `[${key}]`;
      const header = node !== null && typeof node === 'object' ? (node as { header?: unknown }).header : undefined;
      if (typeof header === 'string' && header.trim()) text += ` ("${header.trim()}")`;
    } else {
      text += `${text ? '.' : ''}${String(key)}`;
    }
  }
  return text;
}
