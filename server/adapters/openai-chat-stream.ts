/**
 * A thin reader of an OpenAI-compatible server's streamed chat completion, standing in for the AI
 * SDK's `doStream` on `.chat()` models (decision 028). The SDK pipes each token through a text
 * decoder stream, an event-source stream, a zod check of the chunk and its own transform, four
 * web-stream layers and a schema validation per token; at fifty streams that was most of KAI's
 * CPU per answer. Here the network chunks feed eventsource-parser directly, each event is one
 * `JSON.parse`, and parts reach the caller through a single stream. Everything else (non-streamed
 * calls, Anthropic, error types) stays the SDK's, and the model keeps its LanguageModelV3 face.
 */
import {
  APICallError,
  type LanguageModelV3,
  type LanguageModelV3CallOptions,
  type LanguageModelV3FinishReason,
  type LanguageModelV3Prompt,
  type LanguageModelV3StreamPart,
  type LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { createParser } from 'eventsource-parser';

export interface OpenAIChatServer {
  /** The OpenAI base URL including its version path (`http://localhost:11434/v1`). */
  baseUrl: string;
  apiKey?: string;
  model: string;
}

/** `sdkModel` with its streaming replaced by the thin reader; its other calls are its own. */
export function withLeanStreaming(sdkModel: LanguageModelV3, server: OpenAIChatServer): LanguageModelV3 {
  return {
    specificationVersion: 'v3',
    provider: sdkModel.provider,
    modelId: sdkModel.modelId,
    supportedUrls: sdkModel.supportedUrls,
    doGenerate: (options) => sdkModel.doGenerate(options),
    doStream: (options) => streamChat(server, options),
  };
}

async function streamChat(server: OpenAIChatServer, options: LanguageModelV3CallOptions) {
  const url = `${server.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const body = requestBody(server.model, options);
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' };
  if (server.apiKey) headers.authorization = `Bearer ${server.apiKey}`;
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal: options.abortSignal }).catch((error: unknown) => {
    if (options.abortSignal?.aborted) throw error;
    // As the SDK reports an unreachable server: no status, worth another try.
    throw new APICallError({ message: 'Cannot connect to the model server', url, requestBodyValues: body, cause: error, isRetryable: true });
  });
  const responseHeaders = Object.fromEntries(response.headers);
  if (!response.ok || !response.body) {
    const text = await response.text().catch(() => '');
    throw new APICallError({
      message: errorMessage(text) ?? (response.statusText || `HTTP ${response.status}`),
      url,
      requestBodyValues: body,
      statusCode: response.status,
      responseHeaders,
      responseBody: text,
    });
  }
  return { stream: partStream(response.body), request: { body }, response: { headers: responseHeaders } };
}

function requestBody(model: string, options: LanguageModelV3CallOptions) {
  const tools = (options.tools ?? []).flatMap((tool) =>
    tool.type === 'function'
      ? [{ type: 'function' as const, function: { name: tool.name, description: tool.description, parameters: tool.inputSchema } }]
      : [],
  );
  const choice = options.toolChoice;
  return {
    model,
    messages: chatMessages(options.prompt),
    stream: true,
    stream_options: { include_usage: true },
    ...(options.maxOutputTokens !== undefined ? { max_tokens: options.maxOutputTokens } : {}),
    ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
    ...(tools.length
      ? { tools, tool_choice: choice?.type === 'tool' ? { type: 'function', function: { name: choice.toolName } } : (choice?.type ?? 'auto') }
      : {}),
  };
}

/** The prompt in the chat-completions format: KAI sends text, tool calls and their text results. */
export function chatMessages(prompt: LanguageModelV3Prompt): Array<Record<string, unknown>> {
  return prompt.flatMap((message): Array<Record<string, unknown>> => {
    if (message.role === 'system') return [{ role: 'system', content: message.content }];
    if (message.role === 'user') {
      const texts = message.content.map((part) => {
        if (part.type !== 'text') throw new Error('KAI sends models text only');
        return part.text;
      });
      return [{ role: 'user', content: texts.join('\n\n') }];
    }
    if (message.role === 'assistant') {
      const text = message.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('');
      const calls = message.content.flatMap((part) =>
        part.type === 'tool-call'
          ? [{ id: part.toolCallId, type: 'function', function: { name: part.toolName, arguments: JSON.stringify(part.input) } }]
          : [],
      );
      return [{ role: 'assistant', content: text, ...(calls.length ? { tool_calls: calls } : {}) }];
    }
    return message.content.flatMap((part) =>
      part.type === 'tool-result'
        ? [{ role: 'tool', tool_call_id: part.toolCallId, content: part.output.type === 'text' ? part.output.value : JSON.stringify(part.output) }]
        : [],
    );
  });
}

/** Parts as the network delivers them: one read of the body yields every part it holds. */
function partStream(body: ReadableStream<Uint8Array>): ReadableStream<LanguageModelV3StreamPart> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const chunks = new CompletionChunks();
  const parser = createParser({ onEvent: (event) => chunks.read(event.data) });
  return new ReadableStream<LanguageModelV3StreamPart>({
    start(controller) {
      controller.enqueue({ type: 'stream-start', warnings: [] });
    },
    async pull(controller) {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) {
          parser.feed(decoder.decode());
          for (const part of [...chunks.take(), ...chunks.finish()]) controller.enqueue(part);
          controller.close();
          return;
        }
        parser.feed(decoder.decode(value, { stream: true }));
        const parts = chunks.take();
        if (parts.length === 0) continue;
        for (const part of parts) controller.enqueue(part);
        return;
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

interface ChatChunk {
  choices?: Array<{
    delta?: { content?: string | null; tool_calls?: Array<{ index?: number; id?: string; function?: { name?: string; arguments?: string } }> };
    finish_reason?: string | null;
  }>;
  usage?: { prompt_tokens?: number; completion_tokens?: number; completion_tokens_details?: { reasoning_tokens?: number } };
  error?: { message?: string };
}

/** The state of one streamed completion: text as it comes, tool calls joined by index, usage at the end. */
class CompletionChunks {
  private parts: LanguageModelV3StreamPart[] = [];
  private textOpen = false;
  private readonly calls = new Map<number, { id?: string; name: string; args: string }>();
  private usage?: ChatChunk['usage'];
  private finishReason: string | null = null;

  read(data: string): void {
    if (data === '[DONE]') return;
    let chunk: ChatChunk;
    try {
      chunk = JSON.parse(data) as ChatChunk;
    } catch {
      this.parts.push({ type: 'error', error: new Error('The model server sent a chunk that is not JSON') });
      return;
    }
    if (chunk.error) this.parts.push({ type: 'error', error: new Error(chunk.error.message ?? 'The model server reported an error') });
    if (chunk.usage) this.usage = chunk.usage;
    const choice = chunk.choices?.[0];
    if (!choice) return;
    if (choice.finish_reason) this.finishReason = choice.finish_reason;
    const content = choice.delta?.content;
    if (content) {
      if (!this.textOpen) this.parts.push({ type: 'text-start', id: '0' });
      this.textOpen = true;
      this.parts.push({ type: 'text-delta', id: '0', delta: content });
    }
    for (const call of choice.delta?.tool_calls ?? []) {
      const index = call.index ?? this.calls.size;
      const known = this.calls.get(index) ?? { name: '', args: '' };
      this.calls.set(index, {
        id: known.id ?? call.id,
        name: known.name || (call.function?.name ?? ''),
        args: known.args + (call.function?.arguments ?? ''),
      });
    }
  }

  take(): LanguageModelV3StreamPart[] {
    const parts = this.parts;
    this.parts = [];
    return parts;
  }

  finish(): LanguageModelV3StreamPart[] {
    const parts: LanguageModelV3StreamPart[] = this.textOpen ? [{ type: 'text-end', id: '0' }] : [];
    for (const [index, call] of this.calls) {
      if (call.name) parts.push({ type: 'tool-call', toolCallId: call.id ?? `call_${index}`, toolName: call.name, input: call.args || '{}' });
    }
    parts.push({ type: 'finish', usage: usageOf(this.usage), finishReason: finishReasonOf(this.finishReason) });
    return parts;
  }
}

function usageOf(usage: ChatChunk['usage']): LanguageModelV3Usage {
  const output = usage?.completion_tokens;
  const reasoning = usage?.completion_tokens_details?.reasoning_tokens;
  return {
    inputTokens: { total: usage?.prompt_tokens, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: output, text: output !== undefined && reasoning !== undefined ? output - reasoning : output, reasoning },
  };
}

const UNIFIED_FINISH: Record<string, LanguageModelV3FinishReason['unified']> = {
  stop: 'stop',
  length: 'length',
  content_filter: 'content-filter',
  tool_calls: 'tool-calls',
  function_call: 'tool-calls',
};

function finishReasonOf(raw: string | null): LanguageModelV3FinishReason {
  return { unified: (raw && UNIFIED_FINISH[raw]) || 'other', raw: raw ?? undefined };
}

/** The message of an OpenAI-style error body `{ "error": { "message" } }`, when there is one. */
function errorMessage(text: string): string | undefined {
  try {
    const message = (JSON.parse(text) as { error?: { message?: unknown } }).error?.message;
    return typeof message === 'string' ? message : undefined;
  } catch {
    return undefined;
  }
}
