import { focusRing } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { QuotedPassage } from '../lib/retrieval-answer';
import { MarkdownContent } from './markdown-content';

/**
 * The passages an answer without a model quotes, each collapsed under its heading: the cited
 * sentences above already answer, the passages are there to check them. Each body is rendered
 * by the same sanitising Markdown renderer as any answer; the heading is plain text.
 */
export function QuotedPassages({ passages }: { passages: QuotedPassage[] }) {
  return (
    <section aria-label="Passages" className="mt-3">
      <h4 className="mb-1 text-xs font-semibold text-slate-600 dark:text-slate-400">Passages</h4>
      <ul className="space-y-1">
        {passages.map((passage, index) => (
          <li key={index}>
            <details className="group rounded-md border border-slate-200 dark:border-slate-800">
              <summary
                className={cn(
                  'cursor-pointer rounded-md px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 dark:text-slate-300 dark:hover:bg-slate-800/60',
                  focusRing,
                )}
              >
                {passage.heading}
              </summary>
              <div className="border-t border-slate-200 px-3 py-2 dark:border-slate-800">
                <MarkdownContent content={passage.body} />
              </div>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}
