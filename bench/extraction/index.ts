import { runOcrBenchmark } from './ocr';
import { runPdfTextBenchmark } from './pdf-text';

/** Both extraction benchmarks, one JSON line per figure (about four minutes in all, most of it OCR). */
export async function runExtractionBenchmarks(print: (line: string) => void = console.log): Promise<void> {
  print(JSON.stringify(await runPdfTextBenchmark()));
  await runOcrBenchmark(print);
}

const invokedDirectly = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (invokedDirectly) await runExtractionBenchmarks();
