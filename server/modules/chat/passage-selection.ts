import type { InformationSource } from '@contract/chat';
import { SOURCE_LABELS, type Citable } from './knowledge-tools';

/**
 * When the best passage holds less than this share of the question's information
 * (`Citable.relevance`), the source does not seem to cover the question: KAI says so instead of
 * citing unrelated text (docs/product-rules.md, Chat). Calibrated on the rag-public dev questions
 * (decision 016): the highest value that turns away at most 5% of answerable questions.
 */
export const ABSTAIN_BELOW = 0.2;
/** The most passages an answer cites, when they are all strong. */
export const MAX_CITED = 5;
/** A passage far weaker than the best only adds noise: it is cited at this share of the best's relevance or more. */
export const KEEP_SHARE_OF_BEST = 0.4;

/**
 * The passages worth citing, in the search's order: one per document section, none much weaker
 * than the best, none below `ABSTAIN_BELOW`, at most `MAX_CITED`. Empty means "not found".
 * Look-up records (invoices, vendors) carry no relevance: they matched the question's own words
 * (an invoice number, a vendor), so they are kept as they are.
 */
export function selectPassages(found: Citable[]): Citable[] {
  const unique = distinct(found);
  const best = Math.max(0, ...unique.map((c) => c.relevance ?? 0));
  const floor = Math.max(ABSTAIN_BELOW, KEEP_SHARE_OF_BEST * best);
  const kept = unique.filter((c) => c.relevance === undefined || c.relevance >= floor);
  // Another document's view before a second passage of the same one: answers often span documents.
  const seen = new Set<string>();
  const firsts = kept.filter((c) => {
    const key = c.source.documentId ?? c.source.title;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return [...firsts, ...kept.filter((c) => !firsts.includes(c))].slice(0, MAX_CITED);
}

/** One passage per document section: repeated chunks of one section add nothing. */
function distinct(found: Citable[]): Citable[] {
  const seen = new Set<string>();
  return found.filter((c) => {
    const key = `${c.source.documentId ?? c.source.title}|${c.context}|${c.source.page ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Where else to look, by the names the sidebar gives the sources. */
const OTHER_SOURCES: Record<InformationSource, string> = {
  structure:
    'If your own document covers it, choose Uploaded Files as the information source (or upload that document first), or ask again with the terms the guide uses.',
  uploaded: 'Try Structure/General to search the Structure ERP guide, or upload the document that covers it and ask again once it shows Ready.',
  web: 'Try Structure/General for the Structure ERP guide, or Uploaded Files for your own documents.',
  procore: 'Try Structure/General for the Structure ERP guide, or Uploaded Files for your own documents.',
};

/** The plain answer when nothing is strong enough to cite: which source was searched, and where else to look. */
export function notCoveredAnswer(source: InformationSource): string {
  const label = SOURCE_LABELS[source];
  return `${capitalise(label)} ${doNotCover(source)} seem to cover this question: nothing in ${pronounFor(source)} matches it closely enough to quote. ${OTHER_SOURCES[source]}`;
}

/** The same advice for the model, which words the answer itself (model-answer.ts). */
export function notCoveredNote(source: InformationSource): string {
  const label = SOURCE_LABELS[source];
  return (
    `(Nothing in ${label} matched this question closely enough to quote. Unless the conversation so far answers it, or a search ` +
    `with other words finds it, say plainly that ${label} ${doNotCover(source)} seem to cover it, and suggest: ${OTHER_SOURCES[source]})`
  );
}

/** 'your uploaded files do not', 'the Structure ERP guide does not'. */
const doNotCover = (source: InformationSource) => (source === 'uploaded' ? 'do not' : 'does not');
const pronounFor = (source: InformationSource) => (source === 'uploaded' ? 'them' : 'it');
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
