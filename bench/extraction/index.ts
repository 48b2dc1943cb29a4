import { runOcrBenchmark } from './ocr';
import { runPdfTextBenchmark } from './pdf-text';

/** Both extraction benchmarks, one JSON line each (about a minute in all). */
export async function runExtractionBenchmarks(print: (line: string) => void = console.log): Promise<void> {
  print(JSON.stringify(await runPdfTextBenchmark()));
  print(JSON.stringify(await runOcrBenchmark()));
}

const invokedDirectly = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (invokedDirectly) await runExtractionBenchmarks();
