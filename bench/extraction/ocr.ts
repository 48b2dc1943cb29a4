/**
 * OCR cost of one A4 page at 150 dpi (1240 x 1754 px of rendered text), through the sandbox
 * worker as an upload would go: mean of 3 runs after one warm-up that loads the model.
 */
import { ExtractorPool } from '../../server/adapters/extractors/extract';
import { renderTextImage } from '../../server/adapters/extractors/test-fixtures';

const A4_150_DPI = { width: 1240, height: 1754 };
const RUNS = 3;

export async function runOcrBenchmark() {
  const lines = Array.from(
    { length: 36 },
    (_, i) => `Line ${i + 1}: Invoice 2024-${1000 + i} for concrete works, total ${(i * 137.5).toFixed(2)} EUR`,
  );
  const page = await renderTextImage(lines, 'png', A4_150_DPI, 26);
  const pool = new ExtractorPool({ size: 1 });
  try {
    const warm = performance.now();
    await pool.extract({ bytes: page, kind: 'png' });
    const firstSeconds = (performance.now() - warm) / 1000;
    const seconds: number[] = [];
    let confidence = 0;
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      const result = await pool.extract({ bytes: page, kind: 'png' });
      seconds.push((performance.now() - started) / 1000);
      confidence = result.metadata.ocrConfidence ?? 0;
    }
    return {
      figure: 'extraction.ocr_seconds_per_a4_page_150dpi',
      pixels: `${A4_150_DPI.width}x${A4_150_DPI.height}`,
      runs: RUNS,
      mean_seconds: Math.round((seconds.reduce((a, b) => a + b, 0) / RUNS) * 100) / 100,
      first_run_seconds_with_model_load: Math.round(firstSeconds * 100) / 100,
      ocr_confidence: confidence,
    };
  } finally {
    await pool.close();
  }
}

const invokedDirectly = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (invokedDirectly) console.log(JSON.stringify(await runOcrBenchmark()));
