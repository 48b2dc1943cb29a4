import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LanguageModelV3, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, withLeanStreaming } from './openai-chat-stream';

/** A server that sends `events` as they are, split across network writes mid-event. */
function rawServer(events: string[]) {
  const bodies: unknown[] = [];
  const server = http.createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    bodies.push(JSON.parse(raw));
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const wire = events.map((data) => `data: ${data}\n\n`).join('');
    for (let i = 0; i < wire.length; i += 37) res.write(wire.slice(i, i + 37));
    res.end();
  });
  return { server, bodies };
}

const chunk = (delta: object, finish: string | null = null) => JSON.stringify({ choices: [{ index: 0, delta, finish_reason: finish }] });

async function partsOf(model: LanguageModelV3): Promise<LanguageModelV3StreamPart[]> {
  const { stream } = await model.doStream({
    prompt: [{ role: 'user', content: [{ type: 'text', text: 'Which vendors?' }] }],
    tools: [{ type: 'function', name: 'search', description: 'Search', inputSchema: { type: 'object' } }],
    toolChoice: { type: 'auto' },
  });
  const parts: LanguageModelV3StreamPart[] = [];
  const reader = stream.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) parts.push(read.value);
  return parts;
}

describe('the thin OpenAI-compatible stream reader', () => {
  const { server, bodies } = rawServer([
    chunk({ role: 'assistant', content: '' }),
    chunk({ content: 'Searching ' }),
    chunk({ content: 'both.' }),
    chunk({ tool_calls: [{ index: 0, id: 'call_a', type: 'function', function: { name: 'search', arguments: '{"que' } }] }),
    chunk({ tool_calls: [{ index: 1, id: 'call_b', type: 'function', function: { name: 'search', arguments: '{"query":"PO"}' } }] }),
    chunk({ tool_calls: [{ index: 0, function: { arguments: 'ry":"vendors"}' } }] }),
    chunk({}, 'tool_calls'),
    JSON.stringify({ choices: [], usage: { prompt_tokens: 40, completion_tokens: 12, completion_tokens_details: { reasoning_tokens: 2 } } }),
    '[DONE]',
  ]);
  let model: LanguageModelV3;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    const unused = { doGenerate: () => Promise.reject(new Error('not used')) } as unknown as LanguageModelV3;
    model = withLeanStreaming(unused, { baseUrl, model: 'local', apiKey: 'sk-test' });
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('yields text as it comes, joins tool calls by index and reports usage and the finish reason', async () => {
    const parts = await partsOf(model);
    expect(parts.filter((p) => p.type === 'text-delta').map((p) => p.delta)).toEqual(['Searching ', 'both.']);
    expect(parts.filter((p) => p.type === 'tool-call')).toEqual([
      { type: 'tool-call', toolCallId: 'call_a', toolName: 'search', input: '{"query":"vendors"}' },
      { type: 'tool-call', toolCallId: 'call_b', toolName: 'search', input: '{"query":"PO"}' },
    ]);
    expect(parts.at(-1)).toEqual({
      type: 'finish',
      finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
      usage: {
        inputTokens: { total: 40, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
        outputTokens: { total: 12, text: 10, reasoning: 2 },
      },
    });
    expect(bodies[0]).toMatchObject({
      model: 'local',
      stream: true,
      stream_options: { include_usage: true },
      tool_choice: 'auto',
      tools: [{ type: 'function', function: { name: 'search', description: 'Search', parameters: { type: 'object' } } }],
    });
  });
});

describe('chatMessages', () => {
  it('writes a tool round trip the way chat-completions servers read it', () => {
    expect(
      chatMessages([
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: [{ type: 'text', text: 'Which vendors?' }] },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Let me look.' },
            { type: 'tool-call', toolCallId: 'call_a', toolName: 'search', input: { query: 'vendors' } },
          ],
        },
        { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'call_a', toolName: 'search', output: { type: 'text', value: 'Acme' } }] },
      ]),
    ).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Which vendors?' },
      {
        role: 'assistant',
        content: 'Let me look.',
        tool_calls: [{ id: 'call_a', type: 'function', function: { name: 'search', arguments: '{"query":"vendors"}' } }],
      },
      { role: 'tool', tool_call_id: 'call_a', content: 'Acme' },
    ]);
  });
});
