/**
 * Reduces an untrusted HTML page to its readable text, one paragraph a line: no markup survives,
 * scripts, styles and page furniture (navigation, header, footer, asides, forms) are dropped.
 * A small linear scanner rather than regular expressions over tags, so a hostile page (an
 * unclosed quote, deep nesting) costs one pass; no HTML parser is a dependency of KAI.
 */

/** Elements whose content is raw text up to their end tag, as the HTML tokenizer reads them. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript']);
/**
 * Elements whose whole content is left out of the text. Not `head` or `form`, whose end tags may
 * be missing, and some sites wrap the whole page in a form.
 */
const DROPPED = new Set([
  ...RAW_TEXT,
  'template',
  'svg',
  'math',
  'object',
  'canvas',
  'nav',
  'header',
  'footer',
  'aside',
  'select',
  'button',
  'dialog',
]);
/** Elements that end a line of text. */
const BLOCKS = new Set(
  (
    'address article blockquote br caption dd details div dl dt figcaption figure h1 h2 h3 h4 h5 h6 hr li main ol p pre ' +
    'section summary table tbody td th thead tr ul'
  ).split(' '),
);
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  bull: '•',
  middot: '·',
  copy: '©',
  reg: '®',
  trade: '™',
  sect: '§',
  para: '¶',
  deg: '°',
  times: '×',
  divide: '÷',
  euro: '€',
  pound: '£',
  cent: '¢',
  yen: '¥',
  frac12: '½',
  frac14: '¼',
  frac34: '¾',
  percnt: '%',
  dollar: '$',
};

type Token = { kind: 'text'; text: string } | { kind: 'start' | 'end'; name: string; selfClosing: boolean };

interface PageText {
  title: string;
  /** Readable text, one paragraph a line. */
  text: string;
}

export function htmlToText(html: string): PageText {
  const title = rawTextOf(html, 'title');
  const lines: string[] = [''];
  const dropped: string[] = [];
  for (const token of tokenize(html)) {
    if (token.kind === 'text') {
      if (dropped.length === 0) lines[lines.length - 1] += token.text;
    } else if (token.kind === 'start') {
      if (DROPPED.has(token.name) && !token.selfClosing && !VOID.has(token.name)) dropped.push(token.name);
      else if (dropped.length === 0 && BLOCKS.has(token.name)) lines.push('');
    } else {
      const open = dropped.lastIndexOf(token.name);
      if (open >= 0) dropped.length = open;
      else if (dropped.length === 0 && BLOCKS.has(token.name)) lines.push('');
    }
  }
  return { title: oneLine(decodeEntities(title)), text: tidyLines(lines.map(decodeEntities)) };
}

/** Text with any tags removed and entities decoded, on one line (search snippets, titles). */
export function plainText(html: string): string {
  return oneLine(htmlToText(`<p>${html}</p>`).text);
}

function* tokenize(html: string): Generator<Token> {
  const lower = html.toLowerCase();
  let at = 0;
  while (at < html.length) {
    const lt = html.indexOf('<', at);
    if (lt < 0) {
      yield { kind: 'text', text: html.slice(at) };
      return;
    }
    if (lt > at) yield { kind: 'text', text: html.slice(at, lt) };
    const next = html[lt + 1] ?? '';
    if (next === '!' || next === '?') {
      at = skipMarkup(html, lt);
    } else if (/[a-z]/i.test(next) || (next === '/' && /[a-z]/i.test(html[lt + 2] ?? ''))) {
      const tag = readTag(html, lt);
      yield tag.token;
      at = tag.end;
      if (tag.token.kind === 'start' && RAW_TEXT.has(tag.token.name)) {
        // The content runs to the matching end tag whatever it holds ("</div>" inside a script).
        const close = lower.indexOf(`</${tag.token.name}`, at);
        at = close < 0 ? html.length : close;
      }
    } else {
      yield { kind: 'text', text: '<' };
      at = lt + 1;
    }
  }
}

/** Comments, doctypes, CDATA and processing instructions: skipped whole. */
function skipMarkup(html: string, lt: number): number {
  if (html.startsWith('<!--', lt)) {
    const end = html.indexOf('-->', lt + 4);
    return end < 0 ? html.length : end + 3;
  }
  if (html.startsWith('<![CDATA[', lt)) {
    const end = html.indexOf(']]>', lt + 9);
    return end < 0 ? html.length : end + 3;
  }
  const end = html.indexOf('>', lt);
  return end < 0 ? html.length : end + 1;
}

/** A start or end tag from `lt`; quoted attribute values may hold '>' (and run on, as in a browser). */
function readTag(html: string, lt: number): { token: Token; end: number } {
  const isEnd = html[lt + 1] === '/';
  let i = lt + (isEnd ? 2 : 1);
  const nameStart = i;
  while (i < html.length && !/[\s/>]/.test(html[i])) i++;
  const name = html.slice(nameStart, i).toLowerCase();
  let quote = '';
  let selfClosing = false;
  for (; i < html.length; i++) {
    const c = html[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") {
      // Only a value's opening quote starts one: `=` before it, spaces allowed.
      if (/=\s*$/.test(html.slice(Math.max(nameStart, i - 8), i))) quote = c;
    } else if (c === '>') {
      selfClosing = html[i - 1] === '/';
      break;
    }
  }
  return { token: { kind: isEnd ? 'end' : 'start', name, selfClosing }, end: Math.min(i + 1, html.length) };
}

function rawTextOf(html: string, name: string): string {
  const lower = html.toLowerCase();
  const open = lower.indexOf(`<${name}`);
  if (open < 0) return '';
  const start = html.indexOf('>', open);
  const close = lower.indexOf(`</${name}`, start);
  return start < 0 ? '' : html.slice(start + 1, close < 0 ? undefined : close);
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z][a-z0-9]{1,31});?/gi, (whole, body: string) => {
    if (body[0] !== '#') return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
    const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : Number(body.slice(1));
    // Surrogates, NUL and out-of-range code points become the replacement character, as in a browser.
    const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
    return String.fromCodePoint(valid ? code : 0xfffd);
  });
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

function tidyLines(lines: string[]): string {
  return lines.map(oneLine).filter(Boolean).join('\n');
}
