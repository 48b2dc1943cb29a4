export { createRetrievalService, prepareVectorSearch, type EarlierTurns, type Passage, type RetrievalService } from './retrieval.service';
export { indexGuide } from './guide-indexer';
