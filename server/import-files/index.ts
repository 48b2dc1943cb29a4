/**
 * Import files, the public surface: confirmed invoices in, the Daily-Detail workbook or the Vista
 * header/line CSVs out; no database.
 */
export { importFileName, writeImportWorkbook } from './daily-detail-workbook';
export { DEFAULT_IMPORT_LAYOUT, loadImportLayout, type ImportLayout } from './import-layout';
export type { ConfirmedInvoice, ConfirmedInvoiceLine } from './types';
export { writeVistaHeaderCsv, writeVistaLinesCsv } from './vista-csv';
