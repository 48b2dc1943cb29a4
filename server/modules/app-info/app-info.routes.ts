import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appConfigResponse, type AppConfigResponse } from '@contract/app';
import type { VoiceStatus } from '@contract/voice';
import type { Config } from '../../config';

/** Public facts the web app shows: where support mail goes, the company name, whether a model answers, what voice can do. */
export const appInfoRoutes: FastifyPluginAsyncZod<{ config: Config; voice: VoiceStatus }> = async (app, { config, voice }) => {
  const body: AppConfigResponse = {
    supportEmail: config.supportEmail,
    companyName: config.companyName,
    modelConfigured: config.llm !== undefined,
    voice,
  };
  app.get('/api/app/config', { schema: { response: { 200: appConfigResponse } } }, async () => body);
};
