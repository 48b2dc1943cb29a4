import type { MessageSource } from '@contract/chat';
import type { Passage, RetrievalService } from '../retrieval';
import { SourceUnavailableError, type Citable, type KnowledgeTool } from './knowledge-tools';

const SNIPPET_CHARS = 240;

/** Said under Uploaded Files to a user who has uploaded nothing: no other record stands in for their files. */
export const NO_UPLOADS_ANSWER =
  'You have not uploaded any files yet, so there is nothing of yours to answer from. Upload a PDF, Word, Excel, CSV or image file under Upload Files, then ask again; or choose Structure/General to ask the Structure ERP guide.';

/**
 * The guide and the user's own documents, as tools the model (or the retrieval-only answer) uses.
 * Whether the user has any documents is asked only when a search of their files finds nothing.
 */
export function createRetrievalTools(
  retrieval: Pick<RetrievalService, 'searchGuide' | 'searchUploaded' | 'guideArticleText'>,
  documents: { list(ownerId: string): Promise<unknown[]> },
): KnowledgeTool[] {
  return [
    {
      name: 'search_guide',
      description: 'Search the Structure ERP guide: procedures and concepts for AP, AR, GL, job cost, payroll and KAI itself.',
      sources: ['structure'],
      search: async (_userId, query, limit, context) =>
        (await retrieval.searchGuide(query, { limit, context })).map((p) => ({
          ...toCitable(p, 'structure'),
          whole: () => retrieval.guideArticleText(p.documentKey),
        })),
    },
    {
      name: 'search_documents',
      description: 'Search the files this user uploaded (their invoices, contracts, reports, spreadsheets).',
      sources: ['uploaded'],
      search: async (userId, query, limit, context) => {
        const found = await retrieval.searchUploaded(userId, query, { limit, context });
        if (found.length === 0 && (await documents.list(userId)).length === 0) throw new SourceUnavailableError(NO_UPLOADS_ANSWER);
        return found.map((p) => toCitable(p, 'uploaded'));
      },
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
