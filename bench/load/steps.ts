/** What a simulated user of the load test does, and how often (weights add up to 1). */
interface StepContext {
  base: string;
  headers: Record<string, string>;
  invoicePdfs: Array<{ name: string; bytes: Buffer }>;
  random: () => number;
}

export interface Step {
  name: 'lists' | 'chat' | 'upload' | 'invoices';
  weight: number;
  /** Resolves with a failure description, or undefined when the step worked. */
  run(context: StepContext): Promise<string | undefined>;
}

const failure = async (res: Response, what: string) => (res.ok ? undefined : `${what} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);

const QUESTIONS = [
  'How do I release retainage on a subcontract?',
  'What is a joint check?',
  'How do I enter a vendor invoice?',
  'How are AIA pay applications billed?',
];

export const STEPS: Step[] = [
  {
    name: 'lists',
    weight: 0.5,
    async run({ base, headers }) {
      for (const url of ['/api/chat/sessions', '/api/documents', '/api/invoices']) {
        const problem = await failure(await fetch(`${base}${url}`, { headers }), `GET ${url}`);
        if (problem) return problem;
      }
      return undefined;
    },
  },
  {
    name: 'chat',
    weight: 0.25,
    async run({ base, headers, random }) {
      const res = await fetch(`${base}/api/chat`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ message: QUESTIONS[Math.floor(random() * QUESTIONS.length)], source: 'structure', sessionId: 1 }),
      });
      if (!res.ok) return failure(res, 'POST /api/chat');
      const text = await res.text();
      return text.includes('event: error') ? `the answer stream ended in an error: ${text.slice(-200)}` : undefined;
    },
  },
  {
    name: 'upload',
    weight: 0.15,
    async run({ base, headers, random }) {
      const form = new FormData();
      const rows = Array.from({ length: 20 }, (_, i) => `SC-${Math.floor(random() * 900) + 100},${i},Retainage ${(random() * 10).toFixed(1)}%`);
      form.append('files', new Blob([['Subcontract,Line,Note', ...rows].join('\n')], { type: 'text/csv' }), 'subcontracts.csv');
      return failure(await fetch(`${base}/api/upload`, { method: 'POST', headers, body: form }), 'POST /api/upload');
    },
  },
  {
    name: 'invoices',
    weight: 0.1,
    async run({ base, headers, invoicePdfs, random }) {
      const form = new FormData();
      const first = Math.floor(random() * (invoicePdfs.length - 1));
      for (const pdf of invoicePdfs.slice(first, first + 2))
        form.append('files', new Blob([new Uint8Array(pdf.bytes)], { type: 'application/pdf' }), pdf.name);
      return failure(await fetch(`${base}/api/upload-invoices`, { method: 'POST', headers, body: form }), 'POST /api/upload-invoices');
    },
  },
];
