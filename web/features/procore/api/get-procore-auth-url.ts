import { procoreAuthUrlResponse } from '@contract/procore';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** GET /api/procore/auth-url: a fresh authorize URL each time, since its `state` is single-use. */
async function getProcoreAuthUrl(): Promise<string> {
  return procoreAuthUrlResponse.parse(await apiFetch<unknown>('GET', '/api/procore/auth-url')).authUrl;
}

/** A mutation rather than a query: nothing should cache or share an authorize URL. */
export function useProcoreAuthUrl() {
  return useMutation({ mutationFn: getProcoreAuthUrl });
}
