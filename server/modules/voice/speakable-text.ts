/**
 * Turns an assistant answer (markdown) into plain sentences a speech engine reads well: no
 * markup, links read by their text, tables row by row, and amounts, dates and identifiers
 * written out the way a person would say them.
 */

const CODE_PHRASE = 'A code example is shown on screen.';
/** Longer tables are cut here: listening to forty rows helps nobody. */
const MAX_TABLE_ROWS = 10;

export function toSpeakableText(markdown: string): string {
  return markdownBlocks(markdown.replace(/\r\n?/g, '\n'))
    .map((block) => endSentence(tidy(speakNumbers(plainInline(block)))))
    .filter(Boolean)
    .join('\n');
}

/** Each paragraph, heading, list item and table row becomes one block of plain-ish text. */
function markdownBlocks(text: string): string[] {
  const lines = text.split('\n');
  const blocks: string[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push(paragraph.join(' '));
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    const fence = /^(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      flush();
      while (i + 1 < lines.length && !lines[i + 1].trim().startsWith(fence)) i++;
      i++;
      blocks.push(CODE_PHRASE);
    } else if (line.includes('|') && isTableSeparator(lines[i + 1])) {
      flush();
      let end = i + 2;
      while (end < lines.length && lines[end].includes('|')) end++;
      blocks.push(...tableSentences(lines.slice(i, end)));
      i = end - 1;
    } else if (!line || /^([-*_=])(\s*\1){2,}$/.test(line)) {
      flush(); // blank line or a rule
    } else if (!/^\[[^\]]+\]:\s*\S+$/.test(line)) {
      const own = /^#{1,6}\s+(.*?)[\s#]*$/.exec(line) ?? /^(?:>\s*)*(?:[-*+]|\d{1,3}[.)])\s+(?:\[[ xX]\]\s+)?(.*)$/.exec(line);
      if (own) {
        flush();
        blocks.push(own[1]);
      } else paragraph.push(line.replace(/^(?:>\s*)+/, ''));
    }
  }
  flush();
  return blocks;
}

function isTableSeparator(line: string | undefined): boolean {
  return !!line && line.includes('|') && line.includes('-') && /^[\s|:-]+$/.test(line);
}

function tableCells(row: string): string[] {
  return row
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.replace(/\\\|/g, '|').trim());
}

/** "Header: value, header: value." per row; a long table says how many rows it left out. */
function tableSentences(lines: string[]): string[] {
  const header = tableCells(lines[0]);
  const rows = lines.slice(2).map(tableCells);
  if (!rows.length) return [header.filter(Boolean).join(', ')];
  const sentences = rows.slice(0, MAX_TABLE_ROWS).map((cells) =>
    cells
      .map((cell, column) => (cell && header[column] ? `${header[column]}: ${cell}` : cell))
      .filter(Boolean)
      .join(', '),
  );
  const left = rows.length - MAX_TABLE_ROWS;
  if (left > 0) sentences.push(`And ${left} more ${left === 1 ? 'row is' : 'rows are'} shown on screen.`);
  return sentences;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

function plainInline(text: string): string {
  return text
    .replace(/\\([\\`*_{}[\]()#+\-.!|~])/g, '$1')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]+)\]\((?:[^()\s]|\([^)]*\))*(?:\s+"[^"]*")?\)/g, '$1')
    .replace(/\[\^?\d+(?:\s*[,–-]\s*\d+)*\]/g, '')
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
    .replace(/<?https?:\/\/(?:www\.)?([^/\s>)]+)[^\s>)]*>?/g, (_, host: string) => host.replace(/\./g, ' dot '))
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_, name: string) => ENTITIES[name])
    .replace(/`+([^`]*)`+/g, '$1')
    .replace(/~~|\*+/g, '')
    .replace(/(^|[^\p{L}\p{N}])_+|_+(?=[^\p{L}\p{N}]|$)/gu, '$1')
    .replace(/_/g, ' ')
    .replace(/\s*\|\s*/g, ', ')
    .replace(/\bNo\.\s*(?=\d)|#\s*(?=\d)/g, 'number ')
    .replace(/#/g, '')
    .replace(/\s*&\s*/g, ' and ')
    .replace(/~\s*(?=\d)/g, 'about ')
    .replace(/\be\.g\.(?=[\s,])/gi, 'for example')
    .replace(/\bi\.e\.(?=[\s,])/gi, 'that is')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/\s*(?:[—›»→]|…|\.\.\.)\s*|(?<!\d)\s+[–-]\s+|\s+[–-]\s+(?!\d)/g, ', ')
    .replace(/\p{Extended_Pictographic}/gu, '');
}

function tidy(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/\(\s*\)|\[\s*\]/g, '')
    .replace(/\s+([,.;:!?])/g, '$1')
    .replace(/,(?=[^\s\d])/g, ', ')
    .replace(/([,;:])(?:\s*[,;:])+/g, '$1')
    .replace(/[,;:]\s*([.!?])/g, '$1')
    .replace(/^[\s,;:.]+/, '')
    .trim();
}

/** Every block ends as a sentence, so a heading or list item gets its own pause. */
function endSentence(text: string): string {
  if (!/[\p{L}\p{N}]/u.test(text)) return '';
  if (/[.!?]["')]*$/.test(text)) return text;
  return `${text.replace(/[,;:]$/, '')}.`;
}

// ---- Numbers

const ONES =
  'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen'.split(' ');
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES = ['', ' thousand', ' million', ' billion', ' trillion'];
const MONTHS = 'January February March April May June July August September October November December'.split(' ');

function belowThousand(n: number): string {
  const words: string[] = [];
  if (n >= 100) words.push(`${ONES[Math.floor(n / 100)]} hundred`);
  const rest = n % 100;
  if (rest >= 20) words.push(TENS[Math.floor(rest / 10)] + (rest % 10 ? `-${ONES[rest % 10]}` : ''));
  else if (rest || !words.length) words.push(ONES[rest]);
  return words.join(' ');
}

/** Cardinal words up to the trillions; anything longer is read digit by digit. */
function cardinal(digits: string): string {
  const plain = digits.replace(/,/g, '').replace(/^0+(?=\d)/, '');
  if (plain.length > 15) return digitByDigit(plain);
  let n = Number(plain);
  if (n === 0) return 'zero';
  const groups: string[] = [];
  for (let scale = 0; n > 0; scale++, n = Math.floor(n / 1000)) {
    if (n % 1000) groups.unshift(belowThousand(n % 1000) + SCALES[scale]);
  }
  return groups.join(' ');
}

function ordinal(n: number): string {
  const words = cardinal(String(n));
  const irregular: Record<string, string> = {
    one: 'first',
    two: 'second',
    three: 'third',
    five: 'fifth',
    eight: 'eighth',
    nine: 'ninth',
    twelve: 'twelfth',
  };
  return words.replace(/[a-z]+$/, (last) => irregular[last] ?? (last.endsWith('y') ? `${last.slice(0, -1)}ieth` : `${last}th`));
}

function decimalWords(whole: string, fraction: string | undefined): string {
  return cardinal(whole) + (fraction ? ` point ${digitByDigit(fraction)}` : '');
}

function digitByDigit(digits: string): string {
  return [...digits].map((d) => ONES[Number(d)]).join(' ');
}

/** 2026 -> "twenty twenty-six", 2005 -> "two thousand five", 1905 -> "nineteen oh five". */
function yearWords(year: number): string {
  if (year >= 2000 && year < 2010) return cardinal(String(year));
  const [high, low] = [Math.floor(year / 100), year % 100];
  if (low === 0) return `${cardinal(String(high))} hundred`;
  return `${cardinal(String(high))} ${low < 10 ? `oh ${ONES[low]}` : cardinal(String(low))}`;
}

const isYear = (n: number) => n >= 1900 && n <= 2099;

function dateWords(year: number | undefined, month: number, day: number): string | undefined {
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  return `${MONTHS[month - 1]} ${ordinal(day)}${year === undefined ? '' : `, ${yearWords(year)}`}`;
}

const monthNumber = (name: string) => MONTHS.findIndex((m) => m.startsWith(name.slice(0, 3))) + 1;
const MONTH_NAME =
  '(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)';

const CURRENCIES: Record<string, [string, string, string, string]> = {
  $: ['dollar', 'dollars', 'cent', 'cents'],
  '€': ['euro', 'euros', 'cent', 'cents'],
  '£': ['pound', 'pounds', 'penny', 'pence'],
};
const CURRENCY_CODES: Record<string, string> = { USD: '$', EUR: '€', GBP: '£' };
const SCALE_WORDS: Record<string, string> = { k: 'thousand', K: 'thousand', m: 'million', M: 'million', mn: 'million', B: 'billion', bn: 'billion' };

function moneyWords(symbol: string, whole: string, fraction: string | undefined, scale: string | undefined): string {
  const [one, many, centOne, centMany] = CURRENCIES[symbol];
  const amount = Number(whole.replace(/,/g, ''));
  if (scale || (fraction && fraction.length > 2)) {
    return `${decimalWords(whole, fraction)}${scale ? ` ${SCALE_WORDS[scale] ?? scale}` : ''} ${many}`;
  }
  const cents = fraction ? Number(fraction.padEnd(2, '0')) : 0;
  const parts: string[] = [];
  if (amount || !cents) parts.push(`${cardinal(whole)} ${amount === 1 ? one : many}`);
  if (cents) parts.push(`${cardinal(String(cents))} ${cents === 1 ? centOne : centMany}`);
  return parts.join(' and ');
}

/** Letters of a code are spelled, digits read one by one, dashes become pauses: "I N V, two zero four one seven". */
function identifierWords(token: string): string {
  return token
    .split('-')
    .map((part) =>
      (part.match(/[A-Za-z]+|\d+/g) ?? [])
        .map((group) =>
          /\d/.test(group) ? digitByDigit(group) : group.length <= 3 || group === group.toUpperCase() ? [...group.toUpperCase()].join(' ') : group,
        )
        .join(' '),
    )
    .join(', ');
}

/** A number after these words names something (job 2024, invoice 1999): it is not a year. */
const NAMING_WORD = /\b(?:invoice|job|order|P O|check|cheque|account|ref|reference|number|batch|contract|vendor|project)\s*$/i;

function bareNumber(sign: string | undefined, whole: string, fraction: string | undefined, before: string): string {
  const minus = sign ? 'minus ' : '';
  if (fraction !== undefined) return minus + decimalWords(whole, fraction);
  if (whole.includes(',')) return minus + cardinal(whole);
  const n = Number(whole);
  if (whole.length === 4 && isYear(n) && !NAMING_WORD.test(before)) return minus + yearWords(n);
  // Four or more digits without separators are identifiers (invoice, job, check numbers); counts have commas.
  if (whole.length >= 4 || (whole.length > 1 && whole.startsWith('0'))) return minus + digitByDigit(whole);
  return minus + cardinal(whole);
}

const AMOUNT = String.raw`(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?`;

function speakNumbers(text: string): string {
  return text
    .replace(/\b(\d{4})-(\d{2})-(\d{2})(?!\d)/g, (m, y: string, mo: string, d: string) => dateWords(Number(y), Number(mo), Number(d)) ?? m)
    .replace(
      /\b(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})\b/g,
      (m, mo: string, d: string, y: string) => dateWords(Number(y.length === 2 ? `20${y}` : y), Number(mo), Number(d)) ?? m,
    )
    .replace(
      new RegExp(String.raw`\b${MONTH_NAME}\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b(?:,?\s+(\d{4})\b)?`, 'g'),
      (m, name: string, d: string, y?: string) => dateWords(y ? Number(y) : undefined, monthNumber(name), Number(d)) ?? m,
    )
    .replace(
      new RegExp(String.raw`\b(\d{1,2})(?:st|nd|rd|th)?\s+${MONTH_NAME}\b(?:,?\s+(\d{4})\b)?`, 'g'),
      (m, d: string, name: string, y?: string) => dateWords(y ? Number(y) : undefined, monthNumber(name), Number(d)) ?? m,
    )
    .replace(/\b(USD|EUR|GBP)\s?(?=-?\d)/g, (_, code: string) => CURRENCY_CODES[code])
    .replace(/(\d[\d,]*(?:\.\d+)?)\s?(USD|EUR|GBP)\b/g, (_, amount: string, code: string) => CURRENCY_CODES[code] + amount)
    .replace(
      new RegExp(String.raw`(-)?([$€£])\s?(-)?${AMOUNT}(?:\s?(thousand|million|billion|trillion)\b|(mn|bn|k|K|m|M|B)(?![A-Za-z]))?`, 'g'),
      (_, minus?: string, symbol = '$', innerMinus?: string, whole = '', fraction?: string, scaleWord?: string, scaleLetter?: string) =>
        (minus || innerMinus ? 'minus ' : '') + moneyWords(symbol, whole, fraction, scaleWord ?? scaleLetter),
    )
    .replace(
      new RegExp(String.raw`(?<![\w.])(-)?${AMOUNT}\s?%`, 'g'),
      (_, minus: string | undefined, whole: string, fraction?: string) => `${minus ? 'minus ' : ''}${decimalWords(whole, fraction)} percent`,
    )
    .replace(/\b(\d{1,2}):(\d{2})(?::\d{2})?(?:\s?([AaPp])\.?[Mm]\b(\.?))?/g, (m, h: string, min: string, half?: string, dot = '') =>
      timeWords(m, Number(h), Number(min), half, dot),
    )
    .replace(/\b(\d{1,2})\s?([AaPp])\.?[Mm]\b(\.?)/g, (m, h: string, half: string, dot: string) => timeWords(m, Number(h), 0, half, dot))
    .replace(/\b(\d+)(?:st|nd|rd|th)\b/gi, (_, n: string) => ordinal(Number(n)))
    .replace(/\b(\d{1,4})'?s\b/g, (_, n: string) => bareNumber(undefined, n, undefined, '').replace(/y$/, 'ie') + 's')
    .replace(/\b([A-Z]{2,4})(?=\s+(?:number\s+)?\d)/g, (letters: string) => [...letters].join(' '))
    .replace(/(?<![\w.,-])(\d{1,4})\s?[-–]\s?(\d{1,4})(?![\w,-]|\.\d)/g, (m, a: string, b: string) => rangeWords(m, a, b))
    .replace(/(?<![\w-])(?=[A-Za-z0-9-]*\d)(?=[A-Za-z0-9-]*[A-Za-z-])[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*(?![\w-])/g, identifierWords)
    .replace(
      new RegExp(String.raw`(?<![\w.])(-)?${AMOUNT}(?!\w)`, 'g'),
      (_, minus: string | undefined, whole: string, fraction: string | undefined, offset: number, all: string) =>
        bareNumber(minus, whole, fraction, all.slice(Math.max(0, offset - 20), offset)),
    );
}

function timeWords(original: string, hour: number, minute: number, half: string | undefined, dot: string): string {
  if (hour > 23 || minute > 59 || (half && (hour < 1 || hour > 12))) return original;
  const minutes =
    minute === 0 ? (half ? '' : hour <= 12 ? " o'clock" : ' hundred') : minute < 10 ? ` oh ${ONES[minute]}` : ` ${cardinal(String(minute))}`;
  return `${cardinal(String(hour))}${minutes}${half ? ` ${half.toUpperCase()} M${dot}` : ''}`;
}

/** "3-5" and "2024-2025" are ranges; anything else with a dash is left for the identifier rule. */
function rangeWords(original: string, from: string, to: string): string {
  const [a, b] = [Number(from), Number(to)];
  const years = from.length === 4 && to.length === 4 && isYear(a) && isYear(b);
  if (a >= b || (!years && (from.length > 3 || to.length > 3))) return original;
  return years ? `${yearWords(a)} to ${yearWords(b)}` : `${cardinal(from)} to ${cardinal(to)}`;
}

// ---- Sentences

/** Words that end in a period without ending the sentence. */
const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'sr',
  'jr',
  'st',
  'vs',
  'inc',
  'ltd',
  'co',
  'corp',
  'approx',
  'dept',
  'est',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
]);

/** Sentences to synthesise one by one, so playback can start after the first; none longer than `maxChars`. */
export function splitSentences(text: string, maxChars = 300): string[] {
  const sentences: string[] = [];
  for (const line of text.split(/\n+/)) {
    let start = 0;
    for (const match of line.matchAll(/[.!?]+["')\]]*(?=\s|$)/g)) {
      const end = match.index + match[0].length;
      if (!endsSentence(line, match.index, end, match[0])) continue;
      sentences.push(line.slice(start, end));
      start = end;
    }
    sentences.push(line.slice(start));
  }
  return sentences
    .map((sentence) => sentence.replace(/\s+/g, ' ').trim())
    .filter((sentence) => /[\p{L}\p{N}]/u.test(sentence))
    .flatMap((sentence) => cutLong(sentence, maxChars));
}

function endsSentence(line: string, at: number, end: number, mark: string): boolean {
  const next = line.slice(end).trimStart().charAt(0);
  if (/[a-z]/.test(next)) return false;
  if (!mark.startsWith('.') || mark.startsWith('..')) return true;
  const word = (/(\S+)$/.exec(line.slice(0, at))?.[1] ?? '').replace(/^["'([]+/, '');
  const lower = word.toLowerCase();
  if (ABBREVIATIONS.has(lower)) return false;
  if ((lower === 'no' || lower === 'nos') && /\d/.test(next)) return false;
  // e.g, i.e, a.m, U.S; a single capital is an initial (J. Doe)
  return !/^(?:[a-z]\.)+[a-z]$/i.test(word) && !/^[A-Z]$/.test(word);
}

/** Cuts at the last comma, semicolon or colon that keeps the piece under the limit, else at a space. */
function cutLong(sentence: string, maxChars: number): string[] {
  const pieces: string[] = [];
  let rest = sentence;
  while (rest.length > maxChars) {
    const window = rest.slice(0, maxChars + 1);
    let cut = Math.max(window.lastIndexOf(', '), window.lastIndexOf('; '), window.lastIndexOf(': ')) + 1;
    if (cut < maxChars / 3) cut = window.lastIndexOf(' ');
    if (cut <= 0) cut = maxChars;
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}
