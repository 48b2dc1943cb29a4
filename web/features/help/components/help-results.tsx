import type { HelpArticle } from '@contract/help';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Badge } from '@/components/ui/badge';
import { focusRing } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { CATEGORY_LABELS } from '../lib/search-help';
import { HighlightedText } from './highlighted-text';

const HelpMarkdown = lazy(() => import('./help-markdown'));

/** Spec part 1, section 9. */
const RESULTS_HEIGHT_PX = 500;
const FIRST_MATCH_SCROLL_DELAY_MS = 100;

type HelpResultsProps = { articles: HelpArticle[]; query: string; topicId?: string };

/** Result cards; with a query the matches are marked and the first one is scrolled into view. */
export function HelpResults({ articles, query, topicId }: HelpResultsProps) {
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const timer = setTimeout(() => {
      const list = listRef.current;
      const target = query
        ? list?.querySelector('mark')
        : topicId
          ? [...(list?.querySelectorAll('[data-topic-id]') ?? [])].find((card) => card.getAttribute('data-topic-id') === topicId)
          : null;
      target?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    }, FIRST_MATCH_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [articles, query, topicId]);

  return (
    <div
      ref={listRef}
      data-testid="help-results"
      // Focusable so keyboard users can scroll the list with the arrow keys.
      tabIndex={0}
      role="region"
      aria-label="Help results"
      className={cn('overflow-y-auto rounded-md pr-2', focusRing)}
      style={{ height: RESULTS_HEIGHT_PX }}
    >
      <ul className="space-y-3">
        {articles.map((article) => (
          <li
            key={article.id}
            data-topic-id={article.id}
            className={cn(
              'rounded-lg border border-slate-200 p-4 dark:border-slate-700',
              article.id === topicId && 'border-blue-500 ring-1 ring-blue-500',
            )}
          >
            <div className="mb-2 flex items-start justify-between gap-2">
              <h3 className="font-semibold text-slate-900 dark:text-slate-50">
                <HighlightedText text={article.title} query={query} />
              </h3>
              <Badge variant="secondary">{CATEGORY_LABELS[article.category]}</Badge>
            </div>
            {query ? (
              <p className="text-sm whitespace-pre-wrap text-slate-700 dark:text-slate-300">
                <HighlightedText text={article.content} query={query} />
              </p>
            ) : (
              <Suspense fallback={<p className="text-sm whitespace-pre-wrap">{article.content}</p>}>
                <HelpMarkdown content={article.content} />
              </Suspense>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
