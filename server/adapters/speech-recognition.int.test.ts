import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeSpeechServer, silentWav } from '../test/fake-speech-server';
import { createOpenAiSpeechRecognizer, detectPocketsphinx, SpeechRecognitionError } from './speech-recognition';

describe('OpenAI-compatible speech recognizer', () => {
  const server = new FakeSpeechServer();
  const audio = new Uint8Array(silentWav(300));
  const input = { audio, format: 'wav' as const, pcm16k: new Int16Array(0) };

  beforeAll(() => server.start());
  afterAll(() => server.stop());

  it('uploads the recording with its model, language and vocabulary prompt and answers the transcript', async () => {
    server.transcript = 'show the open invoices for Quarry Hill Paving';
    const recognizer = createOpenAiSpeechRecognizer({
      baseUrl: server.baseUrl,
      apiKey: 'sk-test-key',
      model: 'whisper-test',
      language: 'en',
      prompt: () => 'Quarry Hill Paving, retainage',
    });
    expect(recognizer.engine).toBe('openai-compatible');
    expect(await recognizer.transcribe(input)).toBe('show the open invoices for Quarry Hill Paving');
    const request = server.requests.at(-1)!;
    expect(request.path).toBe('/v1/audio/transcriptions');
    expect(request.headers.authorization).toBe('Bearer sk-test-key');
    expect(request.fields).toEqual({ model: 'whisper-test', response_format: 'json', language: 'en', prompt: 'Quarry Hill Paving, retainage' });
    expect(request.file).toMatchObject({ name: 'recording.wav', contentType: 'audio/wav' });
    expect(new Uint8Array(request.file!.bytes)).toEqual(audio);
  });

  it('names the upload after the recording format', async () => {
    const recognizer = createOpenAiSpeechRecognizer({ baseUrl: server.baseUrl, model: 'whisper-test' });
    await recognizer.transcribe({ ...input, format: 'webm-opus' });
    expect(server.requests.at(-1)!.file).toMatchObject({ name: 'recording.webm', contentType: 'audio/webm' });
    await recognizer.transcribe({ ...input, format: 'ogg-opus' });
    expect(server.requests.at(-1)!.file).toMatchObject({ name: 'recording.ogg', contentType: 'audio/ogg' });
    expect(server.requests.at(-1)!.headers.authorization).toBeUndefined();
  });

  it('reports a failing server with its status and without the key', async () => {
    server.failWith = 500;
    try {
      const error = await createOpenAiSpeechRecognizer({ baseUrl: server.baseUrl, apiKey: 'sk-secret-key', model: 'whisper-test' })
        .transcribe(input)
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(SpeechRecognitionError);
      expect(error).toMatchObject({ status: 500, message: expect.stringContaining('500') });
      expect(JSON.stringify(error) + String(error)).not.toContain('sk-secret-key');
    } finally {
      server.failWith = undefined;
    }
  });

  it('gives up after its timeout', async () => {
    server.delayMs = 2000;
    try {
      const recognizer = createOpenAiSpeechRecognizer({ baseUrl: server.baseUrl, model: 'whisper-test', timeoutMs: 200 });
      await expect(recognizer.transcribe(input)).rejects.toThrow(SpeechRecognitionError);
    } finally {
      server.delayMs = 0;
    }
  });
});

describe('detectPocketsphinx on this machine', () => {
  it('finds the binary and the English model, or says what is missing', async () => {
    const found = await detectPocketsphinx();
    // CI installs pocketsphinx; elsewhere voice input must report why it is off (the 503 path).
    if ('missing' in found) expect(found.missing).toMatch(/pocketsphinx/);
    else expect(found).toEqual({ binary: expect.stringMatching(/pocketsphinx_continuous$/), hmm: expect.any(String), dict: expect.any(String) });
  });
});
