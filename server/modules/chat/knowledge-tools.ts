import type { InformationSource, MessageSource } from '@contract/chat';
import type { EarlierTurns } from '../retrieval';

/** A passage a tool found, with the source entry it becomes when cited. */
export interface Citable {
  source: MessageSource;
  /** Heading path or other context shown to the model with the text. */
  context: string;
  text: string;
  /** 0..1 across questions (Passage.relevance); absent for sources that cannot say. */
  relevance?: number;
  /**
   * Where a record comes from when it is not the source's own text ('the company vendor list'
   * under Uploaded Files): an answer quoting it says so instead of calling it the user's files.
   */
  origin?: string;
  /** The whole article or document the passage is part of, read only when an answer needs more of it. */
  whole?: () => Promise<string>;
}

/**
 * A read-only search the model may call. Each information source offers its own tools; web
 * search and Procore register theirs when configured. Nothing here may change state: these run
 * on the model's say-so, and retrieved text can carry instructions we must not obey.
 */
export interface KnowledgeTool {
  name: string;
  description: string;
  /** The sidebar sources under which this tool is offered. */
  sources: InformationSource[];
  /** `context`: earlier turns of the conversation, weighing less than the query (SearchOptions.context). */
  search(userId: string, query: string, limit: number, context?: EarlierTurns): Promise<Citable[]>;
}

/**
 * A source that exists but cannot answer for this user now (Procore not connected, a search
 * provider refusing): the chat answers with this message instead of failing.
 */
export class SourceUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SourceUnavailableError';
  }
}

export interface ToolRegistry {
  forSource(source: InformationSource): KnowledgeTool[];
}

export function createToolRegistry(tools: KnowledgeTool[]): ToolRegistry {
  return {
    forSource: (source) => tools.filter((tool) => tool.sources.includes(source)),
  };
}

export const SOURCE_LABELS: Record<InformationSource, string> = {
  structure: 'the Structure ERP guide',
  uploaded: 'your uploaded files',
  web: 'web search',
  procore: 'Procore',
};
