import os from 'node:os';

/** One row of bench/results.json: a measured figure, its goal, and a reference measured in the same run. */
export interface Figure {
  figure: string;
  value: number;
  unit: string;
  /** The goal, and whether a smaller value is better (times, sizes) or a larger one (rates, accuracy). */
  goal?: number;
  better?: 'lower' | 'higher';
  reference?: { figure: string; value: number };
  /** value / reference.value, so 1.0 means as fast (or big) as the reference. */
  ratio?: number;
  met?: boolean;
}

type Json = Record<string, unknown>;
const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const at = (object: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Json)[key] : undefined), object);

/**
 * Every benchmark prints JSON objects in its own shape (they predate this runner); these turn each
 * shape into figures. A script that prints `{ figure, value, unit }` rows needs no entry here.
 */
const SHAPES: Record<string, (o: Json) => Array<Omit<Figure, 'ratio' | 'met'> | undefined>> = {
  foundation: (o) => [
    row('foundation.cold_start_ms', at(o, 'coldStart.appReadyMs'), 'ms'),
    row('foundation.authenticated_request_p95_ms', at(o, 'authenticatedRequests.latencyMs.p95'), 'ms'),
    row('foundation.rss_mib', o.rssMiB, 'MiB'),
  ],
  'chat-time-to-first-token': (o) => {
    // 'postgres', or 'postgres.2p' when KAI ran as two processes.
    const setup = o.processes && o.processes !== 1 ? `${o.database}.${o.processes}p` : o.database;
    const goals: Record<string, { p50?: number; p99?: number }> = { concurrency1: { p50: 5, p99: 20 } };
    if (o.processes && o.processes !== 1) goals.concurrency200TypicalAnswers = goals.concurrency200 = { p99: 50 };
    return (
      ['concurrency1', 'concurrency50', 'burst50', 'concurrency200', 'concurrency50TypicalAnswers', 'concurrency200TypicalAnswers'] as const
    ).flatMap((phase) => [
      row(`chat.added_ttft_p50_ms.${phase}.${setup}`, at(o, `${phase}.overheadMs.p50`), 'ms', { goal: goals[phase]?.p50 }),
      row(`chat.added_ttft_p99_ms.${phase}.${setup}`, at(o, `${phase}.overheadMs.p99`), 'ms', { goal: goals[phase]?.p99 }),
      row(`chat.kai_ttft_p50_ms.${phase}.${setup}`, at(o, `${phase}.kaiMs.p50`), 'ms', {
        reference: { figure: 'direct model call p50', value: num(at(o, `${phase}.directMs.p50`)) },
      }),
      row(`chat.cpu_ms_per_answer.${phase}.${setup}`, at(o, `${phase}.kaiCpuMsPerAnswer`), 'ms'),
    ]);
  },
  'extraction.pdf_text_pages_per_second': (o) => [
    row('extraction.pdf_text_pages_per_second', o.kai_pages_per_second, 'pages/s', {
      better: 'higher',
      reference: { figure: 'pdftotext pages/s', value: num(o.pdftotext_pages_per_second) },
    }),
  ],
  'invoices-upload-batch': (o) => [row('invoices.upload_batch_of_10_median_ms', at(o, 'ms.median'), 'ms', { goal: num(o.goalMs) })],
  'upload-to-searchable': (o) => [row('upload.pdf_20_pages_to_searchable_median_ms', at(o, 'ms.median'), 'ms', { goal: num(o.goalMs) })],
  'blob-throughput': (o) => [
    row(`upload.blob_write_mbps.${o.database}`, o.writeMBps, 'MB/s', { better: 'higher' }),
    row(`upload.blob_write_peak_rss_growth_mib.${o.database}`, at(o, 'peakRssGrowthMiB.write'), 'MiB', { goal: num(o.goalMiB) }),
  ],
  'retrieval-latency': (o) => [
    // Goals at 100,000 passages: p95 under 30 ms on PostgreSQL, under 100 ms on PGlite (issue 13).
    row(`retrieval.guide_search_p95_ms.${o.database}`, at(o, 'searchGuide.p95Ms'), 'ms', { goal: o.database === 'postgres' ? 30 : 100 }),
    row(`retrieval.uploaded_search_p95_ms.${o.database}`, at(o, 'searchUploaded.p95Ms'), 'ms', { goal: o.database === 'postgres' ? 30 : 100 }),
  ],
  'rag-public': (o) => [
    row(`rag_public.recall_at_5.${o.database}`, at(o, 'kai.overall.recallAt5'), 'share', {
      better: 'higher',
      reference: { figure: 'plain BM25, same passages', value: num(at(o, 'bm25.passageLevel.overall.recallAt5')) },
    }),
    row(`rag_public.mrr.${o.database}`, at(o, 'kai.overall.mrr'), 'share', {
      better: 'higher',
      reference: { figure: 'plain BM25, same passages', value: num(at(o, 'bm25.passageLevel.overall.mrr')) },
    }),
    row(`rag_public.abstention.${o.database}`, at(o, 'kai.overall.abstention'), 'share', { better: 'higher', goal: 0.8 }),
    row(`rag_public.false_abstention.${o.database}`, at(o, 'kai.overall.falseAbstention'), 'share', { goal: 0.05 }),
  ],
  'voice-wer': (o) => [row('voice.wer_percent_domain_model', at(o, 'engines.domain.werPercent'), '%', { goal: 15 })],
  'invoices.extraction': (o) => [
    row(`invoices.field_accuracy.${corpusName(o)}.${o.variant}`, o.field_accuracy, 'share', { better: 'higher' }),
    row(`invoices.line_item_f1.${corpusName(o)}.${o.variant}`, at(o, 'line_items.f1'), 'share', { better: 'higher' }),
  ],
  'invoices.scanned_first_pages': (o) => [
    row(`invoices.scanned_number_and_total.${o.corpus}`, o.accuracy_scan, 'share', {
      better: 'higher',
      reference: { figure: 'same pages with their text layer', value: num(o.accuracy_text) },
    }),
  ],
  'voice-tts': (o) => [
    row('voice.tts_first_audio_ms_cold', at(o, 'firstAudioMs.cold'), 'ms', { goal: num(at(o, 'goal.firstAudioMs')) }),
    row('voice.tts_first_audio_ms_warm', at(o, 'firstAudioMs.warmMedian'), 'ms', { goal: num(at(o, 'goal.firstAudioMs')) }),
  ],
};

/**
 * A stable name for an invoice corpus: the summary's own name ('invoices.synthetic_third' gives
 * 'synthetic_third'), else the folder's name; a generated corpus lives in a new temporary folder
 * each run, so its path would never compare across runs.
 */
function corpusName(o: Json): string {
  const figure = String(o.figure ?? '');
  if (figure.startsWith('invoices.') && figure !== 'invoices.extraction') return figure.slice('invoices.'.length);
  return (
    String(o.corpus ?? '')
      .split('/')
      .filter(Boolean)
      .at(-1) ?? 'corpus'
  );
}

function row(
  figure: string,
  value: unknown,
  unit: string,
  extra: Partial<Omit<Figure, 'reference'>> & { reference?: { figure: string; value?: number } } = {},
) {
  const measured = num(value);
  if (measured === undefined) return undefined;
  const { reference, ...rest } = extra;
  return {
    figure,
    value: measured,
    unit,
    ...rest,
    ...(reference?.value !== undefined ? { reference: { figure: reference.figure, value: reference.value } } : {}),
  };
}

/** The JSON objects in a script's output, whether printed one per line or pretty-printed. */
export function parseJsonObjects(text: string): Json[] {
  const objects: Json[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
    } else if (char === '"' && depth > 0) inString = true;
    else if (char === '{') {
      if (depth++ === 0) start = i;
    } else if (char === '}' && depth > 0 && --depth === 0) {
      try {
        objects.push(JSON.parse(text.slice(start, i + 1)) as Json);
      } catch {
        // A brace in plain log text, not an object: skip it.
      }
    }
  }
  return objects;
}

/** The figures one printed object holds, with ratio and goal verdict filled in. */
export function figuresOf(object: Json): Figure[] {
  // The invoice summaries are named per corpus (`invoices.synthetic_us`) but share one shape.
  const key = object.benchmark ?? object.bench ?? ('field_accuracy' in object ? 'invoices.extraction' : object.figure);
  const shape = SHAPES[String(key ?? '')];
  const rows = shape
    ? shape(object)
    : [num(object.value) !== undefined && typeof object.figure === 'string' ? (object as unknown as Figure) : undefined];
  return rows.filter((r): r is Figure => r !== undefined).map(complete);
}

function complete(figure: Figure): Figure {
  const better = figure.better ?? 'lower';
  const ratio = figure.reference && figure.reference.value !== 0 ? Number((figure.value / figure.reference.value).toFixed(2)) : undefined;
  const met = figure.goal === undefined ? undefined : better === 'lower' ? figure.value <= figure.goal : figure.value >= figure.goal;
  return { ...figure, better, ...(ratio !== undefined ? { ratio } : {}), ...(met !== undefined ? { met } : {}) };
}

export function machine() {
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    database: process.env.DATABASE_URL ? 'pglite and postgres' : 'pglite',
  };
}

/** One plain-text table: figure, value, goal, reference, ratio. */
export function formatTable(figures: Figure[]): string {
  const rows = figures.map((f) => [
    f.figure,
    `${f.value} ${f.unit}`,
    f.goal === undefined ? '' : `${f.better === 'higher' ? '>=' : '<='} ${f.goal}${f.met === undefined ? '' : f.met ? ' ok' : ' MISSED'}`,
    f.reference ? `${f.reference.value} (${f.reference.figure})` : '',
    f.ratio === undefined ? '' : `${f.ratio}x`,
  ]);
  const header = ['figure', 'value', 'goal', 'reference', 'ratio'];
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, c) => cell.padEnd(widths[c]))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
