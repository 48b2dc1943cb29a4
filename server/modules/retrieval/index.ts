export { createRetrievalService, prepareVectorSearch, type Passage, type RetrievalService } from './retrieval.service';
export { indexGuide } from './guide-indexer';
