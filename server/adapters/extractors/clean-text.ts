/**
 * Every string an extraction returns goes through here before it can reach the database.
 * PostgreSQL text and jsonb cannot hold U+0000, and jsonb refuses an unpaired surrogate's escape:
 * PDFs with broken font encodings and some spreadsheets yield both, and one such character would
 * fail the document's (or a whole invoice batch's) insert. Other control characters carry no
 * meaning in extracted text and only confuse the invoice rules and the display. Tab, line feed,
 * carriage return and form feed (a page break) stay.
 */
const CONTROL = /[\u0000-\u0008\u000B\u000E-\u001F\u007F]/g;
/** Half of a surrogate pair without its other half: what String.prototype.toWellFormed replaces. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function cleanText(text: string): string {
  return text.replace(LONE_SURROGATE, '\uFFFD').replace(CONTROL, '');
}

/** `cleanText` applied to every string (keys too) of plain objects and arrays. */
export function cleanStrings<T>(value: T): T {
  if (typeof value === 'string') return cleanText(value) as T;
  if (Array.isArray(value)) return value.map(cleanStrings) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [cleanText(key), cleanStrings(item)])) as T;
  }
  return value;
}
