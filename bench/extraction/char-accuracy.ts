import { distance } from 'fastest-levenshtein';

/**
 * Character accuracy of OCR text against the known text: 1 - (Levenshtein distance / length of
 * the truth), both with every run of whitespace made one space (line breaks and column gaps are
 * layout, not characters). Floored at 0.
 */
export function characterAccuracy(ocr: string, truth: string): number {
  const a = normaliseWhitespace(ocr);
  const b = normaliseWhitespace(truth);
  if (b.length === 0) return a.length === 0 ? 1 : 0;
  return Math.max(0, 1 - distance(a, b) / b.length);
}

function normaliseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
