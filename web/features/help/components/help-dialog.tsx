import { Search, X } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useHelpArticles } from '../api/get-help-articles';
import { useHelp } from '../hooks/use-help';
import { HELP_CATEGORIES, searchHelpArticles, type HelpCategoryFilter } from '../lib/search-help';
import { TUTORIALS } from '../lib/tutorials';
import { AiTooltip } from './ai-tooltip';
import { HelpResults } from './help-results';

/** The 'KAI Help Glossary': search, categories, result cards and the interactive tutorials. */
export function HelpDialog() {
  const help = useHelp();
  const articles = useHelpArticles({ enabled: help.isOpen });
  const query = help.searchQuery ?? '';
  const category: HelpCategoryFilter = help.category ?? 'all';
  const [draft, setDraft] = useState(query);
  useEffect(() => setDraft(query), [query]);

  const results = searchHelpArticles(articles.data ?? [], query, category);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    help.searchHelp(draft, category);
  };
  const clear = () => {
    setDraft('');
    help.searchHelp('', category);
  };

  return (
    <Dialog open={help.isOpen} onOpenChange={(open) => (open ? help.openHelp() : help.closeHelp())}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>KAI Help Glossary</DialogTitle>
          <DialogDescription>Browse help topics and find answers to common questions</DialogDescription>
        </DialogHeader>
        <form role="search" className="flex gap-2" onSubmit={submit}>
          <div className="relative flex-1">
            <input
              type="search"
              aria-label="Search help topics"
              placeholder="Search help topics..."
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              className="h-9 w-full rounded-md border border-slate-300 bg-white px-3 pr-9 text-sm dark:border-slate-700 dark:bg-slate-950 [&::-webkit-search-cancel-button]:hidden"
            />
            {draft && (
              <button type="button" aria-label="Clear search" onClick={clear} className="absolute top-2 right-2 text-slate-500 hover:text-slate-900">
                <X className="size-5" aria-hidden="true" />
              </button>
            )}
          </div>
          <AiTooltip context="Help Glossary" element="Search help topics">
            <Button type="submit">
              <Search aria-hidden="true" />
              Search
            </Button>
          </AiTooltip>
        </form>
        <div role="group" aria-label="Help categories" className="flex flex-wrap gap-2">
          {HELP_CATEGORIES.map((item) => (
            <Button
              key={item.value}
              size="sm"
              variant={item.value === category ? 'default' : 'outline'}
              aria-pressed={item.value === category}
              onClick={() => {
                setDraft('');
                help.searchHelp('', item.value);
              }}
            >
              {item.label}
            </Button>
          ))}
        </div>
        <ResultsMessage query={query} count={results.length} loading={articles.isPending} />
        {results.length > 0 && <HelpResults articles={results} query={query} topicId={help.topicId} />}
        <TutorialList onStart={help.startTutorial} />
      </DialogContent>
    </Dialog>
  );
}

function ResultsMessage({ query, count, loading }: { query: string; count: number; loading: boolean }) {
  if (loading) return <p className="text-sm text-slate-600 dark:text-slate-400">Loading help...</p>;
  const text =
    count > 0
      ? query
        ? `Found ${count} result(s) for "${query}"`
        : null
      : query
        ? `No help content found for "${query}".`
        : 'No help content found for your search.';
  return text ? (
    <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
      {text}
    </p>
  ) : null;
}

function TutorialList({ onStart }: { onStart: (id: string) => void }) {
  return (
    <div className="flex flex-wrap items-center gap-2 border-t border-slate-200 pt-3 dark:border-slate-800">
      <span className="text-sm font-medium text-slate-700 dark:text-slate-300">Tutorials:</span>
      {TUTORIALS.map((tutorial) => (
        <AiTooltip key={tutorial.id} context="Help Glossary interactive tutorials" element={tutorial.title}>
          <Button size="sm" variant="ghost" className="text-blue-700 dark:text-blue-300" onClick={() => onStart(tutorial.id)}>
            {tutorial.title}
          </Button>
        </AiTooltip>
      ))}
    </div>
  );
}
