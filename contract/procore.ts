import { z } from 'zod';

/** GET /api/procore/auth-url: Procore's authorize URL with a `state` bound to the signed-in user. */
export const procoreAuthUrlResponse = z.object({ authUrl: z.string() });

/**
 * POST /api/procore/authenticate: the code Procore gave (pasted in the dialog, or from the
 * callback page's query) and the `state` of the authorize URL it answers.
 */
export const procoreAuthenticateInput = z.strictObject({
  code: z.string().trim().min(1, 'Please enter the authorization code from Procore').max(2000),
  state: z.string().trim().min(1, 'The authorization state is missing; start connecting again').max(500),
});
export const procoreAuthenticateResponse = z.object({
  success: z.boolean(),
  companyName: z.string().optional(),
});
export type ProcoreAuthenticateResponse = z.infer<typeof procoreAuthenticateResponse>;

const procoreCompany = z.object({ id: z.string(), name: z.string() });
export type ProcoreCompany = z.infer<typeof procoreCompany>;

/** GET /api/procore/status: whether Procore is set up on this server and connected for this user. */
export const procoreStatus = z.object({
  configured: z.boolean(),
  /** What an administrator must set when Procore is not configured. */
  hint: z.string().optional(),
  connected: z.boolean(),
  company: procoreCompany.nullable(),
});
export type ProcoreStatus = z.infer<typeof procoreStatus>;

/** GET /api/procore/companies: the companies the connected user may see. */
export const procoreCompaniesResponse = z.array(procoreCompany);

/** POST /api/procore/company: which company the chat's Procore source reads. */
export const selectProcoreCompanyInput = z.strictObject({ companyId: z.string().regex(/^\d{1,20}$/, 'A Procore company id is a number') });

/** POST /api/procore/disconnect: tokens revoked at Procore (best effort) and forgotten here. */
export const procoreDisconnectResponse = z.object({ success: z.boolean() });
