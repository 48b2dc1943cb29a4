import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test/databases';
import { FakeIssuer } from '../../test/fake-issuer';
import { detectPocketsphinx } from '../../adapters/speech-recognition';
import { FakeSpeechServer, silentWav } from '../../test/fake-speech-server';

const AUDIENCE = 'https://kai.example.com/api';
const SPEECH_KEY = 'sk-speech-test-secret-value';

describe.each(databaseKinds)('voice through a configured speech server (%s)', (kind) => {
  let issuer: FakeIssuer;
  let speech: FakeSpeechServer;
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildTestApp>>['app'];
  let logText: () => string;

  beforeAll(async () => {
    issuer = await new FakeIssuer().start();
    speech = await new FakeSpeechServer().start();
    database = await createTestDatabase(kind);
    ({ app, logText } = await buildTestApp(database.handle, {
      OIDC_ISSUER: issuer.issuer,
      OIDC_CLIENT_ID: 'spa-client',
      OIDC_AUDIENCE: AUDIENCE,
      SPEECH_BASE_URL: speech.baseUrl,
      SPEECH_API_KEY: SPEECH_KEY,
      SPEECH_TO_TEXT_MODEL: 'whisper-test',
      TEXT_TO_SPEECH_MODEL: 'tts-test',
      TEXT_TO_SPEECH_VOICE: 'nova',
    }));
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
    await speech.stop();
    await issuer.stop();
  });

  const call = async (sub: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    app.inject({ method, url, payload: payload as string, headers: { authorization: `Bearer ${await issuer.sign({ sub, aud: AUDIENCE })}` } });
  const wavBase64 = (ms: number) => silentWav(ms).toString('base64');

  it('tells the web app which engines answer', async () => {
    const config = await app.inject({ method: 'GET', url: '/api/app/config' });
    expect(config.json().voice).toEqual({ inputEngine: 'openai-compatible', outputEngine: 'openai-compatible' });
  });

  it('transcribes a WAV recording through the server, sending the file and model', async () => {
    speech.transcript = '  show the open invoices\n for job 1042 ';
    const res = await call('auth0|ann', 'POST', '/api/voice/transcribe', { audioData: `data:audio/wav;base64,${wavBase64(800)}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ transcript: 'show the open invoices for job 1042' });
    const sent = speech.requests.at(-1)!;
    expect(sent.path).toBe('/v1/audio/transcriptions');
    expect(sent.fields.model).toBe('whisper-test');
    expect(sent.file?.name).toMatch(/\.wav$/);
    expect(sent.headers.authorization).toBe(`Bearer ${SPEECH_KEY}`);
  });

  it('answers 4xx for bad audio: not base64, unknown format, over the size and length limits', async () => {
    const notBase64 = await call('auth0|ann', 'POST', '/api/voice/transcribe', { audioData: 'not base64 at all!' });
    expect(notBase64.statusCode).toBe(400);
    const unknown = await call('auth0|ann', 'POST', '/api/voice/transcribe', { audioData: Buffer.from('%PDF-1.7 not audio').toString('base64') });
    expect(unknown.statusCode).toBe(415);
    expect(unknown.json().error.code).toBe('unsupported_audio');
    const tooLong = await call('auth0|ann', 'POST', '/api/voice/transcribe', { audioData: silentWav(62_000, 8000).toString('base64') });
    expect(tooLong.statusCode).toBe(413);
    expect(tooLong.json().error.message).toMatch(/60 seconds/);
    const tooBig = await call('auth0|ann', 'POST', '/api/voice/transcribe', { audioData: Buffer.alloc(11 * 1024 * 1024).toString('base64') });
    expect(tooBig.statusCode).toBe(413);
    const missing = await call('auth0|ann', 'POST', '/api/voice/transcribe', {});
    expect(missing.statusCode).toBe(400);
  });

  it('says transcription failed when the server fails, without leaking the key', async () => {
    speech.failWith = 500;
    try {
      const res = await call('auth0|ann', 'POST', '/api/voice/transcribe', { audioData: wavBase64(500) });
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toEqual({ code: 'transcription_failed', message: 'Could not transcribe audio. Please try again.' });
      const speak = await call('auth0|ann', 'POST', '/api/voice/synthesize', { text: 'Hello there.' });
      expect(speak.statusCode).toBe(502);
      expect(speak.json().error.code).toBe('speech_synthesis_failed');
    } finally {
      speech.failWith = undefined;
    }
    expect(logText()).not.toContain(SPEECH_KEY);
  });

  it('reads an answer aloud from a URL only its owner can fetch, until it expires', async () => {
    const res = await call('auth0|ann', 'POST', '/api/voice/synthesize', { text: '**Total due:** $1,234.50 | paid' });
    expect(res.statusCode).toBe(200);
    const { audioUrl } = res.json() as { audioUrl: string };
    expect(audioUrl).toMatch(/^\/api\/voice\/audio\/[0-9a-f-]{36}$/);
    const sent = speech.requests.at(-1)!;
    expect(sent.path).toBe('/v1/audio/speech');
    expect(sent.fields).toMatchObject({ model: 'tts-test', voice: 'nova' });
    expect(String(sent.fields.input)).toContain('one thousand two hundred thirty-four dollars and fifty cents');
    expect(String(sent.fields.input)).not.toMatch(/[*|]/);

    const own = await call('auth0|ann', 'GET', audioUrl);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toMatch(/^audio\//);
    expect(own.headers['cache-control']).toContain('no-store');
    expect(own.rawPayload.length).toBeGreaterThan(44);
    const again = await call('auth0|ann', 'GET', audioUrl);
    expect(again.statusCode).toBe(200);

    const other = await call('auth0|bob', 'GET', audioUrl);
    expect(other.statusCode).toBe(404);
    const anonymous = await app.inject({ method: 'GET', url: audioUrl });
    expect(anonymous.statusCode).toBe(401);

    await database.handle.db.execute(sql`update voice_clips set expires_at = now() - interval '1 second'`);
    const expired = await call('auth0|ann', 'GET', audioUrl);
    expect(expired.statusCode).toBe(404);
  });

  it('refuses empty text and text with nothing speakable', async () => {
    expect((await call('auth0|ann', 'POST', '/api/voice/synthesize', { text: '   ' })).statusCode).toBe(400);
    const onlyMarks = await call('auth0|ann', 'POST', '/api/voice/synthesize', { text: '***' });
    expect(onlyMarks.statusCode).toBe(400);
  });
});

/** KAI on a fresh PGlite with the fake issuer; `call` signs its requests as `sub`. */
async function startVoiceApp(env: Record<string, string>) {
  const issuer = await new FakeIssuer().start();
  const database = await createTestDatabase('pglite');
  const { app } = await buildTestApp(database.handle, { OIDC_ISSUER: issuer.issuer, OIDC_CLIENT_ID: 'spa-client', OIDC_AUDIENCE: AUDIENCE, ...env });
  return {
    app,
    call: async (sub: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
      app.inject({ method, url, payload: payload as string, headers: { authorization: `Bearer ${await issuer.sign({ sub, aud: AUDIENCE })}` } }),
    async close() {
      await app.close();
      await database.dispose();
      await issuer.stop();
    },
  };
}

describe('voice with the embedded defaults and offline input turned off', () => {
  let voice: Awaited<ReturnType<typeof startVoiceApp>>;
  beforeAll(async () => {
    voice = await startVoiceApp({ KAI_OFFLINE_SPEECH_INPUT: 'off' });
  });
  afterAll(() => voice.close());
  const call = (method: 'GET' | 'POST', url: string, payload?: unknown) => voice.call('auth0|cy', method, url, payload);

  it('answers 503 with how to enable voice input, and the config says so first', async () => {
    const config = (await voice.app.inject({ method: 'GET', url: '/api/app/config' })).json();
    expect(config.voice.inputEngine).toBeNull();
    expect(config.voice.inputHint).toMatch(/pocketsphinx/);
    const res = await call('POST', '/api/voice/transcribe', { audioData: silentWav(500).toString('base64') });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('voice_input_unavailable');
    expect(res.json().error.message).toMatch(/SPEECH_BASE_URL/);
  });

  it('speaks with flite: a WAV of real sound', async () => {
    const res = await call('POST', '/api/voice/synthesize', { text: 'The invoice was approved. It will be paid on Friday.' });
    expect(res.statusCode).toBe(200);
    const audio = await call('GET', res.json().audioUrl);
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/wav');
    const wav = audio.rawPayload;
    expect(wav.subarray(0, 4).toString('ascii')).toBe('RIFF');
    const pcm = new Int16Array(wav.buffer.slice(wav.byteOffset + 44, wav.byteOffset + wav.length - (wav.length % 2)));
    expect(pcm.length).toBeGreaterThan(8000);
    expect(Math.max(...pcm.slice(0, 200_000).map(Math.abs))).toBeGreaterThan(1000);
  });
});

describe('voice input offline with pocketsphinx (what KAI found at start)', () => {
  let voice: Awaited<ReturnType<typeof startVoiceApp>>;
  beforeAll(async () => {
    voice = await startVoiceApp({});
  });
  afterAll(() => voice.close());
  const call = (method: 'GET' | 'POST', url: string, payload?: unknown) => voice.call('auth0|dee', method, url, payload);

  it('hears a spoken request read by KAI’s own voice, or says voice input is not set up', async () => {
    const found = await detectPocketsphinx();
    const config = (await voice.app.inject({ method: 'GET', url: '/api/app/config' })).json();
    const spoken = await call('POST', '/api/voice/synthesize', { text: 'Show the open invoices.' });
    const audio = await call('GET', spoken.json().audioUrl);
    const res = await call('POST', '/api/voice/transcribe', { audioData: audio.rawPayload.toString('base64') });
    if ('missing' in found) {
      // CI installs pocketsphinx; a machine without it must say so rather than fail after speaking.
      expect(config.voice.inputEngine).toBeNull();
      expect(res.statusCode).toBe(503);
      return;
    }
    expect(config.voice.inputEngine).toBe('pocketsphinx');
    expect(res.statusCode).toBe(200);
    expect(res.json().transcript).toBe('show the open invoices');
  });
});
