import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import type { EmbeddingsClient } from '../../adapters/embeddings';
import type { Database } from '../../db/client';
import { CHUNKER_VERSION, chunkMarkdown } from './chunker';
import { createRetrievalRepository } from './retrieval.repository';
import { createVectorStoreFor, embedChunks, embeddingText } from './retrieval.service';
import type { VectorRepository } from './vector.repository';

export interface IndexGuideDeps {
  db: Database;
  /** The built-in guide first; every further directory is an admin's own (origin 'custom'). */
  dirs: string[];
  embeddings?: EmbeddingsClient;
  log?: FastifyBaseLogger;
  /** Aborting stops between articles (app closing); the run then rejects with an AbortError. */
  signal?: AbortSignal;
}

interface GuideArticleFile {
  slug: string;
  title: string;
  origin: 'builtin' | 'custom';
  contentHash: string;
  content: string;
}

/** Chunks embedded per provider round in the catch-up pass. */
const BACKFILL_BATCH = 128;
const BACKFILL_MAX_BATCHES = 40;

/**
 * Brings the indexed guide in line with the Markdown files: new and changed articles are
 * chunked again (each in its own transaction, so a crash leaves every article whole), deleted
 * ones disappear, unchanged ones cost one hash comparison. Safe with several instances starting
 * together: each article is written under an advisory lock and skipped if another instance
 * wrote the same content first.
 */
export async function indexGuide(deps: IndexGuideDeps): Promise<{ indexed: number; unchanged: number; removed: number }> {
  const { db, embeddings, log, signal } = deps;
  const started = performance.now();
  const repository = createRetrievalRepository(db);
  const vectors = embeddings ? createVectorStoreFor(db, embeddings) : undefined;
  if (vectors) await vectors.ensure();

  const files = await readGuideArticles(deps.dirs, log);
  const known = new Map((await repository.listGuideArticles()).map((row) => [row.slug, row]));
  let indexed = 0;
  let unchanged = 0;
  for (const file of files) {
    signal?.throwIfAborted();
    const row = known.get(file.slug);
    if (row && row.contentHash === file.contentHash && row.title === file.title && row.origin === file.origin) {
      unchanged++;
      continue;
    }
    const chunks = chunkMarkdown(file.content).chunks.map((c) => ({ headingPath: c.headingPath, page: null, content: c.text }));
    const embedded =
      vectors && embeddings
        ? await embedChunks(
            vectors,
            embeddings,
            chunks.map((c) => ({ documentTitle: file.title, ...c })),
            log,
          )
        : undefined;
    const article = { slug: file.slug, title: file.title, contentHash: file.contentHash, origin: file.origin };
    const saved = await repository.saveGuideArticle(article, chunks, embedded && vectors ? (tx, ids) => vectors.save(tx, ids, embedded) : undefined);
    if (saved) indexed++;
    else unchanged++;
  }

  const present = new Set(files.map((f) => f.slug));
  let removed = 0;
  for (const slug of known.keys()) {
    if (present.has(slug)) continue;
    signal?.throwIfAborted();
    await repository.removeGuideArticle(slug);
    removed++;
  }

  const embeddedLater = vectors && embeddings ? await embedMissing(vectors, embeddings, db, log, signal) : 0;
  log?.info({ indexed, unchanged, removed, embeddedLater, ms: Math.round(performance.now() - started) }, 'guide index up to date');
  return { indexed, unchanged, removed };
}

/** `*.md` files of each directory (README.md describes the directory and is not an article). */
async function readGuideArticles(dirs: string[], log?: FastifyBaseLogger): Promise<GuideArticleFile[]> {
  const articles: GuideArticleFile[] = [];
  for (const [position, dir] of dirs.entries()) {
    let names: string[];
    try {
      names = (await fs.readdir(dir, { withFileTypes: true }))
        .filter((e) => e.isFile() && e.name.toLowerCase().endsWith('.md') && e.name.toLowerCase() !== 'readme.md')
        .map((e) => e.name)
        .sort();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      log?.warn({ dir }, 'guide directory does not exist; its articles are not indexed');
      continue;
    }
    const origin = position === 0 ? 'builtin' : 'custom';
    // Custom articles are prefixed so an admin's `retainage.md` never replaces the built-in one.
    const prefix = position === 0 ? '' : position === 1 ? 'custom-' : `custom${position}-`;
    for (const name of names) {
      const content = await fs.readFile(path.join(dir, name), 'utf8');
      const slug = `${prefix}${name.slice(0, -'.md'.length)}`;
      const title = chunkMarkdown(content).title ?? slug;
      articles.push({ slug, title, origin, content, contentHash: contentHash(content) });
    }
  }
  return articles;
}

/** The chunker version is part of the hash, so better chunking reaches every article once. */
function contentHash(content: string): string {
  return createHash('sha256').update(`kai-chunker-${CHUNKER_VERSION}\n`).update(content).digest('hex');
}

/** Embeds chunks stored while the provider was down or before it was configured. */
async function embedMissing(
  vectors: VectorRepository,
  embeddings: EmbeddingsClient,
  db: Database,
  log?: FastifyBaseLogger,
  signal?: AbortSignal,
): Promise<number> {
  let done = 0;
  for (let round = 0; round < BACKFILL_MAX_BATCHES; round++) {
    signal?.throwIfAborted();
    const batch = await vectors.missing(BACKFILL_BATCH);
    if (batch.length === 0) break;
    let embedded: number[][];
    try {
      embedded = await embeddings.embed(batch.map(embeddingText));
    } catch (err) {
      log?.warn({ err, remaining: batch.length }, 'embedding stored chunks failed; trying again at the next start');
      break;
    }
    try {
      await db.transaction((tx) =>
        vectors.save(
          tx,
          batch.map((c) => c.id),
          embedded,
        ),
      );
    } catch (err) {
      // A chunk deleted meanwhile fails the foreign key; the next run picks up the rest.
      log?.warn({ err }, 'storing embeddings failed; trying again at the next start');
      break;
    }
    done += batch.length;
  }
  return done;
}
