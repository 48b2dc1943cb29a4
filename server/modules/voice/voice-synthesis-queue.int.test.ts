import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../test/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test/databases';
import { FakeIssuer } from '../../test/fake-issuer';
import { silentWav } from '../../test/fake-speech-server';

const AUDIENCE = 'https://kai.example.com/api';

interface HeldRequest {
  input: string;
  /** The first word of the text: whose clip it is, in these tests. */
  speaker: string;
  answered: boolean;
  answer: () => void;
}

/**
 * An OpenAI-compatible `POST /v1/audio/speech` that answers only when the test says so, so the
 * test sees how many clips KAI has the engine make at once, and whose.
 */
class HeldSpeechServer {
  readonly requests: HeldRequest[] = [];
  /** The most requests of one speaker unanswered at the same moment. */
  readonly mostAtOnce = new Map<string, number>();
  private server?: Server;

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const body: Buffer[] = [];
      req.on('data', (chunk: Buffer) => body.push(chunk));
      req.on('end', () => {
        const input = String((JSON.parse(Buffer.concat(body).toString('utf8')) as { input?: unknown }).input ?? '');
        const request: HeldRequest = {
          input,
          speaker: input.split(' ')[0],
          answered: false,
          answer: () => {
            request.answered = true;
            res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(silentWav(200, 24_000));
          },
        };
        this.requests.push(request);
        this.mostAtOnce.set(request.speaker, Math.max(this.mostAtOnce.get(request.speaker) ?? 0, this.waiting(request.speaker).length));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/v1`;
  }

  waiting(speaker: string): HeldRequest[] {
    return this.requests.filter((request) => request.speaker === speaker && !request.answered);
  }

  /** Answers the one request of `speaker` waiting now, once it has arrived. */
  async answerNext(speaker: string): Promise<string> {
    await vi.waitFor(() => expect(this.waiting(speaker)).toHaveLength(1), { timeout: 10_000, interval: 5 });
    const [request] = this.waiting(speaker);
    request.answer();
    return request.input;
  }

  async stop(): Promise<void> {
    for (const request of this.requests) if (!request.answered) request.answer();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

describe.each(databaseKinds)('reading aloud takes turns (%s)', (kind) => {
  let issuer: FakeIssuer;
  let speech: HeldSpeechServer;
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildTestApp>>['app'];

  beforeAll(async () => {
    issuer = await new FakeIssuer().start();
    speech = await new HeldSpeechServer().start();
    database = await createTestDatabase(kind);
    ({ app } = await buildTestApp(database.handle, {
      OIDC_ISSUER: issuer.issuer,
      OIDC_CLIENT_ID: 'spa-client',
      OIDC_AUDIENCE: AUDIENCE,
      SPEECH_BASE_URL: speech.baseUrl,
      TEXT_TO_SPEECH_MODEL: 'tts-test',
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
  const speak = (sub: string, text: string) => call(sub, 'POST', '/api/voice/synthesize', { text });

  it('refuses a text over the length cap with 413 before any audio is made', async () => {
    const before = speech.requests.length;
    const res = await speak('auth0|ann', Array(100).fill('Retainage is released when the job closes.').join(' '));
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toEqual({
      code: 'text_too_long',
      message: 'The text is 4,299 characters long; up to 4,000 characters are read aloud at once.',
    });
    expect(speech.requests.length).toBe(before);
  });

  it('reads an answer of many short lines up to its first 80 sentences and says the rest is on screen', async () => {
    const list = Array.from({ length: 200 }, () => '- Vendor on hold').join('\n');
    const res = speak('auth0|ann', list);
    const input = await speech.answerNext('Vendor');
    expect((await res).statusCode).toBe(200);
    expect(input.match(/Vendor on hold\./g)).toHaveLength(79);
    expect(input).toMatch(/The rest of the answer is on screen\.$/);
  });

  it("makes one user's parallel clips one at a time, refuses those beyond a short queue with 429, and lets another user through", async () => {
    const posts = [1, 2, 3, 4, 5, 6].map((n) => speak('auth0|ann', `Ann answer ${n}.`));
    const settled: Array<Awaited<(typeof posts)[number]>> = [];
    for (const post of posts) void post.then((res) => settled.push(res));

    // One clip at the engine, two waiting, three refused at once (with the old code: six at the engine).
    const atEngine = () => speech.waiting('Ann').length;
    await vi.waitFor(() => expect((settled.length >= 3 && atEngine() === 1) || atEngine() > 1).toBe(true), { timeout: 10_000, interval: 5 });
    expect(speech.waiting('Ann')).toHaveLength(1);
    expect(settled.map((res) => res.statusCode)).toEqual([429, 429, 429]);
    for (const res of settled) {
      expect(res.json().error.code).toBe('speech_busy');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }

    // Bob's clip is made and played while Ann's first is still at the engine.
    const bob = speak('auth0|bob', 'Bob answer.');
    await speech.answerNext('Bob');
    const bobClip = await bob;
    expect(bobClip.statusCode).toBe(200);
    expect((await call('auth0|bob', 'GET', bobClip.json().audioUrl)).statusCode).toBe(200);
    expect(speech.waiting('Ann')).toHaveLength(1);

    // Ann's accepted clips reach the engine one after another.
    const made = [await speech.answerNext('Ann'), await speech.answerNext('Ann'), await speech.answerNext('Ann')];
    expect(new Set(made).size).toBe(3);
    expect(speech.mostAtOnce.get('Ann')).toBe(1);
    const accepted = (await Promise.all(posts)).filter((res) => res.statusCode === 200);
    expect(accepted).toHaveLength(3);
    for (const res of accepted) expect((await call('auth0|ann', 'GET', res.json().audioUrl)).statusCode).toBe(200);

    // The queue is empty again: Ann's next clip goes straight to the engine.
    const again = speak('auth0|ann', 'Ann answer seven.');
    await speech.answerNext('Ann');
    expect((await again).statusCode).toBe(200);
  });
});
