/**
 * JSON.parse for Procore answers. Procore ids can exceed 2^53, which JSON.parse would round
 * before any reviver sees them, and its money may come as numbers. A small scan over the text
 * first quotes every id-named integer, every integer too big for a double and every number with a
 * fraction or exponent, so ids stay exact strings and amounts keep their written decimals.
 */
const ID_KEY = /(^|_)ids?$/;

export function parseProcoreJson(text: string): unknown {
  return JSON.parse(quoteExactNumbers(text));
}

function quoteExactNumbers(text: string): string {
  let out = '';
  let copiedTo = 0;
  let lastString = '';
  // The key each open object is at, and for an array the key it is the value of.
  const open: Array<{ array: boolean; key: string }> = [{ array: false, key: '' }];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const top = open[open.length - 1];
    if (c === '"') {
      const end = stringEnd(text, i);
      lastString = text.slice(i + 1, end - 1);
      i = end;
      continue;
    }
    if (c === ':') top.key = lastString;
    else if (c === ',' && !top.array) top.key = '';
    else if (c === '{') open.push({ array: false, key: '' });
    else if (c === '[') open.push({ array: true, key: top.key });
    else if ((c === '}' || c === ']') && open.length > 1) open.pop();
    else if (c === '-' || (c >= '0' && c <= '9')) {
      const match = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
      const number = match ? match[0] : c;
      if (match && shouldQuote(number, top.key)) {
        out += `${text.slice(copiedTo, i)}"${number}"`;
        copiedTo = i + number.length;
      }
      i += number.length;
      continue;
    }
    i += 1;
  }
  return out + text.slice(copiedTo);
}

/** Index just past the string that opens at `start` (escaped quotes skipped). */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    if (text[i] === '\\') i += 2;
    else if (text[i] === '"') return i + 1;
    else i += 1;
  }
  return text.length;
}

function shouldQuote(number: string, key: string): boolean {
  if (/[.eE]/.test(number)) return true;
  return ID_KEY.test(key) || !Number.isSafeInteger(Number(number));
}
