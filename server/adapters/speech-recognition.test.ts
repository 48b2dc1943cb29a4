import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPocketsphinxRecognizer, detectPocketsphinx, parseHypothesis, SpeechRecognitionError } from './speech-recognition';

let dir: string;
let logPath: string;
let clipsSeen: string;

/**
 * Stands in for pocketsphinx_continuous: checks it was handed a 16 kHz WAV, notes when it ran,
 * then answers what the test put in the clip's first sample (0: a transcript, 1: slow, 2: fail).
 */
const FAKE_DECODER = `#!/bin/sh
while [ $# -gt 0 ]; do [ "$1" = -infile ] && infile=$2; shift; done
echo "start $(date +%s%N)" >> "$LOG"
echo "$infile" >> "$CLIPS"
head -c 4 "$infile" | grep -q RIFF || { echo "not a wav" >&2; exit 2; }
mode=$(od -An -tu1 -j44 -N1 "$infile" | tr -d ' ')
[ "$mode" = 1 ] && sleep 5
[ "$mode" = 2 ] && { echo "ERROR: bad model" >&2; exit 1; }
sleep 0.2
echo "end $(date +%s%N)" >> "$LOG"
printf 'show the open invoices\\nfor acme concrete\\n'
`;

const clip = (mode: number) => {
  const pcm16k = new Int16Array(16_000);
  pcm16k[0] = mode;
  return { audio: new Uint8Array(0), format: 'wav' as const, pcm16k };
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kai-stt-test-'));
  logPath = join(dir, 'runs.log');
  clipsSeen = join(dir, 'clips.log');
  const binary = join(dir, 'fake-pocketsphinx');
  await writeFile(binary, FAKE_DECODER.replaceAll('"$LOG"', `"${logPath}"`).replace('"$CLIPS"', `"${clipsSeen}"`));
  await chmod(binary, 0o755);
});

afterAll(() => rm(dir, { recursive: true, force: true }));

function recognizer(options: { timeoutMs?: number } = {}) {
  return createPocketsphinxRecognizer({
    binary: join(dir, 'fake-pocketsphinx'),
    hmm: join(dir, 'model'),
    dict: join(dir, 'model.dict'),
    languageModel: async () => ({ lmPath: join(dir, 'domain.arpa'), dictPath: join(dir, 'domain.dict') }),
    ...options,
  });
}

describe('parseHypothesis', () => {
  it('joins the lines of each stretch of speech and drops fillers and variant marks', () => {
    expect(parseHypothesis('show the open invoices\nfor <sil> acme(2) [NOISE] concrete\n\n')).toBe('show the open invoices for acme concrete');
    expect(parseHypothesis('INFO: cmd_ln.c(0): Parsing\n')).toBe('');
  });
});

describe('detectPocketsphinx', () => {
  it('names what is missing: the binary, then the English model', async () => {
    expect(await detectPocketsphinx({ binary: join(dir, 'nowhere') })).toEqual({
      missing: expect.stringMatching(/pocketsphinx_continuous was not found/),
    });
    const found = await detectPocketsphinx({ binary: join(dir, 'fake-pocketsphinx'), modelDir: join(dir, 'no-model') });
    expect(found).toEqual({ missing: expect.stringMatching(/English model was not found/) });
  });

  it('returns the binary, acoustic model and dictionary when all are there', async () => {
    const modelDir = join(dir, 'model-dir');
    await mkdir(join(modelDir, 'en-us'), { recursive: true });
    await writeFile(join(modelDir, 'en-us', 'mdef'), '');
    await writeFile(join(modelDir, 'cmudict-en-us.dict'), 'a AH\n');
    expect(await detectPocketsphinx({ binary: join(dir, 'fake-pocketsphinx'), modelDir })).toEqual({
      binary: join(dir, 'fake-pocketsphinx'),
      hmm: join(modelDir, 'en-us'),
      dict: join(modelDir, 'cmudict-en-us.dict'),
    });
  });
});

describe('createPocketsphinxRecognizer', () => {
  it('decodes a temporary WAV and deletes it afterwards', async () => {
    expect(await recognizer().transcribe(clip(0))).toBe('show the open invoices for acme concrete');
    const clips = (await readFile(clipsSeen, 'utf8')).trim().split('\n');
    const last = clips[clips.length - 1];
    expect(last).toMatch(/clip\.wav$/);
    await expect(readdir(join(last, '..'))).rejects.toThrow();
  });

  it('answers nothing for a click too short to be a question', async () => {
    expect(await recognizer().transcribe({ ...clip(0), pcm16k: new Int16Array(100) })).toBe('');
  });

  it('runs one decode at a time', async () => {
    await writeFile(logPath, '');
    const engine = recognizer();
    await Promise.all([engine.transcribe(clip(0)), engine.transcribe(clip(0)), engine.transcribe(clip(0))]);
    const events = (await readFile(logPath, 'utf8')).trim().split('\n');
    expect(events.map((line) => line.split(' ')[0])).toEqual(['start', 'end', 'start', 'end', 'start', 'end']);
  });

  it('kills a decode that runs past its timeout', async () => {
    const started = Date.now();
    await expect(recognizer({ timeoutMs: 300 }).transcribe(clip(1))).rejects.toThrow(/longer than 300 ms/);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('stops on abort, also while waiting its turn', async () => {
    const engine = recognizer();
    const controller = new AbortController();
    const running = engine.transcribe(clip(1), controller.signal);
    const waiting = engine.transcribe(clip(0), controller.signal);
    setTimeout(() => controller.abort(), 100);
    const [first, second] = await Promise.allSettled([running, waiting]);
    expect(first).toMatchObject({ status: 'rejected', reason: { message: 'transcription cancelled' } });
    expect(second).toMatchObject({ status: 'rejected', reason: { message: 'transcription cancelled' } });
    expect(await engine.transcribe(clip(0))).toBe('show the open invoices for acme concrete');
  });

  it('reports a failed decode as a SpeechRecognitionError', async () => {
    const error = await recognizer()
      .transcribe(clip(2))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SpeechRecognitionError);
    expect((error as Error).message).toMatch(/pocketsphinx failed/);
  });
});
