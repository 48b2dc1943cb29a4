import type { MessageSource } from '@contract/chat';
import { focusRing } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { toSafeHref, WEB_PROTOCOLS } from '../lib/safe-url';
import { ExternalLink } from './external-link';

type MessageSourcesProps = {
  sources: MessageSource[];
  onOpenDocument?: (documentId: string) => void;
};

function SourceTitle({ source, onOpenDocument }: { source: MessageSource; onOpenDocument?: (documentId: string) => void }) {
  const { documentId } = source;
  if (source.type === 'uploaded' && documentId && onOpenDocument) {
    return (
      <button
        type="button"
        className={cn('text-left font-medium text-blue-700 underline-offset-2 hover:underline dark:text-blue-400', focusRing)}
        onClick={() => onOpenDocument(documentId)}
      >
        {source.title}
      </button>
    );
  }
  const href = source.type === 'web' ? toSafeHref(source.url, WEB_PROTOCOLS) : '';
  if (href) return <ExternalLink href={href}>{source.title}</ExternalLink>;
  return <span className="font-medium text-slate-700 dark:text-slate-300">{source.title}</span>;
}

/** The numbered citations of an answer; [n] in the text refers to entry n. */
export function MessageSources({ sources, onOpenDocument }: MessageSourcesProps) {
  if (sources.length === 0) return null;
  return (
    <section aria-label="Sources" className="mt-3 border-t border-slate-200 pt-2 text-xs dark:border-slate-800">
      <h4 className="mb-1 font-semibold text-slate-600 dark:text-slate-400">Sources</h4>
      <ol className="space-y-1">
        {sources.map((source, index) => (
          <li key={index} className="text-slate-600 dark:text-slate-400">
            <div className="flex flex-wrap items-baseline gap-x-1" title={source.snippet || undefined}>
              <span className="font-mono text-slate-500 dark:text-slate-400">[{index + 1}]</span>
              <SourceTitle source={source} onOpenDocument={onOpenDocument} />
              {source.page !== undefined && <span>— page {source.page}</span>}
            </div>
            {source.snippet && (
              <details className="ml-6">
                <summary
                  className={cn(
                    'w-fit cursor-pointer rounded-sm text-slate-500 hover:text-slate-700 dark:text-slate-400 dark:hover:text-slate-300',
                    focusRing,
                  )}
                >
                  Show passage
                </summary>
                <p className="mt-1 border-l-2 border-slate-200 pl-2 whitespace-pre-wrap text-slate-600 dark:border-slate-700 dark:text-slate-400">
                  {source.snippet}
                </p>
              </details>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
