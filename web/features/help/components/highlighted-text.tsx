import { splitMatches } from '../lib/search-help';

/** Text with each match of `query` in a <mark>; React escapes every part, whatever the query holds. */
export function HighlightedText({ text, query }: { text: string; query: string }) {
  return (
    <>
      {splitMatches(text, query).map((part, index) =>
        part.match ? (
          <mark key={index} className="rounded-sm bg-yellow-200 px-0.5 text-slate-900 dark:bg-yellow-300">
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
