import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_PHRASES, buildLanguageModel, expandPhrases, toSpokenWords } from './voice-vocabulary';

let dir: string;
let cmudictPath: string;

/** A few cmudict-style entries, enough for the made-up phrases below. */
const CMUDICT = `show SH OW
the DH AH
the(2) DH IY
open OW P AH N
invoices IH N V OY S IH Z
for F AO R
for(2) F ER
four F AO R
job JH AA B
one W AH N
two T UW
zero Z IH R OW
pay P EY
ach EY S IY EY CH
stone S T OW N
bridge B R IH JH
acme AE K M IY
concrete K AA N K R IY T
`;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kai-vocabulary-'));
  cmudictPath = join(dir, 'cmudict.dict');
  await writeFile(cmudictPath, CMUDICT);
});

afterAll(() => rm(dir, { recursive: true, force: true }));

/** Reads an ARPA file and answers P(word | history) the way a decoder does: back off until found. */
function arpaModel(text: string) {
  const entries = new Map<string, { logProb: number; backoff: number }>();
  const declared: number[] = [];
  let order = 0;
  for (const line of text.split('\n')) {
    const header = /^ngram (\d)=(\d+)$/.exec(line);
    if (header) declared[Number(header[1])] = Number(header[2]);
    const section = /^\\(\d)-grams:$/.exec(line);
    if (section) order = Number(section[1]);
    const fields = line.split('\t');
    if (order > 0 && fields.length >= 2) entries.set(fields[1], { logProb: Number(fields[0]), backoff: Number(fields[2] ?? 0) });
  }
  const probability = (history: string[], word: string): number => {
    const entry = entries.get([...history, word].join(' '));
    if (entry) return 10 ** entry.logProb;
    if (history.length === 0) return 0;
    return 10 ** (entries.get(history.join(' '))?.backoff ?? 0) * probability(history.slice(1), word);
  };
  return { entries, declared, probability };
}

describe('BASE_PHRASES and expandPhrases', () => {
  it('holds a few hundred general requests with vendor and job placeholders, and the quick actions', () => {
    expect(BASE_PHRASES.length).toBeGreaterThanOrEqual(150);
    expect(BASE_PHRASES.length).toBeLessThanOrEqual(400);
    expect(BASE_PHRASES).toEqual(expect.arrayContaining(['vendor setup', 'invoice processing', 'generate report']));
    expect(BASE_PHRASES.some((phrase) => phrase.includes('{vendor}'))).toBe(true);
    expect(BASE_PHRASES.some((phrase) => phrase.includes('{job}'))).toBe(true);
  });

  it('fills every placeholder, names every vendor and speaks job numbers digit by digit', () => {
    const vendors = ['Acme Concrete', 'Stonebridge Masonry', 'Quill & Sons'];
    const phrases = expandPhrases(BASE_PHRASES, { vendors, jobs: ['1042'] });
    expect(phrases.some((phrase) => phrase.includes('{'))).toBe(false);
    for (const vendor of vendors) expect(phrases.filter((phrase) => phrase.includes(vendor)).length).toBeGreaterThan(2);
    expect(phrases).toContain('what is the retainage on job 1042');
    expect(toSpokenWords('what is the retainage on job 1042')).toEqual('what is the retainage on job one zero four two'.split(' '));
  });

  it('keeps a large vendor master from swamping the model, while each vendor still appears', () => {
    const vendors = Array.from({ length: 3000 }, (_, i) => `Vendor ${String.fromCharCode(97 + (i % 26))}${i}`);
    const phrases = expandPhrases(BASE_PHRASES, { vendors });
    expect(phrases.length).toBeLessThan(8000);
    expect(phrases.filter((phrase) => phrase.includes(vendors[2999])).length).toBeGreaterThanOrEqual(2);
  });

  it('reads symbols and digits as words', () => {
    expect(toSpokenWords('Quill & Sons: 2% off, W-9 for job #23-104!')).toEqual(
      'quill and sons two percent off w nine for job two three one zero four'.split(' '),
    );
  });
});

describe('buildLanguageModel', () => {
  const phrases = [
    'show the open invoices for Acme Concrete',
    'show the open invoices for Stonebridge',
    'pay ACH for job 12',
    'job 40',
    'show the 東京',
  ];

  it('writes a trigram ARPA model whose probabilities sum to one after every history', async () => {
    const model = await buildLanguageModel(phrases, { cmudictPath, outDir: join(dir, 'lm') });
    const arpa = arpaModel(await readFile(model.lmPath, 'utf8'));
    const counted = [1, 2, 3].map((order) => [...arpa.entries.keys()].filter((key) => key.split(' ').length === order).length);
    expect(arpa.declared.slice(1)).toEqual(counted);
    expect(arpa.entries.get('<s>')?.logProb).toBe(-99);
    const vocabulary = [...arpa.entries.keys()].filter((key) => !key.includes(' ') && key !== '<s>');
    expect(vocabulary).toHaveLength(model.words + 1); // and </s>
    for (const history of [[], ['<s>'], ['the'], ['open', 'invoices'], ['<s>', 'job'], ['concrete', 'pay'], ['zero', 'four']]) {
      const total = vocabulary.reduce((sum, word) => sum + arpa.probability(history, word), 0);
      expect(total).toBeCloseTo(1, 4); // six decimals in the file
    }
    // Seen word orders win, and unseen ones still get a chance.
    expect(arpa.probability(['the', 'open'], 'invoices')).toBeGreaterThan(0.5);
    expect(arpa.probability(['the', 'open'], 'job')).toBeGreaterThan(0);
  });

  it('writes only the model words to the dictionary, with variants, spelt acronyms and guessed compounds', async () => {
    const model = await buildLanguageModel(phrases, { cmudictPath, outDir: join(dir, 'lm') });
    const dictionary = (await readFile(model.dictPath, 'utf8')).trim().split('\n');
    expect(dictionary).toEqual(expect.arrayContaining(['the DH AH', 'the(2) DH IY', 'stonebridge S T OW N B R IH JH', 'ach EY S IY EY CH']));
    expect(dictionary.some((line) => line.startsWith('four '))).toBe(true);
    expect(dictionary.some((line) => line.startsWith('east '))).toBe(false);
    expect(model.missing).toEqual(['東京']);
    expect(model.words).toBe(new Set(dictionary.map((line) => line.split(/[ (]/)[0])).size);
  });

  it('gives an unknown name a letter-to-sound pronunciation rather than dropping it', async () => {
    const model = await buildLanguageModel(['pay Kwazzle Fabrication'], { cmudictPath, outDir: join(dir, 'lm') });
    const dictionary = await readFile(model.dictPath, 'utf8');
    expect(dictionary).toMatch(/^kwazzle K W AE Z L$/m);
    expect(dictionary).toMatch(/^fabrication F AE B R .* SH AH N$/m);
    expect(model.missing).toEqual([]);
  });

  it('names files by content, so the same vocabulary gives the same files', async () => {
    const first = await buildLanguageModel(phrases, { cmudictPath, outDir: join(dir, 'again') });
    const second = await buildLanguageModel([...phrases], { cmudictPath, outDir: join(dir, 'again') });
    expect(second).toEqual(first);
    const other = await buildLanguageModel(['job 12'], { cmudictPath, outDir: join(dir, 'again') });
    expect(other.lmPath).not.toBe(first.lmPath);
  });
});
