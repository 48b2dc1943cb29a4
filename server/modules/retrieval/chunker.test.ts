import { describe, expect, it } from 'vitest';
import { chunkDocument, chunkDocumentInSlices, chunkMarkdown, chunkPages } from './chunker';
import { madeUpProse } from './testing/made-up-prose';
import { countWords, parseBlocks, splitBlock, splitSentences } from './text-blocks';

const words = (n: number, word = 'ledger') => Array.from({ length: n }, (_, i) => `${word}${i}`).join(' ');
const sentences = (count: number, wordsEach = 12) => Array.from({ length: count }, (_, i) => `Sentence ${i} ${words(wordsEach - 2, 'w')}.`).join(' ');

describe('chunkMarkdown', () => {
  it('keeps the heading path and the first # line as title', () => {
    const md = `# Retainage\n\n${sentences(8)}\n\n## Releasing retainage\n\n${sentences(8)}\n\n### Partial release\n\n${sentences(8)}\n`;
    const { title, chunks } = chunkMarkdown(md);
    expect(title).toBe('Retainage');
    expect(chunks.map((c) => c.headingPath)).toEqual([
      'Retainage',
      'Retainage > Releasing retainage',
      'Retainage > Releasing retainage > Partial release',
    ]);
  });

  it('splits a long section at paragraph boundaries into chunks within the word budget, never mid-sentence', () => {
    const paragraphs = Array.from({ length: 8 }, () => sentences(8)).join('\n\n');
    const { chunks } = chunkMarkdown(`# Guide\n\n## Long\n\n${paragraphs}`);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) {
      expect(chunk.headingPath).toBe('Guide > Long');
      expect(countWords(chunk.text)).toBeGreaterThanOrEqual(80);
      expect(countWords(chunk.text)).toBeLessThanOrEqual(300);
      expect(chunk.text.trim()).toMatch(/\.$/);
      expect(chunk.text.trim()).toMatch(/^Sentence 0 /);
    }
  });

  it('cuts a single oversized paragraph at sentence ends', () => {
    const { chunks } = chunkMarkdown(`# A\n\n${sentences(60)}`);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) {
      expect(countWords(chunk.text)).toBeLessThanOrEqual(300);
      expect(chunk.text).toMatch(/^Sentence \d+ .*\.$/s);
    }
  });

  it('merges tiny sections with the next one under the same parent, keeping their headings in the text', () => {
    const md = `# Vendors\n\n${sentences(8)}\n\n## Setup\n\nShort intro.\n\n### Tax ID\n\nEnter the EIN.\n\n### Terms\n\n${sentences(7)}\n\n## Payments\n\n${sentences(8)}`;
    const { chunks } = chunkMarkdown(md);
    const setup = chunks.find((c) => c.headingPath === 'Vendors > Setup');
    expect(setup?.text).toContain('Short intro.');
    expect(setup?.text).toContain('### Tax ID\n\nEnter the EIN.');
    expect(setup?.text).toContain('### Terms');
    expect(chunks.map((c) => c.headingPath)).toEqual(['Vendors', 'Vendors > Setup', 'Vendors > Payments']);
  });

  it('appends a tiny last section to the previous chunk under the same parent', () => {
    const md = `# Checks\n\n## Printing\n\n${sentences(8)}\n\n## Voiding\n\nVoid from the register.`;
    const { chunks } = chunkMarkdown(md);
    expect(chunks).toHaveLength(1);
    expect(chunks[0].headingPath).toBe('Checks');
    expect(chunks[0].text).toContain('## Printing');
    expect(chunks[0].text).toContain('## Voiding\n\nVoid from the register.');
  });

  it('keeps lists and tables whole', () => {
    const list = Array.from({ length: 6 }, (_, i) => `${i + 1}. Step ${i} ${words(8, 'do')}`).join('\n');
    const table = ['| Field | Meaning |', '| --- | --- |', ...Array.from({ length: 5 }, (_, i) => `| f${i} | ${words(6, 'm')} |`)].join('\n');
    const md = `# Entry\n\n## Steps\n\n${sentences(10)}\n\n${list}\n\n${table}\n\n${sentences(10)}\n\n${sentences(10)}`;
    const { chunks } = chunkMarkdown(md);
    expect(chunks.some((c) => c.text.includes(list))).toBe(true);
    expect(chunks.some((c) => c.text.includes(table))).toBe(true);
  });

  it('splits an oversized table at row boundaries, repeating the header', () => {
    const header = '| Code | Description |\n| --- | --- |';
    const rows = Array.from({ length: 80 }, (_, i) => `| ${i} | ${words(6, 'cost')} |`).join('\n');
    const { chunks } = chunkMarkdown(`# Codes\n\n${header}\n${rows}`);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) expect(chunk.text.startsWith(header)).toBe(true);
  });

  it('does not treat # inside fenced code as a heading', () => {
    const md = `# Import\n\n${sentences(6)}\n\n\`\`\`\n# not a heading\nvendor,amount\n\`\`\`\n\n${sentences(2)}`;
    const { chunks } = chunkMarkdown(md);
    expect(chunks).toHaveLength(1);
    expect(chunks[0].text).toContain('# not a heading');
  });

  it('returns no title and no chunks for empty input', () => {
    expect(chunkMarkdown('')).toEqual({ title: null, chunks: [] });
  });
});

describe('chunkPages', () => {
  it('chunks by paragraph within a page and keeps page numbers', () => {
    const pages = [
      { page: 1, text: `${sentences(10)}\n\n${sentences(10)}\n\n${sentences(10)}` },
      { page: 2, text: 'Totals due: $12,400.' },
      { page: 3, text: '   ' },
    ];
    const chunks = chunkPages(pages);
    expect(chunks.filter((c) => c.page === 1).length).toBeGreaterThanOrEqual(1);
    expect(chunks.find((c) => c.page === 2)?.text).toBe('Totals due: $12,400.');
    expect(chunks.some((c) => c.page === 3)).toBe(false);
    for (const chunk of chunks) expect(countWords(chunk.text)).toBeLessThanOrEqual(300);
  });

  it('hard-splits text without any punctuation at the word budget', () => {
    const chunks = chunkPages([{ page: null, text: words(700, 'ocr') }]);
    expect(chunks.length).toBe(3);
    expect(chunks.every((c) => c.page === null && countWords(c.text) <= 300)).toBe(true);
  });
});

describe('chunkDocument', () => {
  const title = 'assets.pdf';

  it('follows the headings: the title and section path, and the page each passage starts on', () => {
    const pages = [
      { page: 1, text: `# Fixed Assets\n\n${sentences(12)}\n\n## Disposing of an asset\n\n${sentences(12)}` },
      { page: 2, text: `${sentences(6)}\n\n### Selling it\n\n${sentences(12)}\n\n## Depreciation\n\n${sentences(12)}` },
    ];
    const chunks = chunkDocument(pages, { title });
    expect(chunks.map((c) => [c.headingPath, c.page])).toEqual([
      ['Fixed Assets', 1],
      ['Fixed Assets > Disposing of an asset', 1],
      ['Fixed Assets > Disposing of an asset > Selling it', 2],
      ['Fixed Assets > Depreciation', 2],
    ]);
    // The section's text runs on over the page break; the heading itself is in the path.
    expect(chunks[1].text).toMatch(/^Sentence 0 /);
    expect(countWords(chunks[1].text)).toBe(12 * 12 + 6 * 12);
  });

  it('sizes passages for retrieval: long sections split at paragraphs, tiny ones merged with their next sibling', () => {
    const long = Array.from({ length: 10 }, () => sentences(6)).join('\n\n');
    const md = `# Vendors\n\n## Long\n\n${long}\n\n## Setup\n\nShort intro.\n\n### Tax ID\n\nEnter the EIN.\n\n### Terms\n\n${sentences(10)}\n\n## Payments\n\n${sentences(12)}`;
    const chunks = chunkDocument([{ page: 1, text: md }], { title });
    const long_ = chunks.filter((c) => c.headingPath === 'Vendors > Long');
    expect(long_.length).toBeGreaterThan(1);
    for (const chunk of long_) {
      expect(countWords(chunk.text)).toBeGreaterThanOrEqual(120);
      expect(countWords(chunk.text)).toBeLessThanOrEqual(350);
      expect(chunk.text).toMatch(/^Sentence 0 .*\.$/s);
    }
    const setup = chunks.filter((c) => c.headingPath === 'Vendors > Setup');
    expect(setup).toHaveLength(1);
    expect(setup[0].text).toContain('Short intro.\n\n### Tax ID\n\nEnter the EIN.\n\n### Terms');
  });

  it('keeps a table whole, together with its heading', () => {
    const table = [
      '| Asset class | Useful life | Method |',
      '| --- | --- | --- |',
      ...Array.from({ length: 12 }, (_, i) => `| Class ${i} | ${i + 3} years | straight line |`),
    ].join('\n');
    const withHeading = (text: string) =>
      chunkDocument([{ page: 3, text }], { title })
        .filter((c) => c.text.includes('| Class 0 |'))
        .map((c) => ({ ...c, text: c.text.slice(0, c.text.indexOf(table)) }));
    // A section of its own: the heading is the end of the passage's path.
    expect(withHeading(`# Assets\n\n## Lives\n\n${sentences(14)}\n\n### Useful lives\n\n${table}\n\n${sentences(14)}`)).toEqual([
      { headingPath: 'Assets > Lives > Useful lives', page: 3, text: '' },
    ]);
    // A small section merged into its parent's passage: the heading line stays right above the table.
    expect(withHeading(`# Assets\n\n## Lives\n\n${sentences(3)}\n\n### Useful lives\n\n${table}\n\n### Methods\n\n${sentences(3)}`)).toEqual([
      { headingPath: 'Assets > Lives', page: 3, text: expect.stringMatching(/### Useful lives\n\n$/) },
    ]);
  });

  it('reads columns aligned with tabs or spaces as a table', () => {
    const rows = ['Code\tDescription\tAmount', '01-100\tSite work\t1,200.00', '02-200\tConcrete\t3,400.00'].join('\n');
    expect(parseBlocks(`Intro line.\n\n${rows}\n\n- a list   item`).map((b) => b.kind)).toEqual(['paragraph', 'table', 'list']);
  });

  it('cuts an oversized paragraph without sentence ends (rows read from a PDF) at its line ends', () => {
    const rows = Array.from({ length: 60 }, (_, i) => `Cost code ${i} labour materials equipment subcontract`).join('\n');
    const pieces = splitBlock({ kind: 'paragraph', text: rows }, 100);
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) expect(piece).toMatch(/^Cost code \d+ .*subcontract$/s);
  });

  it('roots the path at the file when the document has no single title heading', () => {
    const md = `Intro before any heading.\n\n# Part one\n\n${sentences(12)}\n\n# Part two\n\n${sentences(12)}`;
    const chunks = chunkDocument([{ page: null, text: md }], { title: 'Site report.docx' });
    expect(chunks.map((c) => c.headingPath)).toEqual(['Site report.docx > Part one', 'Site report.docx > Part two']);
    expect(chunks[0].text).toMatch(/^Intro before any heading\.\n\nSentence 0/);
  });

  it('chunks a document without headings as before, with an empty heading path', () => {
    const pages = [
      { page: 1, text: `${sentences(10)}\n\n${sentences(30)}` },
      { page: 2, text: 'Totals due: $12,400.' },
    ];
    expect(chunkDocument(pages, { title })).toEqual(chunkPages(pages).map((c) => ({ headingPath: '', ...c })));
  });
});

describe('text blocks', () => {
  it('reads a list with blank lines between items as one block', () => {
    const blocks = parseBlocks('- one\n\n- two\n  continued\n\nAfter.');
    expect(blocks.map((b) => b.kind)).toEqual(['list', 'paragraph']);
  });

  it('splits sentences but not abbreviations', () => {
    expect(splitSentences('Use the vendor no. field, e.g. for Acme Inc. Then save. Done!')).toEqual([
      'Use the vendor no. field, e.g. for Acme Inc. Then save.',
      'Done!',
    ]);
  });
});

describe('chunkDocumentInSlices', () => {
  it('cuts megabytes of prose into the same passages as chunkDocument, letting timers run in between', async () => {
    for (const pages of [[{ page: 1, text: madeUpProse(2 * 1024 * 1024) }], [{ page: null, text: `# Manual\n\n${madeUpProse(2 * 1024 * 1024)}` }]]) {
      let pauses = 0;
      let ticks = 0;
      const timer = setInterval(() => ticks++, 1);
      const sliced = await chunkDocumentInSlices(pages, { title: 'Manual.pdf', onPause: () => pauses++ });
      clearInterval(timer);
      expect(sliced).toEqual({ chunks: chunkDocument(pages, { title: 'Manual.pdf' }), dropped: false });
      // About 20 ms a slice: chunking 2 MB takes well over 40 ms on any machine.
      expect(pauses).toBeGreaterThanOrEqual(2);
      expect(ticks).toBeGreaterThanOrEqual(1);
    }
  });

  it('keeps the first passages of a document longer than the cap, and says more were dropped', async () => {
    const pages = [{ page: 3, text: madeUpProse(200_000) }];
    const all = chunkDocument(pages, { title: 'Specs.pdf' });
    expect(all.length).toBeGreaterThan(20);
    expect(await chunkDocumentInSlices(pages, { title: 'Specs.pdf', maxPassages: 20 })).toEqual({ chunks: all.slice(0, 20), dropped: true });
    expect(await chunkDocumentInSlices(pages, { title: 'Specs.pdf', maxPassages: all.length })).toEqual({ chunks: all, dropped: false });
  });
});
