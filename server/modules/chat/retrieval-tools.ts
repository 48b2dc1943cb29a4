import type { MessageSource } from '@contract/chat';
import type { Passage, RetrievalService } from '../retrieval';
import type { Citable, KnowledgeTool } from './knowledge-tools';

const SNIPPET_CHARS = 240;

/** The guide and the user's own documents, as tools the model (or the retrieval-only answer) uses. */
export function createRetrievalTools(retrieval: Pick<RetrievalService, 'searchGuide' | 'searchUploaded'>): KnowledgeTool[] {
  return [
    {
      name: 'search_guide',
      description: 'Search the Structure ERP guide: procedures and concepts for AP, AR, GL, job cost, payroll and KAI itself.',
      sources: ['structure'],
      search: async (_userId, query, limit, context) =>
        (await retrieval.searchGuide(query, { limit, context })).map((p) => toCitable(p, 'structure')),
    },
    {
      name: 'search_documents',
      description: 'Search the files this user uploaded (their invoices, contracts, reports, spreadsheets).',
      sources: ['uploaded'],
      search: async (userId, query, limit, context) =>
        (await retrieval.searchUploaded(userId, query, { limit, context })).map((p) => toCitable(p, 'uploaded')),
    },
  ];
}

function toCitable(passage: Passage, type: MessageSource['type']): Citable {
  const source: MessageSource = {
    type,
    title: passage.title,
    snippet: snippet(passage.text),
    ...(passage.corpus === 'uploaded' ? { documentId: passage.documentKey } : {}),
    ...(passage.page ? { page: passage.page } : {}),
  };
  return { source, context: passage.headingPath.split(' > ').slice(1).join(' › '), text: passage.text, relevance: passage.relevance };
}

function snippet(text: string): string {
  const plain = text
    .replace(/[#*_`>|]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > SNIPPET_CHARS ? `${plain.slice(0, SNIPPET_CHARS - 1).trimEnd()}…` : plain;
}
