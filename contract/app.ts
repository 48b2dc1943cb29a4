import { z } from 'zod';

/** GET /api/app/config: public facts the web app shows (support address, company, model status). */
export const appConfigResponse = z.object({
  supportEmail: z.string(),
  companyName: z.string(),
  /** Whether answers come from a language model, or from retrieved passages alone. */
  modelConfigured: z.boolean(),
});
export type AppConfigResponse = z.infer<typeof appConfigResponse>;
