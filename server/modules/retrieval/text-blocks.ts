/**
 * The pieces of a Markdown document that must never be cut through: headings, paragraphs,
 * whole lists, whole tables, fenced code. Splitting helpers below cut an oversized block at
 * the gentlest boundary available (sentence, list item, table row). The loops that grow with the
 * document pause between blocks, sentences and units (steps.ts); the plain functions run them at once.
 */
import { runToEnd, type Steps } from './steps';

export type Block = { kind: 'heading'; level: number; text: string } | { kind: 'paragraph' | 'list' | 'table' | 'code' | 'quote'; text: string };

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const LIST_ITEM = /^\s{0,3}(?:[-*+]|\d{1,3}[.)])\s+/;
const FENCE = /^\s{0,3}(```|~~~)/;
const TABLE_ROW = /^\s{0,3}\|/;
/** Plain-text table rows: cells apart by a tab or three spaces (Word tables read as text). */
const ALIGNED_ROW = /\S(?:\t| {3,})\S/;
const QUOTE = /^\s{0,3}>/;
const TABLE_RULE = /^\s*\|?[\s:|-]+\|?\s*$/;

/** The line under a Markdown table's header row ('| --- | :-: |'). */
export const isTableRule = (line: string): boolean => TABLE_RULE.test(line);

/** Cheap iterations (a line, a sentence, a unit) between pauses: a pause costs more than one of them. */
const STEP_EVERY = 32;

export function parseBlocks(markdown: string): Block[] {
  return runToEnd(parseBlockSteps(markdown));
}

export function* parseBlockSteps(markdown: string): Steps<Block[]> {
  const lines = stripFrontMatter(markdown.replace(/\r\n?/g, '\n')).split('\n');
  const blocks: Block[] = [];
  let i = 0;
  for (let step = 0; i < lines.length; step++) {
    if (step % STEP_EVERY === 0) yield;
    const line = lines[i];
    if (!line.trim()) {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const start = i++;
      while (i < lines.length && !lines[i].trimStart().startsWith(fence[1])) i++;
      blocks.push({ kind: 'code', text: lines.slice(start, Math.min(i + 1, lines.length)).join('\n') });
      i++;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ kind: 'heading', level: heading[1].length, text: heading[2].replace(/[*_`]/g, '').trim() });
      i++;
      continue;
    }
    const start = i;
    if (TABLE_ROW.test(line)) {
      while (i < lines.length && TABLE_ROW.test(lines[i])) i++;
      blocks.push({ kind: 'table', text: lines.slice(start, i).join('\n') });
    } else if (isAlignedRow(line) && isAlignedRow(lines[i + 1] ?? '')) {
      while (i < lines.length && isAlignedRow(lines[i])) i++;
      blocks.push({ kind: 'table', text: lines.slice(start, i).join('\n') });
    } else if (QUOTE.test(line)) {
      while (i < lines.length && lines[i].trim() && QUOTE.test(lines[i])) i++;
      blocks.push({ kind: 'quote', text: lines.slice(start, i).join('\n') });
    } else if (LIST_ITEM.test(line)) {
      i = endOfList(lines, i);
      blocks.push({ kind: 'list', text: trimBlankEnds(lines.slice(start, i)).join('\n') });
    } else {
      while (i < lines.length && lines[i].trim() && !startsOtherBlock(lines[i])) i++;
      blocks.push({ kind: 'paragraph', text: lines.slice(start, i).join('\n') });
    }
  }
  return blocks;
}

/** A list runs over blank lines while the next line is another item or indented continuation. */
function endOfList(lines: string[], i: number): number {
  i++;
  while (i < lines.length) {
    const line = lines[i];
    if (line.trim()) {
      if (HEADING.test(line) || FENCE.test(line) || TABLE_ROW.test(line)) return i;
      i++;
      continue;
    }
    let next = i;
    while (next < lines.length && !lines[next].trim()) next++;
    if (next < lines.length && (LIST_ITEM.test(lines[next]) || /^\s{2,}\S/.test(lines[next]))) {
      i = next;
      continue;
    }
    return i;
  }
  return i;
}

function isAlignedRow(line: string): boolean {
  return ALIGNED_ROW.test(line) && !startsOtherBlock(line) && !QUOTE.test(line);
}

function startsOtherBlock(line: string): boolean {
  return HEADING.test(line) || FENCE.test(line) || TABLE_ROW.test(line) || LIST_ITEM.test(line);
}

function stripFrontMatter(text: string): string {
  if (!text.startsWith('---\n')) return text;
  const end = text.indexOf('\n---', 4);
  return end === -1 ? text : text.slice(text.indexOf('\n', end + 4) + 1 || text.length);
}

function trimBlankEnds(lines: string[]): string[] {
  let end = lines.length;
  while (end > 0 && !lines[end - 1].trim()) end--;
  return lines.slice(0, end);
}

export function countWords(text: string): number {
  return (text.match(/[\p{L}\p{N}]+/gu) ?? []).length;
}

const ABBREVIATION = /\b(?:e\.g|i\.e|etc|vs|no|inc|ltd|co|corp|approx|dept|mr|mrs|ms|dr|st|fig|p)\.$/i;

/** Sentences, cut only after . ! ? followed by a space and a capital, digit or quote. */
export function splitSentences(text: string): string[] {
  return runToEnd(sentenceSteps(text));
}

function* sentenceSteps(text: string): Steps<string[]> {
  const sentences: string[] = [];
  const boundary = /[.!?]["')\]]?\s+(?=["'(\[]?[\p{Lu}\p{N}])/gu;
  let start = 0;
  for (const match of text.matchAll(boundary)) {
    if (sentences.length % STEP_EVERY === 0) yield;
    const end = match.index + match[0].trimEnd().length;
    if (ABBREVIATION.test(text.slice(start, end))) continue;
    sentences.push(text.slice(start, end).trim());
    start = match.index + match[0].length;
  }
  const rest = text.slice(start).trim();
  if (rest) sentences.push(rest);
  return sentences;
}

/** Cuts one oversized block into pieces of at most `maxWords` at its natural boundaries. */
export function splitBlock(block: Block, maxWords: number): string[] {
  return runToEnd(splitBlockSteps(block, maxWords));
}

export function* splitBlockSteps(block: Block, maxWords: number): Steps<string[]> {
  if (block.kind === 'heading') return [block.text];
  if (block.kind === 'table') {
    const rows = block.text.split('\n');
    const header = rows.length > 2 && isTableRule(rows[1]) ? rows.slice(0, 2) : [];
    const bodies = yield* packUnitSteps(rows.slice(header.length), maxWords - countWords(header.join(' ')), '\n');
    return bodies.map((body) => [...header, body].join('\n'));
  }
  if (block.kind === 'list') return yield* packUnitSteps(splitListItems(block.text), maxWords, '\n');
  if (block.kind === 'code') return yield* packUnitSteps(block.text.split('\n'), maxWords, '\n');
  // A "sentence" longer than a chunk (table rows read from a PDF, OCR) is cut at its line ends.
  const units: string[] = [];
  for (const sentence of yield* sentenceSteps(block.text.replace(/[ \t]*\n[ \t]*/g, '\n'))) {
    yield;
    if (countWords(sentence) <= maxWords) units.push(sentence.replace(/\n/g, ' '));
    else
      units.push(
        ...(yield* packUnitSteps(
          sentence.split('\n').flatMap((line) => splitWords(line, maxWords)),
          maxWords,
          '\n',
        )),
      );
  }
  return yield* packUnitSteps(units, maxWords, ' ');
}

function splitListItems(text: string): string[] {
  const items: string[] = [];
  for (const line of text.split('\n')) {
    if (LIST_ITEM.test(line) || items.length === 0) items.push(line);
    else items[items.length - 1] += `\n${line}`;
  }
  return items;
}

/** Last resort for a "sentence" longer than a chunk (OCR text without punctuation). */
function splitWords(sentence: string, maxWords: number): string[] {
  const words = sentence.split(/\s+/);
  if (countWords(sentence) <= maxWords) return [sentence];
  const pieces: string[] = [];
  for (let i = 0; i < words.length; i += maxWords) pieces.push(words.slice(i, i + maxWords).join(' '));
  return pieces;
}

/** Greedy packing of units into pieces of at most `maxWords`, evened out so no tail is tiny. */
function* packUnitSteps(units: string[], maxWords: number, separator: string): Steps<string[]> {
  return (yield* packGroupSteps(units, countWords, maxWords)).map((group) => group.join(separator));
}

/** packUnitSteps for units that carry more than their text (the page they come from). */
export function* packGroupSteps<T>(units: T[], wordsOf: (unit: T) => number, maxWords: number): Steps<T[][]> {
  const counts: number[] = [];
  for (const unit of units) {
    if (counts.length % STEP_EVERY === 0) yield;
    counts.push(wordsOf(unit));
  }
  const total = counts.reduce((sum, n) => sum + n, 0);
  const target = total / Math.max(1, Math.ceil(total / Math.max(1, maxWords)));
  const groups: T[][] = [];
  let current: T[] = [];
  let words = 0;
  for (const [i, unit] of units.entries()) {
    const n = counts[i];
    if (current.length > 0 && (words + n > maxWords || words >= target)) {
      groups.push(current);
      current = [];
      words = 0;
    }
    current.push(unit);
    words += n;
  }
  if (current.length > 0) groups.push(current);
  return groups;
}
