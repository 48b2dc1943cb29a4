import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { ChatMessage, ChatSession, InformationSource, MessageMetadata, MessageSource, SendChatResponse } from '@contract/chat';
import { DEFAULT_SESSION_ID } from '@contract/chat';
import { AppError, NotFoundError } from '../../errors';
import type { EarlierTurns } from '../retrieval';
import { estimateTokens, type ModelBudget } from '../usage/model-budget';
import type { ChatRepository, HistoryMessage, MessageRow, SendContext, SessionRow, SessionWithCount } from './chat.repository';
import { SOURCE_LABELS, SourceUnavailableError, type Citable, type ToolRegistry } from './knowledge-tools';
import { answerWithModel, describeModelFailure } from './model-answer';
import { selectPassages } from './passage-selection';
import { buildRetrievalAnswer, withProcedures } from './retrieval-answer';

const HISTORY_MESSAGES = 10;
/** Passages asked of the search; `selectPassages` keeps the strong ones (at most MAX_CITED). */
const SEARCH_LIMIT = 10;
/**
 * Earlier questions of the chat that go with the search as weaker context, so a follow-up ("and
 * for a credit note?", "how do I undo it?") keeps the conversation's subject.
 */
const CONTEXT_QUESTIONS = 2;
/** Read when no model needs the history: the last questions with their answers. */
const CONTEXT_MESSAGES = CONTEXT_QUESTIONS * 2;
/** A long pasted text as an earlier question would drown the question asked now. */
const CONTEXT_CHARS_PER_QUESTION = 1000;
/** Invoice and vendor records a retrieval-only answer may add to the passages. */
const LOOKUP_RESULTS = 3;
const NEW_CHAT_TITLE = 'New chat';
/**
 * Tokens held for the answer while it is composed, besides the question's own (about four
 * characters a token): enough for the history, the passages and a typical answer, so parallel
 * answers cannot overshoot the budget by more than one answer's excess, as a single answer always
 * could. A fixed figure, so the reservation runs beside the reads instead of after them.
 */
const ANSWER_RESERVE_TOKENS = 4000;

const budgetExhausted = () =>
  new AppError(
    429,
    'daily_budget_exhausted',
    "You have used today's AI allowance. It resets at midnight UTC; ask an administrator if you need more.",
  );

export interface ChatServiceDeps {
  chats: ChatRepository;
  tools: ToolRegistry;
  /** Absent: answers are built from retrieved passages alone. */
  model?: { model: LanguageModelV3; timeoutMs: number; maxRetries: number };
  /** Today's AI allowance, shared with every other model call; an answer settles it as it is stored. */
  budget: Pick<ModelBudget, 'limited' | 'reserve' | 'settle'>;
}

export interface StreamCallbacks {
  onToken(text: string): void;
  onSources(sources: MessageSource[]): void;
}

type SendInput = { message: string; source: InformationSource; sessionId?: number };

/** What `prepareSend` checked, ready for `answer`. */
export interface PreparedSend {
  userId: string;
  session: SessionRow;
  question: string;
  source: InformationSource;
  /** The latest messages of the session, oldest first (only when a model will read them). */
  history: HistoryMessage[];
  /** Passages (and look-up records) found for the question and strong enough to cite; empty: not found. */
  found: Citable[];
  /** The chat's previous questions, oldest first, that steered the search ('' in a new chat). */
  searchContext: string;
  /** Set when the source cannot answer for this user now (SourceUnavailableError): said instead of an answer. */
  unavailable?: string;
  /** Tokens counted against today's budget before the answer; settled when it is stored. */
  reservedTokens: number;
}

/** An answer ready to store, with the tokens the model spent on it. */
interface ComposedAnswer {
  content: string;
  metadata: MessageMetadata;
  tokens: number;
}

export function createChatService(deps: ChatServiceDeps) {
  return {
    ...sessionActions(deps.chats),

    /**
     * Every check that can refuse the request, before any answer streams. The reservation of the
     * answer's tokens against the day's budget (a write, which refuses once the budget is spent)
     * runs beside the session read and the search; the search waits for the session, whose
     * earlier questions it uses: the model is called after two rounds of queries.
     */
    prepareSend: (userId: string, input: SendInput): Promise<PreparedSend> => prepareSend(deps, userId, input),

    /** Stores the question, answers it (streaming through the callbacks), stores the answer. */
    answer: (prepared: PreparedSend, signal: AbortSignal, callbacks: StreamCallbacks): Promise<SendChatResponse> =>
      answerAndStore(deps, prepared, signal, callbacks),
  };
}

export type ChatService = ReturnType<typeof createChatService>;

function sessionActions(chats: ChatRepository) {
  return {
    async listSessions(userId: string): Promise<ChatSession[]> {
      return (await chats.listSessions(userId)).map(toSessionDto);
    },

    async createSession(userId: string, title?: string): Promise<ChatSession> {
      return toSessionDto({ ...(await chats.createSession(userId, title ?? NEW_CHAT_TITLE)), messageCount: 0 });
    },

    async renameSession(userId: string, number: number, title: string): Promise<ChatSession> {
      const row = await chats.renameSession(userId, number, title);
      if (!row) throw new NotFoundError('Chat session not found', 'session_not_found');
      return toSessionDto({ ...row, messageCount: await chats.countMessages(userId, row.id) });
    },

    async deleteSession(userId: string, number: number): Promise<void> {
      if (!(await chats.deleteSession(userId, number))) throw new NotFoundError('Chat session not found', 'session_not_found');
    },

    async listMessages(userId: string, number: number): Promise<ChatMessage[]> {
      const session = await sessionOf(chats, userId, number);
      return (await chats.listMessages(userId, session.id)).map(toMessageDto);
    },

    async clearMessages(userId: string, number: number): Promise<void> {
      const session = await sessionOf(chats, userId, number);
      await chats.clearMessages(userId, session.id);
    },
  };
}

/** The user's session by number. Session 1 always exists: it is created on first use. */
async function sessionOf(chats: ChatRepository, userId: string, number: number): Promise<SessionRow> {
  const session = await chats.findSession(userId, number);
  if (session) return session;
  if (number === DEFAULT_SESSION_ID) return chats.createSession(userId, NEW_CHAT_TITLE, DEFAULT_SESSION_ID);
  throw new NotFoundError('Chat session not found', 'session_not_found');
}

async function prepareSend(deps: ChatServiceDeps, userId: string, input: SendInput): Promise<PreparedSend> {
  const { chats, budget } = deps;
  const reservedTokens = deps.model && budget.limited ? estimateTokens(input.message) + ANSWER_RESERVE_TOKENS : 0;
  const reserving = reservedTokens > 0 ? budget.reserve(userId, reservedTokens) : Promise.resolve(true);
  reserving.catch(() => {}); // awaited below, after the reads; this only keeps an early failure from being unhandled
  let context: SendContext;
  let searchContext: string;
  let found: Citable[] = [];
  let unavailable: string | undefined;
  // The search starts while the chat is read: it waits for the earlier questions only when the
  // question is a follow-up, so most questions save a database round trip before the first token.
  const reading = contextOf(chats, userId, input.sessionId, deps.model ? HISTORY_MESSAGES : CONTEXT_MESSAGES);
  const earlier = reading.then((read) => earlierQuestions(read.history));
  const finding = findAnswerMaterial(deps, userId, input.source, input.message, () => earlier);
  earlier.catch(() => {}); // awaited below; these only keep an early failure from being unhandled
  finding.catch(() => {});
  try {
    context = await reading;
    searchContext = await earlier;
    try {
      found = selectPassages(await finding);
    } catch (err) {
      if (!(err instanceof SourceUnavailableError)) throw err;
      unavailable = err.message;
    }
  } catch (err) {
    // Refused for another reason (an unknown session): what was reserved is given back.
    if (await reserving.catch(() => false)) await budget.settle(userId, -reservedTokens).catch(() => {});
    throw err;
  }
  if (!(await reserving)) throw budgetExhausted();
  return {
    userId,
    session: context.session,
    question: input.message,
    source: input.source,
    history: deps.model ? context.history : [],
    found,
    searchContext,
    unavailable,
    reservedTokens,
  };
}

/** The last questions of the chat, oldest first, each cut to a few sentences' length. */
function earlierQuestions(history: HistoryMessage[]): string {
  return history
    .filter((m) => m.role === 'user')
    .slice(-CONTEXT_QUESTIONS)
    .map((m) => m.content.slice(0, CONTEXT_CHARS_PER_QUESTION))
    .join('\n');
}

/** The session to answer in, with what the answer needs; session 1 is created on first use. */
async function contextOf(chats: ChatRepository, userId: string, number: number | undefined, historyLimit: number): Promise<SendContext> {
  if (number !== undefined) {
    const context = await chats.findSendContext(userId, number, historyLimit);
    if (context) return context;
    if (number !== DEFAULT_SESSION_ID) throw new NotFoundError('Chat session not found', 'session_not_found');
  }
  return { session: await chats.createSession(userId, NEW_CHAT_TITLE, number), history: [] };
}

/**
 * Without a model: the source's main search first, then what its look-ups (invoices, vendors)
 * find for the question, so a question about an invoice number is answered from the record.
 * Every search gets the chat's earlier questions as weaker context.
 */
async function findAnswerMaterial(
  deps: Pick<ChatServiceDeps, 'tools' | 'model'>,
  userId: string,
  source: InformationSource,
  question: string,
  context: EarlierTurns,
): Promise<Citable[]> {
  const [primary, ...others] = deps.tools.forSource(source);
  if (!primary) return [];
  // A model calls the look-ups itself when the question needs them.
  const lookups = deps.model ? [] : others;
  const found = await Promise.all([primary, ...lookups].map((tool) => tool.search(userId, question, SEARCH_LIMIT, context)));
  const [main, ...extra] = found;
  const records = extra.flat().slice(0, LOOKUP_RESULTS);
  return [...main.slice(0, Math.max(SEARCH_LIMIT - records.length, 1)), ...records].slice(0, SEARCH_LIMIT);
}

async function answerAndStore(
  deps: ChatServiceDeps,
  prepared: PreparedSend,
  signal: AbortSignal,
  callbacks: StreamCallbacks,
): Promise<SendChatResponse> {
  const { chats, budget } = deps;
  const { userId, session } = prepared;
  // Stored while the answer is composed: the model call does not wait for this write.
  const storingQuestion = chats.addMessage({
    userId,
    sessionId: session.id,
    role: 'user',
    content: prepared.question,
    metadata: { source: prepared.source },
  });
  storingQuestion.catch(() => {}); // awaited below; this only keeps an early failure from being unhandled

  let reply: ComposedAnswer | undefined;
  let stored = false;
  try {
    reply = await compose(deps, prepared, signal, callbacks);
    const userMessage = await storingQuestion;
    callbacks.onSources(reply.metadata.sources ?? []);
    const message = await chats.storeAnswer({
      userId,
      sessionId: session.id,
      content: reply.content,
      metadata: reply.metadata,
      // A chat still called 'New chat' takes its name from the question.
      sessionTitle: session.title === NEW_CHAT_TITLE ? titleFrom(prepared.question) : undefined,
      tokenDelta: reply.tokens - prepared.reservedTokens,
    });
    stored = true;
    return { sessionId: session.number, userMessage: toMessageDto(userMessage), message: toMessageDto(message) };
  } finally {
    // The answer was not stored: what it spent still counts, the rest of the reservation is freed.
    if (!stored) await budget.settle(userId, (reply?.tokens ?? 0) - prepared.reservedTokens).catch(() => {});
  }
}

async function compose(
  deps: Pick<ChatServiceDeps, 'tools' | 'model'>,
  prepared: PreparedSend,
  signal: AbortSignal,
  callbacks: StreamCallbacks,
): Promise<ComposedAnswer> {
  const base = { source: prepared.source };
  if (deps.tools.forSource(prepared.source).length === 0) {
    return {
      content: `${capitalise(SOURCE_LABELS[prepared.source])} is not set up on this KAI server yet. Ask your administrator to connect it, or choose Structure/General or Uploaded Files as the information source.`,
      metadata: { ...base, mode: 'retrieval', sources: [], error: 'source_unavailable' },
      tokens: 0,
    };
  }
  if (prepared.unavailable) {
    callbacks.onToken(prepared.unavailable);
    return { content: prepared.unavailable, metadata: { ...base, mode: 'retrieval', sources: [], error: 'source_unavailable' }, tokens: 0 };
  }
  if (!deps.model) {
    const found = await withProcedures(prepared.found, prepared.question);
    const { content, used } = buildRetrievalAnswer(prepared.source, found, prepared.question, prepared.searchContext);
    callbacks.onToken(content);
    return { content, metadata: { ...base, mode: 'retrieval', sources: used.map((c) => c.source) }, tokens: 0 };
  }

  let streamed = '';
  try {
    const answer = await answerWithModel({
      ...deps.model,
      userId: prepared.userId,
      question: prepared.question,
      source: prepared.source,
      history: prepared.history,
      initial: prepared.found,
      tools: deps.tools.forSource(prepared.source),
      signal,
      onToken: (text) => {
        streamed += text;
        callbacks.onToken(text);
      },
    });
    if (!answer.content.trim()) {
      // An empty bubble would look like a broken app; say what happened instead.
      const content = 'The language model returned an empty answer. Please try again, or rephrase the question.';
      callbacks.onToken(content);
      return { content, metadata: { ...base, mode: 'model', sources: [], error: 'empty_answer' }, tokens: answer.tokens };
    }
    return { content: answer.content, metadata: { ...base, mode: 'model', sources: answer.cited.map((c) => c.source) }, tokens: answer.tokens };
  } catch (err) {
    if (signal.aborted) {
      return { content: streamed || '_Stopped before KAI answered._', metadata: { ...base, mode: 'model', sources: [], stopped: true }, tokens: 0 };
    }
    const reason = describeModelFailure(err);
    return {
      content: `Sorry, I couldn't get an answer from the language model: ${reason}. Please try again in a moment.`,
      metadata: { ...base, mode: 'model', sources: [], error: reason },
      tokens: 0,
    };
  }
}

function titleFrom(question: string): string {
  const oneLine = question.replace(/\s+/g, ' ').trim();
  return oneLine.length > 60 ? `${oneLine.slice(0, 57).trimEnd()}...` : oneLine;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function toSessionDto(row: SessionWithCount): ChatSession {
  return {
    id: row.number,
    title: row.title,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    messageCount: row.messageCount,
  };
}

function toMessageDto(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    metadata: (row.metadata as MessageMetadata | null) ?? null,
  };
}
