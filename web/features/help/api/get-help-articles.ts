import { helpArticlesResponse, type HelpArticle } from '@contract/help';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const helpArticlesQueryKey = ['/api/help/articles'] as const;

/** GET /api/help/articles: the built-in help articles. */
async function getHelpArticles(): Promise<HelpArticle[]> {
  return helpArticlesResponse.parse(await apiFetch<unknown>('GET', '/api/help/articles'));
}

function getHelpArticlesQueryOptions() {
  return queryOptions({ queryKey: helpArticlesQueryKey, queryFn: getHelpArticles });
}

export function useHelpArticles({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getHelpArticlesQueryOptions(), enabled });
}
