import { z } from 'zod';

const role = z.enum(['user', 'admin']);

/** One account as the Administration page shows it. */
const adminUser = z.object({
  id: z.string(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  role,
  status: z.enum(['active', 'disabled']),
  createdAt: z.string(),
  /** When KAI last saw them use the API; null if never (or not known). */
  lastSeenAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUser>;

/** GET /api/admin/users. `manageable` is false with an external provider: manage users there. */
export const adminUserList = z.object({
  users: z.array(adminUser),
  manageable: z.boolean(),
});
export type AdminUserList = z.infer<typeof adminUserList>;

/** How long an invitation link works (once). */
export const INVITATION_VALID_DAYS = 7;

/** POST /api/admin/users */
export const addUserInput = z.strictObject({
  email: z.string().trim().email().max(320),
  name: z.string().trim().max(200).optional(),
  admin: z.boolean().optional(),
  /** How they first get in: a one-time password shown here (the default), or an invitation link to set their own. */
  credential: z.enum(['password', 'invitation']).optional(),
});
export type AddUserInput = z.infer<typeof addUserInput>;

/** PUT /api/admin/users/:accountId/role */
export const setRoleInput = z.strictObject({ role });

export const accountIdParams = z.object({ accountId: z.string().max(100) });

/**
 * An account change. `oneTimePassword` only when one was generated, `invitationLink` only when one
 * was made (POST /api/admin/users/:accountId/invite, or adding with an invitation): each shown once.
 */
export const adminUserResult = z.object({
  user: adminUser,
  oneTimePassword: z.string().optional(),
  invitationLink: z.string().optional(),
  invitationExpiresAt: z.string().optional(),
});
export type AdminUserResult = z.infer<typeof adminUserResult>;

/** DELETE /api/admin/users/:accountId/tokens/:tokenId: one of the account's personal API tokens. */
export const accountTokenParams = accountIdParams.extend({ tokenId: z.string().uuid() });

/** DELETE /api/admin/users/:accountId/tokens: how many tokens were revoked. */
export const revokedApiTokens = z.object({ revoked: z.number().int().nonnegative() });
export type RevokedApiTokens = z.infer<typeof revokedApiTokens>;
