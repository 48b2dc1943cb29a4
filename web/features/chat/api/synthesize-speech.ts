import { synthesizeResponse } from '@contract/voice';
import { useMutation } from '@tanstack/react-query';
import { apiFetch, apiRequest } from '@/lib/api-client';

/**
 * POST /api/voice/synthesize, then the clip itself. The clip's URL wants the same bearer token as
 * every call, which an <audio src> cannot send: it is fetched here and played from a blob.
 */
async function synthesizeSpeech(text: string): Promise<Blob> {
  const { audioUrl } = synthesizeResponse.parse(await apiFetch<unknown>('POST', '/api/voice/synthesize', { text }));
  // The bearer token goes to this origin only, whatever URL came back.
  const url = new URL(audioUrl, window.location.origin);
  if (url.origin !== window.location.origin) throw new Error('The audio is served from another site.');
  const response = await apiRequest('GET', url.pathname + url.search);
  return response.blob();
}

export function useSynthesizeSpeech() {
  return useMutation({ mutationFn: synthesizeSpeech });
}
