/** One quoted passage of an answer built without a model: its `[n] title › section (page p)` line and its text. */
export type QuotedPassage = { heading: string; body: string };

// The server heads the passages of such an answer with this line and each passage with
// `#### [n] ...` (server/modules/chat/retrieval-answer.ts): keep the two in step.
const PASSAGES_HEADING = /^### Passages[ \t]*$/m;
const PASSAGE_HEADING = /^#### (\[\d+\] .*)$/gm;

/**
 * An answer built from passages alone, split into what leads (the cited sentences and the note
 * that no model is configured) and the passages, which the chat shows collapsed. Null when the
 * answer has no passages (a plain "not found"), or its format is not the one expected.
 */
export function splitRetrievalAnswer(content: string): { lead: string; passages: QuotedPassage[] } | null {
  const marker = PASSAGES_HEADING.exec(content);
  if (!marker) return null;
  const rest = content.slice(marker.index + marker[0].length);
  const headings = [...rest.matchAll(PASSAGE_HEADING)];
  if (headings.length === 0 || rest.slice(0, headings[0].index).trim() !== '') return null;
  const passages = headings.map((match, i) => ({
    heading: match[1].trim(),
    body: rest.slice(match.index + match[0].length, headings[i + 1]?.index ?? rest.length).trim(),
  }));
  return { lead: content.slice(0, marker.index).trim(), passages };
}
