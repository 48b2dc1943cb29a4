import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeSpeechServer, silentWav } from '../test/fake-speech-server';
import { createFliteSynthesizer, createOpenAiSpeechSynthesizer, SpeechSynthesisError, type SynthesizedAudio } from './speech-synthesis';

async function collect(audio: SynthesizedAudio): Promise<{ bytes: Buffer; chunkCount: number }> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of audio.chunks) chunks.push(chunk);
  return { bytes: Buffer.concat(chunks), chunkCount: chunks.length };
}

function readStreamingWav(wav: Buffer) {
  return {
    riff: wav.toString('ascii', 0, 4),
    wave: wav.toString('ascii', 8, 12),
    format: wav.readUInt16LE(20),
    channels: wav.readUInt16LE(22),
    sampleRate: wav.readUInt32LE(24),
    bitsPerSample: wav.readUInt16LE(34),
    dataTag: wav.toString('ascii', 36, 40),
    samples: new Int16Array(wav.buffer.slice(wav.byteOffset + 44, wav.byteOffset + wav.length)),
  };
}

const rms = (samples: Int16Array) => Math.sqrt(samples.reduce((sum, s) => sum + s * s, 0) / Math.max(1, samples.length));

describe('flite synthesizer', () => {
  const flite = createFliteSynthesizer();

  it('reads a sentence aloud as a 16-bit mono WAV of plausible length', async () => {
    const audio = await flite.synthesize(['Three invoices are waiting for your approval.']);
    expect(audio.contentType).toBe('audio/wav');
    const wav = readStreamingWav((await collect(audio)).bytes);
    expect(wav).toMatchObject({ riff: 'RIFF', wave: 'WAVE', format: 1, channels: 1, sampleRate: 16_000, bitsPerSample: 16, dataTag: 'data' });
    const seconds = wav.samples.length / wav.sampleRate;
    expect(seconds).toBeGreaterThan(1.2);
    expect(seconds).toBeLessThan(5);
    expect(rms(wav.samples)).toBeGreaterThan(300);
  });

  it('joins sentences into one WAV, a quarter second of silence apart, one chunk per sentence', async () => {
    const sentences = ['The retainage was released.', 'The vendor was paid on Friday.'];
    const one = readStreamingWav((await collect(await flite.synthesize([sentences[0]]))).bytes);
    const two = readStreamingWav((await collect(await flite.synthesize([sentences[1]]))).bytes);
    const both = await collect(await flite.synthesize(sentences));
    expect(both.chunkCount).toBe(2);
    expect(both.bytes.indexOf('RIFF', 4)).toBe(-1);
    const joined = readStreamingWav(both.bytes);
    const gap = 16_000 / 4;
    expect(joined.samples.length).toBe(one.samples.length + gap + two.samples.length);
    expect(joined.samples.subarray(one.samples.length, one.samples.length + gap).every((s) => s === 0)).toBe(true);
    expect(joined.samples.subarray(0, one.samples.length)).toEqual(one.samples);
  });

  it('marks the stream length as unknown, so a player reads until the bytes end', async () => {
    const { bytes } = await collect(await flite.synthesize(['Done.']));
    expect(bytes.readUInt32LE(4)).toBe(0xffffffff - 8);
    expect(bytes.readUInt32LE(40)).toBe(0xffffffff - 44);
  });

  it('offers every voice in the package with one sample rate each, and refuses unknown voices', async () => {
    const slt = readStreamingWav((await collect(await createFliteSynthesizer({ voice: 'slt' }).synthesize(['Approved.']))).bytes);
    expect(slt.sampleRate).toBe(16_000);
    expect(() => createFliteSynthesizer({ voice: 'robot' })).toThrow(SpeechSynthesisError);
  });

  it('refuses an empty answer and stops between sentences when aborted', async () => {
    await expect(flite.synthesize(['  ', ''])).rejects.toThrow(SpeechSynthesisError);
    const controller = new AbortController();
    const audio = await flite.synthesize(['First.', 'Second.', 'Third.'], controller.signal);
    const seen: Uint8Array[] = [];
    const reading = (async () => {
      for await (const chunk of audio.chunks) {
        seen.push(chunk);
        controller.abort();
      }
    })();
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toHaveLength(1);
  });
});

describe('OpenAI-compatible speech synthesizer', () => {
  let server: FakeSpeechServer;
  beforeAll(async () => {
    server = await new FakeSpeechServer().start();
  });
  afterAll(() => server.stop());

  const client = (extra: Partial<Parameters<typeof createOpenAiSpeechSynthesizer>[0]> = {}) =>
    createOpenAiSpeechSynthesizer({ baseUrl: server.baseUrl, model: 'fake-tts', voice: 'alloy', ...extra });

  it('posts the sentences as one input with the model, voice and mp3 format, bearer auth', async () => {
    const before = server.requests.length;
    const audio = await client({ apiKey: 'sk-test-speech' }).synthesize(['Two bills are due.', 'One is late.']);
    expect(audio.contentType).toBe('audio/mpeg');
    const { bytes } = await collect(audio);
    const calls = server.requests.slice(before);
    expect(calls).toHaveLength(1);
    expect(calls[0].path).toBe('/v1/audio/speech');
    expect(calls[0].headers.authorization).toBe('Bearer sk-test-speech');
    expect(calls[0].fields).toEqual({ model: 'fake-tts', input: 'Two bills are due. One is late.', voice: 'alloy', response_format: 'mp3' });
    expect(bytes).toEqual(silentWav(Math.max(100, 'Two bills are due. One is late.'.length * 10), 24_000));
  });

  it('sends no authorization header without a key', async () => {
    const before = server.requests.length;
    await collect(await client().synthesize(['Hello.']));
    expect(server.requests[before].headers.authorization).toBeUndefined();
  });

  it('splits a long answer into as few requests as fit under 4096 characters, fetched as the audio is read', async () => {
    const sentences = Array.from(
      { length: 40 },
      (_, i) => `Sentence ${i + 1} talks about the draw schedule ${'and the lien waivers '.repeat(10)}in detail.`,
    );
    const total = sentences.join(' ').length;
    const before = server.requests.length;
    const audio = await client().synthesize(sentences);
    expect(server.requests.length - before).toBe(1);
    const { bytes } = await collect(audio);
    const inputs = server.requests.slice(before).map((r) => String(r.fields.input));
    expect(inputs.length).toBe(Math.ceil(total / 4096));
    for (const input of inputs) expect(input.length).toBeLessThanOrEqual(4096);
    expect(inputs.join(' ')).toBe(sentences.join(' '));
    expect(bytes.equals(Buffer.concat(inputs.map((input) => silentWav(Math.max(100, input.length * 10), 24_000))))).toBe(true);
  });

  it('cuts a single sentence longer than the limit at spaces', async () => {
    const before = server.requests.length;
    const sentence = 'retainage '.repeat(1000).trim();
    await collect(await client().synthesize([sentence]));
    const inputs = server.requests.slice(before).map((r) => String(r.fields.input));
    expect(inputs.length).toBe(3);
    expect(inputs.every((input) => input.length <= 4096 && !input.startsWith(' ') && !input.endsWith(' '))).toBe(true);
    expect(inputs.join(' ')).toBe(sentence);
  });

  it("rejects with the server's message and status, never the key", async () => {
    server.failWith = 500;
    try {
      const failure = await client({ apiKey: 'sk-secret-speech' })
        .synthesize(['Hello.'])
        .catch((err: unknown) => err);
      expect(failure).toBeInstanceOf(SpeechSynthesisError);
      expect(failure).toMatchObject({ status: 500, message: expect.stringContaining('fake failure') as unknown });
      expect(String((failure as Error).message)).not.toContain('sk-secret-speech');
    } finally {
      server.failWith = undefined;
    }
  });

  it('gives up on a slow server after the timeout', async () => {
    server.delayMs = 1000;
    try {
      await expect(client({ timeoutMs: 100 }).synthesize(['Hello.'])).rejects.toThrow(/did not answer within 100 ms/);
    } finally {
      server.delayMs = 0;
    }
  });

  it('says so when the server cannot be reached', async () => {
    const unreachable = createOpenAiSpeechSynthesizer({ baseUrl: 'http://127.0.0.1:1/v1', model: 'm', voice: 'v', apiKey: 'sk-unreachable' });
    const failure = await unreachable.synthesize(['Hello.']).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(SpeechSynthesisError);
    expect((failure as Error).message).toMatch(/speech request failed/);
  });
});
