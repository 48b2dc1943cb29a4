import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { audioClipParams, synthesizeInput, synthesizeResponse, transcribeInput, transcribeResponse } from '@contract/voice';
import { requireAuth } from '../auth/auth.plugin';
import { SynthesisBusyError } from './synthesis-queue';
import type { VoiceService } from './voice.service';

/** A JSON body with up to 10 MB of audio as base64, and room for the field name. */
const TRANSCRIBE_BODY_LIMIT = 15 * 1024 * 1024;

/** A clip refused because its owner or the engine is busy says when to ask again. */
async function withRetryAfter<T>(reply: FastifyReply, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof SynthesisBusyError) reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }
}

export const voiceRoutes: FastifyPluginAsyncZod<{ voice: VoiceService }> = async (app, { voice }) => {
  app.addHook('onRequest', app.requireUser);

  app.post(
    '/api/voice/transcribe',
    { bodyLimit: TRANSCRIBE_BODY_LIMIT, schema: { body: transcribeInput, response: { 200: transcribeResponse } } },
    async (request) => ({ transcript: await voice.transcribe(request.body.audioData) }),
  );

  app.post('/api/voice/synthesize', { schema: { body: synthesizeInput, response: { 200: synthesizeResponse } } }, async (request, reply) => ({
    audioUrl: await withRetryAfter(reply, voice.synthesize(requireAuth(request).user.id, request.body.text)),
  }));

  app.get('/api/voice/audio/:clipId', { schema: { params: audioClipParams } }, async (request, reply) => {
    const audio = await withRetryAfter(reply, voice.audio(requireAuth(request).user.id, request.params.clipId));
    return reply
      .header('content-type', audio.contentType)
      .header('cache-control', 'private, no-store')
      .send(Readable.from(audio.chunks, { objectMode: false }));
  });
};
