import { helpTipResponse, type HelpTipInput } from '@contract/help';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** POST /api/help/tip: a short tip for one control; the same question is asked once per page load. */
async function getHelpTip(input: HelpTipInput): Promise<string> {
  return helpTipResponse.parse(await apiFetch<unknown>('POST', '/api/help/tip', input)).tip;
}

function getHelpTipQueryOptions(input: HelpTipInput) {
  return queryOptions({ queryKey: ['/api/help/tip', input.context, input.element] as const, queryFn: () => getHelpTip(input) });
}

export function useHelpTip(input: HelpTipInput, { enabled }: { enabled: boolean }) {
  return useQuery({ ...getHelpTipQueryOptions(input), enabled });
}
