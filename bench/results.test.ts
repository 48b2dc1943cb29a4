import { describe, expect, it } from 'vitest';
import { figuresOf, formatTable, parseJsonObjects } from './results';

describe('benchmark results', () => {
  it('reads JSON objects printed one per line or pretty-printed, between log lines', () => {
    const text = 'warming up {not json}\n{"figure":"a","value":1,"unit":"ms"}\n{\n  "benchmark": "x",\n  "note": "a } in a string"\n}\n';
    expect(parseJsonObjects(text)).toEqual([
      { figure: 'a', value: 1, unit: 'ms' },
      { benchmark: 'x', note: 'a } in a string' },
    ]);
  });

  it('turns a known shape into figures with the reference ratio and the goal verdict', () => {
    const [pages] = figuresOf({ figure: 'extraction.pdf_text_pages_per_second', kai_pages_per_second: 30, pdftotext_pages_per_second: 60 });
    expect(pages).toMatchObject({ value: 30, unit: 'pages/s', better: 'higher', reference: { value: 60 }, ratio: 0.5 });
    const [cold, warm] = figuresOf({ benchmark: 'voice-tts', firstAudioMs: { cold: 80, warmMedian: 400 }, goal: { firstAudioMs: 300 } });
    expect(cold).toMatchObject({ figure: 'voice.tts_first_audio_ms_cold', met: true });
    expect(warm).toMatchObject({ met: false });
    const [scanned] = figuresOf({ figure: 'invoices.scanned_first_pages', corpus: 'invoices-public', accuracy_scan: 0.6, accuracy_text: 0.9 });
    expect(scanned).toMatchObject({ figure: 'invoices.scanned_number_and_total.invoices-public', better: 'higher', ratio: 0.67 });
    // A generated corpus sits in a new temporary folder each run: its figure is named by its summary.
    const [third] = figuresOf({ figure: 'invoices.synthetic_third', corpus: '/tmp/kai-invoices-third-x1', variant: 'all', field_accuracy: 0.9 });
    expect(third).toMatchObject({ figure: 'invoices.field_accuracy.synthetic_third.all', value: 0.9 });
    const [shared] = figuresOf({ figure: 'invoices.extraction', corpus: '/work/shared/corpus/invoices-public', variant: 'all', field_accuracy: 0.9 });
    expect(shared).toMatchObject({ figure: 'invoices.field_accuracy.invoices-public.all' });
  });

  it('passes rows that already are figures, and leaves out objects it cannot read', () => {
    expect(figuresOf({ figure: 'web.initial_js_gzip_kb', value: 140, unit: 'kB', goal: 150 })).toMatchObject([{ met: true, better: 'lower' }]);
    expect(figuresOf({ benchmark: 'something-else', p50: 3 })).toEqual([]);
    expect(figuresOf({ benchmark: 'voice-tts', firstAudioMs: {} })).toEqual([]);
  });

  it('prints one aligned table with missed goals marked', () => {
    const table = formatTable(figuresOf({ figure: 'x.size', value: 201, unit: 'kB', goal: 150 }));
    expect(table.split('\n')[2]).toMatch(/^x\.size\s+201 kB\s+<= 150 MISSED$/);
  });
});
