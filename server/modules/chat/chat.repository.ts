import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { MessageMetadata } from '@contract/chat';
import type { Database } from '../../db/client';
import { chatMessages, chatSessions, usageDaily } from '../../db/schema';
import { usageDay } from '../usage/model-budget.repository';

export type SessionRow = typeof chatSessions.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
export type SessionWithCount = SessionRow & { messageCount: number };
export type HistoryMessage = Pick<MessageRow, 'role' | 'content'>;

/** What an answer needs to know before the model is called. */
export interface SendContext {
  session: SessionRow;
  /** The latest messages, oldest first. */
  history: HistoryMessage[];
}

/** First key of the per-user session-number lock; any constant no other advisory lock of KAI uses. */
const SESSION_NUMBER_LOCK_CLASS = 4_242_301;

/** Every query names the owner: a session number means nothing without its user. */
export function createChatRepository(db: Database) {
  return { ...sessionQueries(db), ...messageQueries(db) };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;

/**
 * The session with its latest `historyLimit` messages as one prepared statement. Plain SQL with
 * aliases in the fields: drizzle leaves column names unqualified inside sql``, and an unqualified
 * "id" there would mean the message's id, not the session's.
 */
function prepareSendContext(db: Database) {
  const userId = sql.placeholder('userId');
  const history = sql<HistoryMessage[]>`(
    select coalesce(json_agg(json_build_object('role', m.role, 'content', m.content) order by m.created_at, m.id), '[]'::json)
    from (
      select cm.role, cm.content, cm.created_at, cm.id from chat_messages cm
      where cm.session_id = chat_sessions.id and cm.user_id = ${userId}
      order by cm.created_at desc, cm.id desc limit ${sql.placeholder('historyLimit')}
    ) m)`;
  return db
    .select({ session: chatSessions, history })
    .from(chatSessions)
    .where(and(eq(chatSessions.userId, userId), eq(chatSessions.number, sql.placeholder('number'))))
    .limit(1)
    .prepare('chat_send_context');
}

function sessionQueries(db: Database) {
  // Prepared once: it runs before every answer.
  const sendContext = prepareSendContext(db);

  const findSession = async (userId: string, number: number): Promise<SessionRow | undefined> => {
    const [row] = await db
      .select()
      .from(chatSessions)
      .where(and(eq(chatSessions.userId, userId), eq(chatSessions.number, number)))
      .limit(1);
    return row;
  };

  return {
    findSession,

    /**
     * Creates session `number`, or the next free number. Every create of one user's sessions runs
     * in a transaction behind a per-user advisory lock, so the next number is read and taken in
     * one step and parallel creates queue for a moment instead of colliding (a retry loop ran out
     * at 15 parallel creates on PostgreSQL). A given number that exists already is returned.
     */
    async createSession(userId: string, title: string, number?: number): Promise<SessionRow> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${SESSION_NUMBER_LOCK_CLASS}, hashtext(${userId}))`);
        let chosen = number;
        if (chosen === undefined) {
          const [{ next }] = await tx
            .select({ next: sql<number>`coalesce(max(${chatSessions.number}), 0) + 1` })
            .from(chatSessions)
            .where(eq(chatSessions.userId, userId));
          chosen = Number(next);
        }
        const [row] = await tx
          .insert(chatSessions)
          .values({ userId, number: chosen, title })
          .onConflictDoNothing({ target: [chatSessions.userId, chatSessions.number] })
          .returning();
        if (row) return row;
        const [existing] = await tx
          .select()
          .from(chatSessions)
          .where(and(eq(chatSessions.userId, userId), eq(chatSessions.number, chosen)));
        return existing;
      });
    },

    async listSessions(userId: string): Promise<SessionWithCount[]> {
      const rows = await db
        .select({ session: chatSessions, messageCount: count(chatMessages.id) })
        .from(chatSessions)
        .leftJoin(chatMessages, eq(chatMessages.sessionId, chatSessions.id))
        .where(eq(chatSessions.userId, userId))
        .groupBy(chatSessions.id)
        .orderBy(desc(chatSessions.updatedAt), desc(chatSessions.number));
      return rows.map((r) => ({ ...r.session, messageCount: Number(r.messageCount) }));
    },

    async renameSession(userId: string, number: number, title: string): Promise<SessionRow | undefined> {
      const [row] = await db
        .update(chatSessions)
        .set({ title, updatedAt: new Date() })
        .where(and(eq(chatSessions.userId, userId), eq(chatSessions.number, number)))
        .returning();
      return row;
    },

    async deleteSession(userId: string, number: number): Promise<boolean> {
      const rows = await db
        .delete(chatSessions)
        .where(and(eq(chatSessions.userId, userId), eq(chatSessions.number, number)))
        .returning({ id: chatSessions.id });
      return rows.length > 0;
    },

    /**
     * The session with its latest `historyLimit` messages, in one round trip: this read sits
     * between the question and the model's first token.
     */
    async findSendContext(userId: string, number: number, historyLimit: number): Promise<SendContext | undefined> {
      const [row] = await sendContext.execute({ userId, number, historyLimit });
      return row;
    },
  };
}

function messageQueries(db: Database) {
  return {
    async listMessages(userId: string, sessionId: string): Promise<MessageRow[]> {
      return db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.userId, userId), eq(chatMessages.sessionId, sessionId)))
        .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
    },

    async countMessages(userId: string, sessionId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(chatMessages)
        .where(and(eq(chatMessages.userId, userId), eq(chatMessages.sessionId, sessionId)));
      return Number(row.n);
    },

    async addMessage(input: {
      userId: string;
      sessionId: string;
      role: 'user' | 'assistant';
      content: string;
      metadata?: MessageMetadata | null;
    }): Promise<MessageRow> {
      const [row] = await db
        .insert(chatMessages)
        .values({ ...input, metadata: input.metadata ?? null })
        .returning();
      return row;
    },

    /**
     * Stores an answer, moves its session to the top (renaming a 'New chat') and settles the
     * model's tokens against the reservation (`tokenDelta`: actual minus reserved), as one
     * statement: one round trip, and all of it or none.
     */
    async storeAnswer(input: {
      userId: string;
      sessionId: string;
      content: string;
      metadata: MessageMetadata;
      sessionTitle?: string;
      tokenDelta: number;
    }): Promise<MessageRow> {
      const { userId, sessionId, tokenDelta } = input;
      const touch = db.$with('touch').as(
        db
          .update(chatSessions)
          .set({ updatedAt: new Date(), ...(input.sessionTitle ? { title: input.sessionTitle } : {}) })
          .where(and(eq(chatSessions.id, sessionId), eq(chatSessions.userId, userId)))
          .returning({ id: chatSessions.id }),
      );
      const spend = db.$with('spend').as(
        db
          .insert(usageDaily)
          .values({ userId, day: usageDay(), tokens: Math.max(0, tokenDelta) })
          .onConflictDoUpdate({
            target: [usageDaily.userId, usageDaily.day],
            set: { tokens: sql`greatest(0, ${usageDaily.tokens} + ${tokenDelta})` },
          })
          .returning({ day: usageDaily.day }),
      );
      const [row] = await db
        .with(...(tokenDelta !== 0 ? [touch, spend] : [touch]))
        .insert(chatMessages)
        .values({ userId, sessionId, role: 'assistant', content: input.content, metadata: input.metadata })
        .returning();
      return row;
    },

    async clearMessages(userId: string, sessionId: string): Promise<void> {
      await db.delete(chatMessages).where(and(eq(chatMessages.userId, userId), eq(chatMessages.sessionId, sessionId)));
    },
  };
}
