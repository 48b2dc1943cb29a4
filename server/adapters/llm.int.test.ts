import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeOpenAI } from '../test/fake-openai';
import { createLanguageModel } from './llm';
import { streamAnswer } from './llm-stream';

/** Anthropic's Messages API streaming wire format, as its SDKs read it. */
function fakeAnthropic(words: string[]) {
  const seen: Array<{ url?: string; apiKey?: string; body: { model: string; stream: boolean } }> = [];
  const server = http.createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    seen.push({ url: req.url, apiKey: req.headers['x-api-key'] as string, body: JSON.parse(raw) });
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const event = (type: string, data: object) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
    event('message_start', {
      message: {
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        model: 'claude-test',
        content: [],
        stop_reason: null,
        usage: { input_tokens: 12, output_tokens: 1 },
      },
    });
    event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
    for (const text of words) event('content_block_delta', { index: 0, delta: { type: 'text_delta', text } });
    event('content_block_stop', { index: 0 });
    event('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: words.length } });
    event('message_stop', {});
    res.end();
  });
  return { server, seen };
}

/** What KAI's chat does with a model: one question, streamed. */
async function ask(model: ReturnType<typeof createLanguageModel>, question: string) {
  const deltas: string[] = [];
  const answer = await streamAnswer({
    model,
    system: 'You answer briefly.',
    messages: [{ role: 'user', content: [{ type: 'text', text: question }] }],
    tools: [],
    maxSteps: 1,
    signal: new AbortController().signal,
    timeoutMs: 5000,
    maxRetries: 0,
    onText: (delta) => deltas.push(delta),
  });
  return { ...answer, deltas };
}

describe('language model adapter', () => {
  const anthropic = fakeAnthropic(['Retainage ', 'is held back.']);
  let openai: FakeOpenAI;
  let anthropicUrl = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => anthropic.server.listen(0, '127.0.0.1', resolve));
    anthropicUrl = `http://127.0.0.1:${(anthropic.server.address() as AddressInfo).port}/v1`;
    openai = await new FakeOpenAI().start();
  });
  afterAll(async () => {
    await new Promise((resolve) => anthropic.server.close(resolve));
    await openai.stop();
  });

  it('streams from an OpenAI-compatible server through /v1/chat/completions', async () => {
    openai.reply({ kind: 'text', chunks: ['Net ', '30'] });
    const model = createLanguageModel({ provider: 'openai', baseUrl: openai.baseUrl, model: 'local-model', timeoutMs: 5000, maxRetries: 0 });
    const answer = await ask(model, 'terms?');
    expect(answer.deltas).toEqual(['Net ', '30']);
    expect(answer.totalTokens).toBe(70);
    expect(openai.requests[0].body).toMatchObject({ model: 'local-model', stream: true });
  });

  it('streams from Anthropic through /v1/messages with its key header', async () => {
    const model = createLanguageModel({
      provider: 'anthropic',
      baseUrl: anthropicUrl,
      apiKey: 'sk-ant-test',
      model: 'claude-test',
      timeoutMs: 5000,
      maxRetries: 0,
    });
    const answer = await ask(model, 'what is retainage?');
    expect(answer.text).toBe('Retainage is held back.');
    expect(anthropic.seen[0]).toMatchObject({ url: '/v1/messages', apiKey: 'sk-ant-test', body: { model: 'claude-test', stream: true } });
    expect(answer.totalTokens).toBe(12 + 2);
  });
});
