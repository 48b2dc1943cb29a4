import type {
  JSONSchema7,
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3FunctionTool,
  LanguageModelV3Message,
  LanguageModelV3StreamPart,
  LanguageModelV3ToolCall,
} from '@ai-sdk/provider';
import { setTimeout as sleep } from 'node:timers/promises';
import { APICallError } from 'ai';
import { withDeadline } from './deadline';

/** A tool the model may call; it reads only, and answers in text the model reads next. */
export interface StreamTool {
  name: string;
  description: string;
  inputSchema: JSONSchema7;
  /** `input` is the model's JSON, unchecked: the tool validates it. */
  execute(input: unknown): Promise<string>;
}

export interface StreamAnswerInput {
  model: LanguageModelV3;
  system: string;
  messages: LanguageModelV3Message[];
  tools: StreamTool[];
  /** Model calls in all: a tool round trip costs one. */
  maxSteps: number;
  signal: AbortSignal;
  timeoutMs: number;
  /** Extra attempts at a call the server refused with 429 or 5xx before streaming began. */
  maxRetries: number;
  onText(delta: string): void;
}

export interface StreamAnswer {
  text: string;
  totalTokens: number;
}

const INITIAL_RETRY_DELAY_MS = 2000;
/** A server's Retry-After beyond this is not worth waiting for inside a chat request. */
const MAX_HEADER_DELAY_MS = 60_000;

/**
 * Streams a model's answer, running its tool calls between steps. This reads the provider's own
 * stream (`doStream`) instead of going through `streamText`: the SDK's generic pipeline costs
 * about 2.5 ms before the first token and as much CPU again per answer, for features KAI does
 * not use (see decision 003). Providers, wire formats and error types are still the SDK's.
 */
export async function streamAnswer(input: StreamAnswerInput): Promise<StreamAnswer> {
  return withDeadline(input.timeoutMs, input.signal, (deadline) => streamSteps(input, deadline.signal));
}

async function streamSteps(input: StreamAnswerInput, signal: AbortSignal): Promise<StreamAnswer> {
  const tools: LanguageModelV3FunctionTool[] = input.tools.map((t) => ({
    type: 'function',
    name: t.name,
    description: t.description,
    inputSchema: t.inputSchema,
  }));
  const prompt: LanguageModelV3Message[] = [{ role: 'system', content: input.system }, ...input.messages];
  let text = '';
  let totalTokens = 0;

  for (let step = 1; ; step++) {
    // The last step may not call tools: the model has to answer with what it has found.
    const toolChoice = step < input.maxSteps ? ('auto' as const) : ('none' as const);
    const options: LanguageModelV3CallOptions = { prompt, abortSignal: signal, ...(tools.length ? { tools, toolChoice: { type: toolChoice } } : {}) };
    const { stream } = await withRetries(() => input.model.doStream(options), input.maxRetries, signal);
    let stepText = '';
    const calls: LanguageModelV3ToolCall[] = [];
    for await (const part of readParts(stream)) {
      if (part.type === 'text-delta') {
        if (!part.delta) continue; // servers open with an empty delta; there is nothing to show
        stepText += part.delta;
        input.onText(part.delta);
      } else if (part.type === 'tool-call') {
        calls.push(part);
      } else if (part.type === 'finish') {
        totalTokens += (part.usage.inputTokens.total ?? 0) + (part.usage.outputTokens.total ?? 0);
      } else if (part.type === 'error') {
        throw part.error;
      }
    }
    text += stepText;
    if (calls.length === 0 || step >= input.maxSteps) return { text, totalTokens };

    const inputs = calls.map((call) => parseJson(call.input));
    const results = await Promise.all(calls.map((call, i) => runTool(input.tools, call.toolName, inputs[i])));
    prompt.push(
      {
        role: 'assistant',
        content: [
          ...(stepText ? [{ type: 'text' as const, text: stepText }] : []),
          ...calls.map((c, i) => ({ type: 'tool-call' as const, toolCallId: c.toolCallId, toolName: c.toolName, input: inputs[i] })),
        ],
      },
      {
        role: 'tool',
        content: calls.map((c, i) => ({
          type: 'tool-result' as const,
          toolCallId: c.toolCallId,
          toolName: c.toolName,
          output: { type: 'text' as const, value: results[i] },
        })),
      },
    );
  }
}

/** The stream's parts; leaving early cancels it, which ends the model's HTTP response too. */
async function* readParts(stream: ReadableStream<LanguageModelV3StreamPart>): AsyncGenerator<LanguageModelV3StreamPart> {
  const reader = stream.getReader();
  let finished = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) {
        finished = true;
        return;
      }
      yield value;
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}

/** A tool's failure is told to the model, which can answer without it; it does not end the answer. */
async function runTool(tools: StreamTool[], name: string, toolInput: unknown): Promise<string> {
  const tool = tools.find((t) => t.name === name);
  if (!tool) return `Error: there is no tool named ${name}.`;
  try {
    return await tool.execute(toolInput);
  } catch (err) {
    return `Error: ${err instanceof Error ? err.message : 'the tool failed'}.`;
  }
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    return {};
  }
}

/** The SDK's policy: exponential backoff from 2 s, or the server's Retry-After when it is sensible. */
async function withRetries<T>(call: () => PromiseLike<T>, maxRetries: number, signal: AbortSignal): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (err) {
      if (attempt >= maxRetries || signal.aborted || !APICallError.isInstance(err) || !err.isRetryable) throw err;
      // Out of time while waiting: the server's refusal is the reason to report, not the wait.
      await sleep(retryDelay(err, INITIAL_RETRY_DELAY_MS * 2 ** attempt), undefined, { signal }).catch(() => {
        throw err;
      });
    }
  }
}

/** How long to wait before retrying a refused call: the server's own wish when sensible, else `backoffMs`. */
export function retryDelay(err: APICallError, backoffMs: number): number {
  const headers = err.responseHeaders ?? {};
  const fromMs = Number.parseFloat(headers['retry-after-ms'] ?? '');
  const fromSeconds = Number.parseFloat(headers['retry-after'] ?? '') * 1000;
  const fromDate = Date.parse(headers['retry-after'] ?? '') - Date.now();
  const stated = [fromMs, fromSeconds, fromDate].find((ms) => Number.isFinite(ms));
  return stated !== undefined && stated >= 0 && stated <= MAX_HEADER_DELAY_MS ? stated : backoffMs;
}
