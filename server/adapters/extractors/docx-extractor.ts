/** DOCX to Markdown-ish text with mammoth: headings kept, images dropped, no external files. */
import mammoth from 'mammoth';
import type { OoxmlSummary } from './ooxml-guard';
import { ExtractionError, corruptMessage, type Extraction } from './types';

type ConvertToMarkdown = (input: { buffer: Buffer }, options: Record<string, unknown>) => Promise<{ value: string }>;

export async function extractDocx(bytes: Uint8Array, summary: OoxmlSummary): Promise<Extraction> {
  // convertToMarkdown is deprecated upstream and missing from the typings, but it is the only
  // converter that keeps headings without an HTML round trip.
  const convertToMarkdown = (mammoth as unknown as { convertToMarkdown: ConvertToMarkdown }).convertToMarkdown;
  let markdown: string;
  try {
    const result = await convertToMarkdown(
      { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
      {
        externalFileAccess: false,
        convertImage: mammoth.images.imgElement(async () => ({ src: '' })),
      },
    );
    markdown = result.value;
  } catch {
    throw new ExtractionError('corrupt', corruptMessage('docx'));
  }
  const text = tidy(markdown);
  return {
    text,
    pages: [{ page: null, text }],
    metadata: {
      method: 'structured',
      ...(summary.title ? { title: summary.title } : {}),
      ...(summary.author ? { author: summary.author } : {}),
    },
  };
}

/** Drops the empty image links and mammoth's defensive backslash escapes, which only add noise. */
function tidy(markdown: string): string {
  return markdown
    .replace(/!\[[^\]]*\]\(\)/g, '')
    .replace(/<a id="[^"]*"><\/a>/g, '')
    .replace(/\\([.\-()!#_*[\]])/g, '$1')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
