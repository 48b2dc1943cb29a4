import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { MessageMetadata } from '../../../contract/chat';
import type { Database } from '../../db/client';
import { chatMessages, chatSessions } from '../../db/schema';

export type SessionRow = typeof chatSessions.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
export type SessionWithCount = SessionRow & { messageCount: number };

/** Every query names the owner: a session number means nothing without its user. */
export function createChatRepository(db: Database) {
  return {
    async findSession(userId: string, number: number): Promise<SessionRow | undefined> {
      const [row] = await db
        .select()
        .from(chatSessions)
        .where(and(eq(chatSessions.userId, userId), eq(chatSessions.number, number)))
        .limit(1);
      return row;
    },

    /** Creates session `number` (or the next free number), tolerating a concurrent create of the same one. */
    async createSession(userId: string, title: string, number?: number): Promise<SessionRow> {
      for (let attempt = 0; attempt < 5; attempt++) {
        const next =
          number ??
          (await db
            .select({ n: sql<number>`coalesce(max(${chatSessions.number}), 0) + 1` })
            .from(chatSessions)
            .where(eq(chatSessions.userId, userId)))[0].n;
        const [row] = await db
          .insert(chatSessions)
          .values({ userId, number: Number(next), title })
          .onConflictDoNothing({ target: [chatSessions.userId, chatSessions.number] })
          .returning();
        if (row) return row;
        if (number !== undefined) {
          const existing = await this.findSession(userId, number);
          if (existing) return existing;
        }
      }
      throw new Error('could not allocate a chat session number');
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

    async touchSession(sessionId: string, title?: string): Promise<void> {
      await db
        .update(chatSessions)
        .set({ updatedAt: new Date(), ...(title ? { title } : {}) })
        .where(eq(chatSessions.id, sessionId));
    },

    async deleteSession(userId: string, number: number): Promise<boolean> {
      const rows = await db
        .delete(chatSessions)
        .where(and(eq(chatSessions.userId, userId), eq(chatSessions.number, number)))
        .returning({ id: chatSessions.id });
      return rows.length > 0;
    },

    async listMessages(userId: string, sessionId: string): Promise<MessageRow[]> {
      return db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.userId, userId), eq(chatMessages.sessionId, sessionId)))
        .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
    },

    /** The session's latest `limit` messages, oldest first, found by the user's session number. */
    async listRecentMessages(userId: string, number: number, limit: number): Promise<MessageRow[]> {
      const rows = await db
        .select({ message: chatMessages })
        .from(chatMessages)
        .innerJoin(chatSessions, eq(chatSessions.id, chatMessages.sessionId))
        .where(and(eq(chatSessions.userId, userId), eq(chatSessions.number, number), eq(chatMessages.userId, userId)))
        .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
        .limit(limit);
      return rows.map((r) => r.message).reverse();
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

    async clearMessages(userId: string, sessionId: string): Promise<void> {
      await db.delete(chatMessages).where(and(eq(chatMessages.userId, userId), eq(chatMessages.sessionId, sessionId)));
    },
  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;
