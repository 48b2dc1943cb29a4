/**
 * The native tesseract command line (apt-get install tesseract-ocr), the reference the embedded
 * OCR is measured beside: one process per page, the image on stdin, text on stdout, the same
 * engine mode and page layout as KAI asks of tesseract.js. Not part of KAI (decision 024).
 */
import { spawn, spawnSync } from 'node:child_process';

/** True when `tesseract` is on the PATH and has the English model. */
export function tesseractCliInstalled(): boolean {
  const run = spawnSync('tesseract', ['--list-langs'], { encoding: 'utf8', timeout: 5_000, stdio: ['ignore', 'pipe', 'ignore'] });
  return run.status === 0 && /^eng$/m.test(run.stdout ?? '');
}

export function readWithTesseractCli(image: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    // One thread, as each of KAI's OCR workers has one core: tesseract's OpenMP threads spin while
    // they wait, and beside other work that made a page five times slower, not faster.
    const child = spawn('tesseract', ['stdin', 'stdout', '--oem', '1', '--psm', '3'], {
      stdio: ['pipe', 'pipe', 'ignore'],
      timeout: 60_000,
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(Buffer.concat(chunks).toString('utf8')) : reject(new Error(`tesseract exited with ${code}`))));
    child.stdin.end(image);
  });
}
