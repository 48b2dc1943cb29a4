import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { invalidateProcoreConnection } from './authenticate-procore';

/** POST /api/procore/disconnect: the server revokes the tokens at Procore and forgets them. */
async function disconnectProcore(): Promise<void> {
  await apiFetch<unknown>('POST', '/api/procore/disconnect');
}

export function useDisconnectProcore() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: disconnectProcore, onSuccess: () => invalidateProcoreConnection(queryClient) });
}
