/**
 * The offline recogniser's language model, built from KAI's own vocabulary. With pocketsphinx's
 * general English model, accounting requests come back mangled ("open invoices" as "opening
 * voices"); a small trigram model of the requests people make here, plus the vendor master's
 * names and spoken job numbers, keeps the search to words this domain uses.
 */
import { createHash } from 'node:crypto';
import { access, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * General accounts-payable and job-cost requests, `|`-separated. `{vendor}` and `{job}` are
 * filled from the vendor master and job numbers (expandPhrases).
 */
const TEMPLATES = `
vendor setup | invoice processing | generate report | set up a new vendor | how do I set up a new vendor | add a new vendor
create a vendor record | add {vendor} as a vendor | is {vendor} set up as a vendor | update the address for {vendor}
change the remit to address for {vendor} | update the bank account for {vendor} | what is the phone number for {vendor}
who is the contact at {vendor} | what are the payment terms for {vendor} | change the payment terms to net thirty
net thirty | net sixty | two percent ten net thirty | take the early payment discount | process invoices | process the invoices
process this invoice | how do I process an invoice | how do I enter a vendor invoice | enter an invoice for {vendor}
enter a new invoice | upload an invoice | scan the invoice | read this invoice | attach the invoice to job {job}
approve the invoice from {vendor} | approve invoices | approve all the invoices | reject the invoice from {vendor}
show the invoices waiting for approval | which invoices need approval | who approves invoices over five thousand dollars
who is the approver for job {job} | how does approval routing work | how do I set up approval routing | generate a report
run the aging report | run the accounts payable aging report | generate the open payables report
generate a job cost report for job {job} | show the job cost detail for job {job} | show the cost to date on job {job}
what is the budget for job {job} | how much have we spent on job {job} | how much is left in the budget for job {job}
which jobs are over budget | what is the retainage on job {job} | how much retainage is held for {vendor}
release retainage for {vendor} on job {job} | show the retainage report | show the open invoices for {vendor}
show open invoices | show all open invoices | list the unpaid invoices for {vendor} | what do we owe {vendor}
what is the balance for {vendor} | what is the total owed to {vendor} | when is the invoice from {vendor} due
which invoices are past due | show invoices due this week | show invoices due next week | show invoices due this month
show the invoices over ten thousand dollars | show invoices under one thousand dollars | find invoice number {job}
find the invoice from {vendor} | find the latest invoice from {vendor} | look up invoice {job} | is invoice {job} paid
when was invoice {job} paid | has {vendor} been paid | show payments to {vendor} | show the last payment to {vendor}
how much did we pay {vendor} this year | print checks | how do I print checks | how do I void a check | void check number {job}
run a check run | set up a payment batch | pay {vendor} | schedule a payment to {vendor} | how do I pay by ACH
set up ACH for {vendor} | send the remittance to {vendor} | what cost code should I use for concrete
what cost code should I use for lumber | code this invoice to job {job} | code the invoice to cost code {job}
how do I code an invoice to a job | split the invoice between two jobs | which phase is this cost in
show the phases for job {job} | show the cost codes for job {job} | what is the cost type for materials
labor material equipment subcontract and other | show the change orders for job {job} | add a change order to job {job}
approve change order {job} | what is the contract amount for job {job} | show the commitments for job {job}
show the subcontract for {vendor} | show the purchase order for {vendor} | create a purchase order for {vendor}
match the invoice to the purchase order | do a three way match | the invoice does not match the purchase order
receive the materials | show the receipts for purchase order {job} | is the insurance certificate for {vendor} expired
when does the insurance for {vendor} expire | show vendors with expired insurance | do we have a W nine for {vendor}
request a W nine from {vendor} | is {vendor} a ten ninety nine vendor | print the ten ninety nine forms
do we have a lien waiver from {vendor} | collect the lien waivers for job {job} | conditional lien waiver
unconditional lien waiver | put {vendor} on hold | release the hold on {vendor} | why is this invoice on hold
post the invoices | post the batch | unpost the batch | which period is open | close the month | close the period
reopen the period | accrue the invoice | reverse the accrual | show the general ledger for account {job}
what account does this post to | show the journal entry | create a journal entry | reconcile the bank account
show the trial balance | show the accounts payable balance | accounts payable | accounts receivable | general ledger
job cost | cost code | purchase order | subcontract | retainage | sales tax | use tax | freight | credit memo
enter a credit memo from {vendor} | apply the credit memo | is this a duplicate invoice
check for duplicate invoices from {vendor} | delete the invoice | edit the invoice | change the invoice date
change the due date | what is the invoice date | what is the invoice total | what is the tax on this invoice
how much sales tax is on invoice {job} | show the freight charges from {vendor} | list the active jobs
which jobs are closed | is job {job} closed | who is the project manager for job {job} | show the details for job {job}
show me job {job} | open job {job} | job {job} | invoice {job} | check {job} | vendor {vendor} | {vendor}
show me the vendor {vendor} | tell me about {vendor} | how many invoices do we have from {vendor}
what did {vendor} bill us last month | show all invoices from {vendor} for job {job} | invoices for job {job}
what are the open invoices on job {job} | how do I | what is | where do I find | show me | tell me | can you please
explain retainage | what does retainage mean | what is a lien waiver | what is a three way match | what is a credit memo
how do I close the month | how do I post a batch | how do I release retainage | how do I add a change order
where do I find the aging report | where do I enter a credit memo | where do I find the vendor list
search the guide for approval routing | open the guide | show the guide for invoice processing | thank you | yes | no
cancel | stop | one two three four five six seven eight nine zero oh | hey KAI | KAI show me the open invoices
show me all of the invoices for {vendor} | show every unpaid invoice | list every vendor on hold | pull up job {job}
which of the invoices have been approved | has the invoice been approved | has it been posted | has it been paid
is the invoice still open | is the certificate still current | what is the remaining balance on job {job}
how much is still owed on job {job} | how much are we holding in retainage | what are we holding for {vendor}
what have we spent this month | what did we spend last month on job {job} | show the costs for this month
when did we last pay {vendor} | when was the last check to {vendor} | do we have that on file | what do we have on file for {vendor}
find the vendor called {vendor} | add a vendor named {vendor} | I need to enter an invoice | I need the aging report
we need to pay {vendor} this week | can you show me the invoices that need approval | the invoice that was entered twice
is that invoice a duplicate | show the invoices entered today | is job {job} over budget
what does this cost code mean | what is the difference between a purchase order and a subcontract | who needs to sign off on this
`;

export const BASE_PHRASES: string[] = TEMPLATES.split(/\s*[|\n]\s*/).filter(Boolean);

const DIGITS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

/**
 * Job numbers for the templates when none are given: four-digit pieces of a de Bruijn sequence,
 * so every pair of digits follows each other somewhere and any spoken job number decodes.
 */
function defaultJobs(): string[] {
  const digits = [0, 0];
  const seen = new Set<number>([0]); // digit pairs used, as 10 * first + second
  for (;;) {
    const last = digits[digits.length - 1];
    const next = [9, 8, 7, 6, 5, 4, 3, 2, 1, 0].find((digit) => !seen.has(last * 10 + digit));
    if (next === undefined) break;
    seen.add(last * 10 + next);
    digits.push(next);
  }
  const jobs: string[] = [];
  for (let at = 0; at + 1 < digits.length; at += 3) jobs.push(digits.slice(at, at + 4).join(''));
  return jobs;
}

/** Each vendor fills this many sentences in all, so a large vendor master does not swamp the model. */
const VENDOR_SENTENCE_BUDGET = 4000;

/** Fills `{vendor}` and `{job}` placeholders; each vendor appears in a few different templates. */
export function expandPhrases(templates: string[], options: { vendors: string[]; jobs?: string[] }): string[] {
  const vendors = [...new Set(options.vendors.map((vendor) => vendor.trim()).filter(Boolean))];
  const jobs = options.jobs && options.jobs.length > 0 ? options.jobs : defaultJobs();
  const out: string[] = [];
  const withVendor = templates.filter((template) => template.includes('{vendor}'));
  const perVendor = Math.max(2, Math.min(withVendor.length, Math.round(VENDOR_SENTENCE_BUDGET / Math.max(1, vendors.length))));
  let counter = 0;
  const nextJob = () => jobs[counter++ % jobs.length];
  for (const template of templates) {
    if (template.includes('{vendor}')) continue;
    if (!template.includes('{job}')) out.push(template);
    else for (let i = 0; i < Math.min(jobs.length, 12); i++) out.push(template.replaceAll('{job}', nextJob));
  }
  vendors.forEach((vendor, v) => {
    for (let k = 0; k < perVendor && withVendor.length > 0; k++) {
      const template = withVendor[(v * perVendor + k) % withVendor.length];
      out.push(template.replaceAll('{vendor}', vendor).replaceAll('{job}', nextJob));
    }
  });
  return out;
}

interface SpokenToken {
  word: string;
  /** Written in capitals (ACH, AIA): also pronounced letter by letter. */
  acronym: boolean;
}

/** The words a phrase is spoken as: lowercase, digits read one by one, symbols as words. */
function toSpokenTokens(text: string): SpokenToken[] {
  const spaced = text
    .replace(/&/g, ' and ')
    .replace(/%/g, ' percent ')
    .replace(/\d/g, (digit) => ` ${DIGITS[Number(digit)]} `)
    .replace(/[^\p{L}']+/gu, ' ');
  return spaced
    .split(' ')
    .map((token) => token.replace(/^'+|'+$/g, ''))
    .filter((token) => /^[\p{L}']+$/u.test(token))
    .map((token) => ({ word: token.toLowerCase(), acronym: token.length >= 2 && token.length <= 5 && token === token.toUpperCase() }));
}

export const toSpokenWords = (text: string): string[] => toSpokenTokens(text).map((token) => token.word);

const LETTER_NAMES: Record<string, string> = {
  a: 'EY', b: 'B IY', c: 'S IY', d: 'D IY', e: 'IY', f: 'EH F', g: 'JH IY', h: 'EY CH', i: 'AY', j: 'JH EY', k: 'K EY', l: 'EH L', m: 'EH M',
  n: 'EH N', o: 'OW', p: 'P IY', q: 'K Y UW', r: 'AA R', s: 'EH S', t: 'T IY', u: 'Y UW', v: 'V IY', w: 'D AH B AH L Y UW', x: 'EH K S',
  y: 'W AY', z: 'Z IY',
}; // prettier-ignore

/** Accounting words cmudict does not have. */
const DOMAIN_WORDS: Record<string, string> = {
  retainage: 'R IH T EY N IH JH',
  unpost: 'AH N P OW S T',
  unposted: 'AH N P OW S T IH D',
  approver: 'AH P R UW V ER',
  approvers: 'AH P R UW V ER Z',
  remittance: 'R IH M IH T AH N S',
  payee: 'P EY IY',
};

/** Longest spellings first; a rough guess is better than leaving a vendor's name out. */
const GRAPHEMES: Array<[string, string]> = [
  ['tion', 'SH AH N'], ['sion', 'ZH AH N'], ['ough', 'AO'], ['eigh', 'EY'], ['igh', 'AY'], ['tch', 'CH'], ['sch', 'S K'],
  ['ch', 'CH'], ['sh', 'SH'], ['th', 'TH'], ['ph', 'F'], ['wh', 'W'], ['ck', 'K'], ['ng', 'NG'], ['qu', 'K W'], ['gh', 'G'],
  ['ee', 'IY'], ['ea', 'IY'], ['oo', 'UW'], ['ou', 'AW'], ['ow', 'OW'], ['oi', 'OY'], ['oy', 'OY'], ['ai', 'EY'], ['ay', 'EY'],
  ['au', 'AO'], ['aw', 'AO'], ['ie', 'IY'], ['ei', 'EY'], ['ey', 'IY'], ['ew', 'UW'], ['er', 'ER'], ['ir', 'ER'], ['ur', 'ER'],
  ['ar', 'AA R'], ['or', 'AO R'], ['ce', 'S'], ['ci', 'S IH'], ['cy', 'S IY'], ['ge', 'JH'],
  ['a', 'AE'], ['b', 'B'], ['c', 'K'], ['d', 'D'], ['e', 'EH'], ['f', 'F'], ['g', 'G'], ['h', 'HH'], ['i', 'IH'], ['j', 'JH'],
  ['k', 'K'], ['l', 'L'], ['m', 'M'], ['n', 'N'], ['o', 'AA'], ['p', 'P'], ['q', 'K'], ['r', 'R'], ['s', 'S'], ['t', 'T'],
  ['u', 'AH'], ['v', 'V'], ['w', 'W'], ['x', 'K S'], ['y', 'IY'], ['z', 'Z'],
]; // prettier-ignore

function spell(word: string): string {
  return [...word]
    .map((letter) => LETTER_NAMES[letter])
    .filter(Boolean)
    .join(' ');
}

/** The fewest known words of three or more letters that make up `word`, at most three. */
function splitCompound(word: string, cmudict: Map<string, string[]>): string | undefined {
  const best: Array<string[] | undefined> = [[]];
  for (let end = 3; end <= word.length; end++) {
    for (let start = end - 3; start >= 0; start--) {
      const before = best[start];
      const piece = cmudict.get(word.slice(start, end))?.[0];
      if (!before || !piece || before.length >= 3) continue;
      if (!best[end] || best[end]!.length > before.length + 1) best[end] = [...before, piece];
    }
  }
  const pieces = best[word.length];
  return pieces && pieces.length > 1 ? pieces.join(' ') : undefined;
}

function guessFromLetters(word: string): string | undefined {
  // A final silent e ("stone") and doubled letters ("ll") add no sound of their own.
  const letters = word.replace(/(.)\1/g, '$1').replace(/(?<=[^aeiou][aeiouy][^aeiouy]+)e$/, '');
  const phones: string[] = [];
  for (let at = 0; at < letters.length;) {
    const match = GRAPHEMES.find(([spelling]) => letters.startsWith(spelling, at));
    if (!match) {
      at++;
      continue;
    }
    phones.push(match[1]);
    at += match[0].length;
  }
  return phones.length > 0 ? phones.join(' ') : undefined;
}

/**
 * Pronunciations for the offline recogniser's dictionary: cmudict first, then a few accounting
 * words it lacks, then made-up vendor names as compounds of known words ("Stonebridge" as
 * "stone bridge"), and last a rough letter-to-sound guess. Acronyms also get their spelling.
 * Returns every pronunciation of `word` (lowercase); empty when none can be made.
 */
function pronounce(word: string, acronym: boolean, cmudict: Map<string, string[]>): string[] {
  const variants = [...(cmudict.get(word) ?? [])];
  if (DOMAIN_WORDS[word]) variants.push(DOMAIN_WORDS[word]);
  const letters = word.normalize('NFD').replace(/\p{M}/gu, '').replace(/'/g, '');
  if (!/^[a-z]+$/.test(letters)) return variants;
  if (acronym) variants.push(spell(letters));
  if (variants.length === 0) {
    const guess = splitCompound(letters, cmudict) ?? (letters.length <= 3 && !/[aeiouy]/.test(letters) ? spell(letters) : guessFromLetters(letters));
    if (guess) variants.push(guess);
  }
  return [...new Set(variants)];
}

const ORDER = 3;

interface History {
  total: number;
  types: number;
}

const log10 = (value: number) => (value > 0 ? Math.log10(value) : -99).toFixed(6);

/**
 * An ARPA trigram language model with interpolated Witten-Bell smoothing, written in back-off
 * form so pocketsphinx (or any ARPA reader) reproduces the interpolated probabilities exactly.
 *
 *   P(w | h) = (c(h w) + T(h) P(w | h')) / (C(h) + T(h))
 *
 * with C(h) the count of h as a history, T(h) the number of distinct words seen after it and h'
 * the history shortened by one word. The unigram level interpolates with a uniform distribution,
 * the floor that lets unseen word orders still decode. For a word never seen after h the formula
 * reduces to T(h) / (C(h) + T(h)) * P(w | h'), so that factor is h's back-off weight.
 */
function writeArpa(sentences: string[][]): string {
  const counts: Array<Map<string, number>> = Array.from({ length: ORDER }, () => new Map());
  for (const sentence of sentences) {
    const tokens = ['<s>', ...sentence, '</s>'];
    for (let n = 1; n <= ORDER; n++) {
      for (let i = 0; i + n <= tokens.length; i++) {
        const key = tokens.slice(i, i + n).join(' ');
        counts[n - 1].set(key, (counts[n - 1].get(key) ?? 0) + 1);
      }
    }
  }
  const histories = new Map<string, History>();
  for (let n = 2; n <= ORDER; n++) {
    for (const [key, count] of counts[n - 1]) {
      const history = key.slice(0, key.lastIndexOf(' '));
      const stats = histories.get(history) ?? { total: 0, types: 0 };
      stats.total += count;
      stats.types += 1;
      histories.set(history, stats);
    }
  }
  // <s> starts every sentence but is never predicted, so it is not in the unigram distribution.
  const vocabulary = counts[0].size - 1;
  let tokens = 0;
  for (const [word, count] of counts[0]) if (word !== '<s>') tokens += count;

  const probabilities = new Map<string, number>();
  /** P(last word | the words before it), for an n-gram seen in the data (so its suffix is too). */
  const probability = (key: string): number => {
    const known = probabilities.get(key);
    if (known !== undefined) return known;
    const space = key.indexOf(' ');
    let value: number;
    if (space < 0) value = key === '<s>' ? 0 : (counts[0].get(key)! + 1) / (tokens + vocabulary);
    else {
      const history = histories.get(key.slice(0, key.lastIndexOf(' ')))!;
      const count = counts[key.split(' ').length - 1].get(key)!;
      value = (count + history.types * probability(key.slice(space + 1))) / (history.total + history.types);
    }
    probabilities.set(key, value);
    return value;
  };

  const lines = ['\\data\\', ...counts.map((map, i) => `ngram ${i + 1}=${map.size}`)];
  counts.forEach((map, i) => {
    lines.push('', `\\${i + 1}-grams:`);
    for (const key of map.keys()) {
      const history = i + 1 < ORDER ? histories.get(key) : undefined;
      const backoff = history ? `\t${log10(history.types / (history.total + history.types))}` : '';
      lines.push(`${log10(probability(key))}\t${key}${backoff}`);
    }
  });
  lines.push('', '\\end\\', '');
  return lines.join('\n');
}

export interface LanguageModelFiles {
  lmPath: string;
  dictPath: string;
  /** Words in the model (and the dictionary). */
  words: number;
  /** Words left out: no pronunciation could be made for them. */
  missing: string[];
}

const cmudictCache = new Map<string, Promise<Map<string, string[]>>>();

/** cmudict lines are `word PH ON ES` or `word(2) PH ON ES` for a variant. */
function loadCmudict(path: string): Promise<Map<string, string[]>> {
  let loaded = cmudictCache.get(path);
  if (!loaded) {
    loaded = readFile(path, 'utf8').then((text) => {
      const entries = new Map<string, string[]>();
      for (const line of text.split('\n')) {
        const match = /^([^\s(]+)(?:\(\d+\))?\s+(.+?)\s*$/.exec(line);
        if (!match) continue;
        const variants = entries.get(match[1]) ?? [];
        variants.push(match[2]);
        entries.set(match[1], variants);
      }
      return entries;
    });
    loaded.catch(() => cmudictCache.delete(path));
    cmudictCache.set(path, loaded);
  }
  return loaded;
}

/** Writes next to the final name and renames, so a decode running meanwhile never reads half a file; same name, same content. */
async function writeAtomically(path: string, content: string): Promise<void> {
  if (
    await access(path).then(
      () => true,
      () => false,
    )
  )
    return;
  const temporary = `${path}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temporary, content);
  await rename(temporary, path);
}

/**
 * Builds the domain trigram model (ARPA text, which pocketsphinx reads with `-lm`) and a
 * dictionary of just its words. Files are named by their content, so a rebuild with the same
 * vocabulary writes nothing and a decode in progress keeps its own files.
 */
export async function buildLanguageModel(phrases: string[], options: { cmudictPath: string; outDir: string }): Promise<LanguageModelFiles> {
  const cmudict = await loadCmudict(options.cmudictPath);
  const pronunciations = new Map<string, string[]>();
  const missing = new Set<string>();
  const sentences: string[][] = [];
  for (const phrase of phrases) {
    const words: string[] = [];
    for (const { word, acronym } of toSpokenTokens(phrase)) {
      if (!pronunciations.has(word) && !missing.has(word)) {
        const variants = pronounce(word, acronym, cmudict);
        if (variants.length > 0) pronunciations.set(word, variants);
        else missing.add(word);
      } else if (acronym && pronunciations.has(word)) {
        pronunciations.set(word, [...new Set([...pronunciations.get(word)!, ...pronounce(word, true, cmudict)])]);
      }
      if (pronunciations.has(word)) words.push(word);
    }
    if (words.length > 0) sentences.push(words);
  }
  if (sentences.length === 0) throw new Error('The voice vocabulary has no words to build a language model from.');
  const arpa = writeArpa(sentences);
  const dictionary = [...pronunciations.keys()]
    .sort()
    .flatMap((word) => pronunciations.get(word)!.map((phones, i) => `${i === 0 ? word : `${word}(${i + 1})`} ${phones}`))
    .join('\n');
  const hash = createHash('sha256').update(arpa).update(dictionary).digest('hex').slice(0, 16);
  await mkdir(options.outDir, { recursive: true });
  const lmPath = join(options.outDir, `domain-${hash}.arpa`);
  const dictPath = join(options.outDir, `domain-${hash}.dict`);
  await writeAtomically(dictPath, `${dictionary}\n`);
  await writeAtomically(lmPath, arpa);
  return { lmPath, dictPath, words: pronunciations.size, missing: [...missing].sort() };
}
