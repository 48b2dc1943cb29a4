/**
 * `npm run bench -- voice/tts`: reading an answer aloud with the embedded flite voice. Time to
 * first audio (the first sentence's bytes ready; goal under 300 ms) and the real-time factor
 * (synthesis time / audio length) for a three-sentence answer, cold (first call in the process)
 * and warm. One JSON line.
 */
import { performance } from 'node:perf_hooks';
import { createFliteSynthesizer } from '../../server/adapters/speech-synthesis';
import { splitSentences, toSpeakableText } from '../../server/modules/voice/speakable-text';

const ANSWER = [
  'Invoice **INV-4471** from the ready-mix supplier is approved for $12,480.75.',
  'It is coded to job 2310, cost code 03-300, and retainage of 10% is held.',
  'The payment goes out with the check run on 2026-12-04.',
].join(' ');
const WARM_RUNS = 10;

async function measure(synthesizer: ReturnType<typeof createFliteSynthesizer>, sentences: string[]) {
  const started = performance.now();
  const audio = await synthesizer.synthesize(sentences);
  let firstAudioMs = 0;
  let bytes = 0;
  for await (const chunk of audio.chunks) {
    // The first chunk is the WAV header; the first sentence's samples follow it.
    if (bytes > 0 && firstAudioMs === 0) firstAudioMs = performance.now() - started;
    bytes += chunk.length;
  }
  return { firstAudioMs, totalMs: performance.now() - started, bytes };
}

const sentences = splitSentences(toSpeakableText(ANSWER));
const synthesizer = createFliteSynthesizer();
const cold = await measure(synthesizer, sentences);
const warm = [];
for (let i = 0; i < WARM_RUNS; i++) warm.push(await measure(synthesizer, sentences));
warm.sort((a, b) => a.firstAudioMs - b.firstAudioMs);
const median = warm[Math.floor(WARM_RUNS / 2)];
// kal16 writes 16 kHz mono 16-bit samples: 32,000 bytes a second.
const audioSeconds = (cold.bytes - 44) / 32_000;
const round = (n: number) => Number(n.toFixed(1));
console.log(
  JSON.stringify({
    benchmark: 'voice-tts',
    engine: 'flite (kal16)',
    sentences: sentences.length,
    audioSeconds: round(audioSeconds),
    firstAudioMs: { cold: round(cold.firstAudioMs), warmMedian: round(median.firstAudioMs), warmMax: round(warm.at(-1)!.firstAudioMs) },
    realTimeFactor: {
      cold: Number((cold.totalMs / 1000 / audioSeconds).toFixed(4)),
      warm: Number((median.totalMs / 1000 / audioSeconds).toFixed(4)),
    },
    goal: { firstAudioMs: 300 },
  }),
);
