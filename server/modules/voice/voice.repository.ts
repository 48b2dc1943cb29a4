import { and, asc, count, eq, gt, lt, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { guideArticles, vendors } from '../../db/schema';
import { voiceClips } from '../../db/schema-features';

/** Vendors and guide articles that the offline recogniser's vocabulary is built from. */
export interface VocabularySources {
  /** Changes whenever the vendor master or the guide does: the vocabulary is rebuilt then. */
  signature: string;
  vendorNames: string[];
  guideTitles: string[];
}

/** More than this many vendors and the vocabulary takes the first by name: the model stays small. */
const MAX_VOCABULARY_VENDORS = 5000;

export function createVoiceRepository(db: Database) {
  return {
    /** Stores a clip and removes expired ones (cheap: the expiry index). */
    async createClip(ownerId: string, sentences: string[], expiresAt: Date): Promise<string> {
      await db.delete(voiceClips).where(lt(voiceClips.expiresAt, sql`now()`));
      const [row] = await db.insert(voiceClips).values({ ownerId, sentences, expiresAt }).returning({ id: voiceClips.id });
      return row.id;
    },

    /** The owner's clip while it has not expired; anyone else's id finds nothing. */
    async findClip(ownerId: string, clipId: string): Promise<string[] | undefined> {
      const [row] = await db
        .select({ sentences: voiceClips.sentences })
        .from(voiceClips)
        .where(and(eq(voiceClips.id, clipId), eq(voiceClips.ownerId, ownerId), gt(voiceClips.expiresAt, sql`now()`)));
      return row?.sentences;
    },

    async vocabularySignature(): Promise<string> {
      const [v] = await db.select({ n: count(), last: max(vendors.updatedAt) }).from(vendors);
      const [g] = await db.select({ n: count(), last: max(guideArticles.indexedAt) }).from(guideArticles);
      return `${v.n}:${String(v.last ?? '')}:${g.n}:${String(g.last ?? '')}`;
    },

    async vocabularySources(): Promise<VocabularySources> {
      const signature = await this.vocabularySignature();
      const vendorRows = await db
        .select({ name: vendors.name })
        .from(vendors)
        .where(eq(vendors.isActive, true))
        .orderBy(asc(vendors.name))
        .limit(MAX_VOCABULARY_VENDORS);
      const guideRows = await db.select({ title: guideArticles.title }).from(guideArticles).orderBy(asc(guideArticles.title));
      return { signature, vendorNames: vendorRows.map((r) => r.name), guideTitles: guideRows.map((r) => r.title) };
    },
  };
}

export type VoiceRepository = ReturnType<typeof createVoiceRepository>;
