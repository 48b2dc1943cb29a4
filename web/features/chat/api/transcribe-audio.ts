import { transcribeResponse, type TranscribeResponse } from '@contract/voice';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** POST /api/voice/transcribe: base64 WAV -> what was said (possibly nothing). */
async function transcribeAudio(audioData: string): Promise<TranscribeResponse> {
  return transcribeResponse.parse(await apiFetch<unknown>('POST', '/api/voice/transcribe', { audioData }));
}

export function useTranscribeAudio() {
  return useMutation({ mutationFn: transcribeAudio });
}
