import { z } from 'zod';
import { voiceStatus } from './voice';

/** GET /api/app/config: public facts the web app shows (support address, company, model and voice status). */
export const appConfigResponse = z.object({
  supportEmail: z.string(),
  companyName: z.string(),
  /** Whether answers come from a language model, or from retrieved passages alone. */
  modelConfigured: z.boolean(),
  /** Which speech engines the server has: the microphone is offered only with an input engine. */
  voice: voiceStatus,
});
export type AppConfigResponse = z.infer<typeof appConfigResponse>;
