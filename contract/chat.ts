import { z } from 'zod';

/** The four information sources of the sidebar; 'structure' (the built-in guide) is the default. */
const informationSource = z.enum(['structure', 'uploaded', 'web', 'procore']);
export type InformationSource = z.infer<typeof informationSource>;
const DEFAULT_SOURCE: InformationSource = 'structure';
/** The main screen opens the user's session 1. */
export const DEFAULT_SESSION_ID = 1;
export const MAX_MESSAGE_LENGTH = 8000;

/** One cited source of an assistant message, in citation order ([1] is the first). */
const messageSource = z.object({
  type: informationSource,
  title: z.string(),
  documentId: z.string().optional(),
  url: z.string().optional(),
  page: z.number().int().optional(),
  snippet: z.string(),
});
export type MessageSource = z.infer<typeof messageSource>;

const messageMetadata = z.object({
  sources: z.array(messageSource).optional(),
  /** 'retrieval' when no model is configured and the answer is built from passages alone. */
  mode: z.enum(['model', 'retrieval']).optional(),
  /** The information source the question was asked against. */
  source: informationSource.optional(),
  /** Set when the model failed; content then holds a readable explanation. */
  error: z.string().optional(),
  /** True when the user stopped the answer while it streamed. */
  stopped: z.boolean().optional(),
});
export type MessageMetadata = z.infer<typeof messageMetadata>;

export const chatMessage = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  createdAt: z.string(),
  metadata: messageMetadata.nullable(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

/** Session ids are per user: every user has their own session 1. */
const sessionId = z.coerce.number().int().positive().max(2_147_483_647);

export const chatSession = z.object({
  id: z.number().int(),
  title: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  messageCount: z.number().int(),
});
export type ChatSession = z.infer<typeof chatSession>;

export const sessionParams = z.object({ sessionId });

/** POST /api/chat. With `Accept: text/event-stream` the answer streams (see ChatStreamEvent). */
export const sendChatInput = z.strictObject({
  message: z.string().trim().min(1, 'Type a message first').max(MAX_MESSAGE_LENGTH),
  source: informationSource.default(DEFAULT_SOURCE),
  sessionId: sessionId.optional(),
});
export type SendChatInput = z.input<typeof sendChatInput>;

export const sendChatResponse = z.object({
  sessionId: z.number().int(),
  userMessage: chatMessage,
  message: chatMessage,
});
export type SendChatResponse = z.infer<typeof sendChatResponse>;

/**
 * Server-sent events of a streamed answer, each `event: <type>\ndata: <json>\n\n`:
 * `token` {text} as the answer grows, `sources` {sources} once known, then exactly one of
 * `message` (SendChatResponse: what was stored) or `error` ({error:{code,message}}).
 */
export type ChatStreamEvent =
  | { type: 'token'; data: { text: string } }
  | { type: 'sources'; data: { sources: MessageSource[] } }
  | { type: 'message'; data: SendChatResponse }
  | { type: 'error'; data: { error: { code: string; message: string } } };

export const createSessionInput = z.strictObject({ title: z.string().trim().min(1).max(200).optional() });
export const renameSessionInput = z.strictObject({ title: z.string().trim().min(1).max(200) });
export const clearMessagesResponse = z.object({ success: z.literal(true) });
