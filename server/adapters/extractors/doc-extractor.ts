/**
 * Word 97-2003 (.doc) to text with word-extractor (pure JavaScript). Runs only in the sandbox
 * worker and is loaded on first use. A .doc is not compressed, so its size bounds the text; the
 * worker's heap limit and the pool's timeout stop a file built to make the parser loop or balloon.
 * Word keeps no Markdown headings in this format: a heading comes out as its own paragraph.
 */
import { ExtractionError, describeKind, type Extraction } from './types';

export async function extractDoc(bytes: Uint8Array): Promise<Extraction> {
  const { default: WordExtractor } = await import('word-extractor');
  let parts: string[];
  try {
    const document = await new WordExtractor().extract(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    parts = [document.getBody(), document.getTextboxes({ includeHeadersAndFooters: false }), document.getFootnotes(), document.getEndnotes()];
  } catch (error) {
    throw new ExtractionError('corrupt', `${describeKind('doc')} could not be read: it is not a Word document, or it is damaged.`, error);
  }
  const text = parts.map(toParagraphs).filter(Boolean).join('\n\n');
  return { text, pages: [{ page: null, text }], metadata: { method: 'structured' } };
}

/** One paragraph a line in Word's text; blank lines between them are what the chunker splits on. */
function toParagraphs(part: string): string {
  return part
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n\n');
}
