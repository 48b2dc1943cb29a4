/**
 * Deterministic construction-accounting text for load tests. Terms follow a Zipf distribution
 * (a few everywhere, most rare) and each passage has a topic (terms repeat within it), the way
 * real guide and document text behaves under full-text search. Questions draw from the same
 * vocabulary, so they hit a realistic share of passages.
 */
import { seededRandom } from '../support';

const NOUNS = [
  'invoice',
  'payment',
  'job',
  'vendor',
  'subcontract',
  'retainage',
  'cost code',
  'purchase order',
  'change order',
  'check',
  'journal entry',
  'budget',
  'commitment',
  'owner',
  'pay application',
  'lien waiver',
  'schedule of values',
  'general ledger',
  'accrual',
  'period',
  'batch',
  'approval',
  'discount',
  'sales tax',
  'payroll',
  'timecard',
  'equipment',
  'material',
  'labor',
  'overhead',
  'markup',
  'billing',
  'draw',
  'contract',
  'backcharge',
  'credit memo',
  'bond',
  'certificate of insurance',
  'deposit',
  'receipt',
  'bank statement',
  'reconciliation',
  'fiscal year',
  '1099',
  'W-9',
  'prevailing wage',
  'certified payroll',
  'union fringe',
  'workers compensation',
  'general liability',
  'joint check',
  'early-pay discount',
  'due date',
  'aging report',
  'collections',
  'cash flow',
  'forecast',
  'estimate at completion',
  'percent complete',
  'over billing',
  'under billing',
  'WIP schedule',
  'committed cost',
  'unit price',
  'quantity',
  'receiving',
  'three-way match',
  'tolerance',
  'hold code',
  'void',
  'reversal',
  'recurring entry',
  'intercompany',
  'allocation',
  'burden rate',
  'equipment rate',
  'small tools',
  'rental',
  'fuel',
  'mileage',
  'per diem',
  'expense report',
  'credit card',
  'petty cash',
  'escrow',
  'bonding capacity',
  'surety',
  'substantial completion',
  'punch list',
  'closeout',
  'warranty',
  'as-built',
  'RFI',
  'submittal',
  'daily log',
  'T&M ticket',
  'force account',
  'allowance',
  'contingency',
  'GMP',
  'cost-plus',
  'fee',
  'general conditions',
  'mobilization',
  'demobilization',
  'stored materials',
  'AIA G702',
  'AIA G703',
  'notarization',
  'sworn statement',
  'conditional waiver',
  'unconditional waiver',
  'preliminary notice',
  'mechanics lien',
  'stop notice',
  'prompt payment',
  'interest',
  'late fee',
  'write-off',
  'bad debt',
];
const GENERAL = [
  'enter',
  'select',
  'review',
  'amount',
  'date',
  'total',
  'screen',
  'field',
  'report',
  'post',
  'approve',
  'update',
  'record',
  'account',
  'balance',
  'line',
  'project',
  'manager',
  'month',
  'close',
  'open',
  'print',
  'export',
  'import',
  'setup',
  'default',
  'option',
  'status',
  'number',
  'reference',
  'description',
  'detail',
  'summary',
  'history',
  'audit',
  'user',
  'role',
  'permission',
  'workflow',
  'queue',
  'email',
  'attach',
  'document',
  'scan',
  'match',
  'compare',
  'adjust',
  'release',
  'hold',
  'apply',
  'calculate',
  'percent',
  'rate',
  'tax',
  'form',
  'filing',
  'deadline',
  'office',
  'field crew',
];
const NAMES = ['Apex Drywall', 'Harbor Steel', 'Northline Electric', 'Summit Concrete', 'Valley Plumbing', 'Keystone Glass'];
const TEMPLATES = [
  (t: string, u: string, g: string, h: string) => `${t} ${g}s ${u} before the ${h}.`,
  (t: string, u: string, g: string, h: string) => `Use the ${g} ${h} to check the ${t} against the ${u}.`,
  (t: string, u: string, g: string) => `The ${t} is linked to the ${u} and every ${g} shows it.`,
  (t: string, u: string, g: string, h: string) => `When the ${t} changes, ${g} the ${u} and keep the ${h} for the audit trail.`,
  (t: string, _u: string, g: string, h: string) => `Each ${t} has a ${g} and a ${h} on the entry screen.`,
];

function zipf(size: number, random: () => number): () => number {
  const weights = Array.from({ length: size }, (_, i) => 1 / (i + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const cumulative: number[] = [];
  weights.reduce((sum, w, i) => (cumulative[i] = sum + w / total), 0);
  return () => {
    const r = random();
    let lo = 0;
    let hi = size - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < r) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

export function createTextGenerator(seed: number) {
  const random = seededRandom(seed);
  const noun = zipf(NOUNS.length, random);
  const general = zipf(GENERAL.length, random);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const term = () => NOUNS[noun()];
  const word = () => GENERAL[general()];

  return {
    random,
    passage(words = 150): string {
      const topic = [term(), term(), term()];
      const topical = () => (random() < 0.6 ? pick(topic) : term());
      const sentences: string[] = [];
      let count = 0;
      while (count < words) {
        const sentence =
          random() < 0.15
            ? `${pick(NAMES)} sent ${topical()} ${Math.floor(random() * 9000 + 100)} for $${(random() * 90_000 + 500).toFixed(2)}.`
            : capitalise(pick(TEMPLATES)(topical(), topical(), word(), word()));
        sentences.push(sentence);
        count += sentence.split(' ').length;
      }
      return sentences.join(' ');
    },
    title(): string {
      return capitalise(`${term()} and ${term()}`);
    },
    question(): string {
      const templates = [
        () => `how do I ${word()} a ${term()}`,
        () => `where do I ${word()} the ${term()} for a ${term()}`,
        () => `${term()} ${term()}`,
        () => `why is the ${term()} ${word()} different from the ${term()}`,
        () => `can I ${word()} ${term()} after the ${word()}`,
        () => `${term()}`,
      ];
      return pick(templates)();
    },
  };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
