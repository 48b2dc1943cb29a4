import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { LlmConfig } from '../config';
import { withLeanStreaming } from './openai-chat-stream';

/**
 * The one door to language models. OpenAI-compatible servers go through `.chat()`, which calls
 * /v1/chat/completions: the plain provider would call /v1/responses, which Ollama, vLLM,
 * llama.cpp and LM Studio lack.
 */
export function createLanguageModel(config: LlmConfig): LanguageModelV3 {
  if (config.provider === 'anthropic') {
    return createAnthropic({ apiKey: config.apiKey, baseURL: config.baseUrl })(config.model);
  }
  // LLM_BASE_URL is the OpenAI base URL including its version path (`http://localhost:11434/v1`).
  // Local servers accept any key, but the SDK insists on one. Streams are read by KAI's thin
  // reader (decision 028); the SDK still makes the non-streamed calls (invoice model fill).
  const sdkModel = createOpenAI({ baseURL: config.baseUrl, apiKey: config.apiKey ?? 'not-needed', name: 'openai-compatible' }).chat(config.model);
  return withLeanStreaming(sdkModel, { baseUrl: config.baseUrl ?? 'https://api.openai.com/v1', apiKey: config.apiKey, model: config.model });
}
