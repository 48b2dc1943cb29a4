/**
 * Guards text cells against formula injection (OWASP "CSV Injection"): a cell that starts with
 * = + - @ tab or CR is run as a formula by Excel, LibreOffice and Sheets when the file is opened
 * or re-saved as CSV. A leading apostrophe makes it plain text. Numbers never pass through here:
 * a negative amount stays a number.
 */
const FORMULA_TRIGGER = /^[=+\-@\t\r]/;

export function escapeCellText(text: string): string {
  return FORMULA_TRIGGER.test(text) ? `'${text}` : text;
}

/** Escaped text that still fits `maxLength` characters (ERP fields are fixed width). */
export function escapeCellTextWithin(text: string, maxLength: number): string {
  const escaped = escapeCellText(text.slice(0, maxLength));
  return escaped.length > maxLength ? escapeCellText(text.slice(0, maxLength - 1)) : escaped;
}
