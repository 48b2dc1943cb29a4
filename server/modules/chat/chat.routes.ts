import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  chatMessage,
  chatSession,
  clearMessagesResponse,
  createSessionInput,
  renameSessionInput,
  sendChatInput,
  sendChatResponse,
  sessionParams,
} from '@contract/chat';
import { streamErrorOf } from '../../plugins/error-handler';
import { requireAuth } from '../auth/auth.plugin';
import type { ChatService } from './chat.service';
import { openEventStream, wantsEventStream } from './sse';

export const chatRoutes: FastifyPluginAsyncZod<{ chat: ChatService }> = async (app, { chat }) => {
  app.addHook('onRequest', app.requireUser);

  app.get('/api/chat/sessions', { schema: { response: { 200: z.array(chatSession) } } }, async (request) =>
    chat.listSessions(requireAuth(request).user.id),
  );

  app.post('/api/chat/sessions', { schema: { body: createSessionInput.optional(), response: { 201: chatSession } } }, async (request, reply) => {
    const session = await chat.createSession(requireAuth(request).user.id, request.body?.title);
    return reply.status(201).send(session);
  });

  app.patch(
    '/api/chat/sessions/:sessionId',
    { schema: { params: sessionParams, body: renameSessionInput, response: { 200: chatSession } } },
    async (request) => chat.renameSession(requireAuth(request).user.id, request.params.sessionId, request.body.title),
  );

  app.delete('/api/chat/sessions/:sessionId', { schema: { params: sessionParams } }, async (request, reply) => {
    await chat.deleteSession(requireAuth(request).user.id, request.params.sessionId);
    return reply.status(204).send();
  });

  app.get('/api/chat/:sessionId/messages', { schema: { params: sessionParams, response: { 200: z.array(chatMessage) } } }, async (request) =>
    chat.listMessages(requireAuth(request).user.id, request.params.sessionId),
  );

  app.delete('/api/chat/:sessionId/messages', { schema: { params: sessionParams, response: { 200: clearMessagesResponse } } }, async (request) => {
    await chat.clearMessages(requireAuth(request).user.id, request.params.sessionId);
    return { success: true as const };
  });

  app.post('/api/chat', { schema: { body: sendChatInput, response: { 200: sendChatResponse } } }, async (request, reply) => {
    const prepared = await chat.prepareSend(requireAuth(request).user.id, request.body);

    if (!wantsEventStream(request)) {
      const abort = new AbortController();
      // The response's close (not the request's, which fires once the body is read) means the client left.
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) abort.abort(new Error('client disconnected'));
      });
      return chat.answer(prepared, abort.signal, { onToken: () => {}, onSources: () => {} });
    }

    const stream = openEventStream(request, reply);
    try {
      const result = await chat.answer(prepared, stream.signal, {
        onToken: (text) => stream.send({ type: 'token', data: { text } }),
        onSources: (sources) => stream.send({ type: 'sources', data: { sources } }),
      });
      stream.send({ type: 'message', data: result });
    } catch (err) {
      request.log.error({ err }, 'chat answer failed');
      stream.send({ type: 'error', data: { error: streamErrorOf(err) } });
    } finally {
      stream.end();
    }
  });
};
