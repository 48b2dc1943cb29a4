import { renderPdfPreview, type ExtractorPool } from '../../adapters/extractors';
import { withBlobFile } from './blob-file';
import type { DocumentRow, DocumentsRepository } from './documents.repository';

const PREVIEW_WIDTH = 800;
const CACHED_PREVIEWS = 50;

/**
 * PNGs of PDF pages (the first unless told), drawn in the extractor sandbox. A document's bytes never change, so
 * previews are kept per document id in a small in-memory LRU.
 */
export function createPdfPreviewer(deps: { repository: DocumentsRepository; pool?: ExtractorPool; timeoutMs: number; maxBytes: number }) {
  const cache = new Map<string, Buffer>();
  return async (document: DocumentRow, page = 1): Promise<Buffer> => {
    const key = `${document.id}:${page}`;
    const cached = cache.get(key);
    if (cached) {
      cache.delete(key);
      cache.set(key, cached);
      return cached;
    }
    const png = await withBlobFile(deps.repository.openBlob(document.blobId), async (file) =>
      Buffer.from(
        await renderPdfPreview(
          { path: file, limits: { timeoutMs: deps.timeoutMs, maxBytes: deps.maxBytes } },
          { width: PREVIEW_WIDTH, page, pool: deps.pool },
        ),
      ),
    );
    cache.set(key, png);
    if (cache.size > CACHED_PREVIEWS) cache.delete(cache.keys().next().value as string);
    return png;
  };
}
