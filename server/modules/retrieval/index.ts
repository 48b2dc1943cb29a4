export { createRetrievalService, prepareVectorSearch, type Passage, type RetrievalService, type SearchOptions } from './retrieval.service';
export { indexGuide, type IndexGuideDeps } from './guide-indexer';
export { chunkMarkdown, chunkPages, type MarkdownChunk, type PageChunk } from './chunker';
export { VectorStoreUnavailableError } from './vector.repository';
export { SYNONYM_GROUPS } from './synonyms';
export type { EmbeddingsClient } from '../../adapters/embeddings';
