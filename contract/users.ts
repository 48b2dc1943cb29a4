import { z } from 'zod';

const userRole = z.enum(['user', 'admin']);
export type UserRole = z.infer<typeof userRole>;

const profileText = z.string().trim().max(200);
const imageUrl = z
  .string()
  .url()
  .max(2000)
  .refine((u) => /^https?:/i.test(u), 'must be an http(s) URL');

/**
 * POST /api/user/sync. Clients send one of two variants: `name` + `picture` (Auth0-style), or
 * `firstName` + `lastName` + `imageUrl`. One object accepts both; unknown fields are refused.
 */
export const syncUserInput = z.strictObject({
  auth0Id: z.string().min(1).max(255),
  email: z.string().email().max(320).optional(),
  name: profileText.optional(),
  picture: imageUrl.optional().or(z.literal('')),
  firstName: profileText.optional(),
  lastName: profileText.optional(),
  imageUrl: imageUrl.optional().or(z.literal('')),
});
export type SyncUserInput = z.infer<typeof syncUserInput>;

/** GET /api/user/current (and the answer of POST /api/user/sync). */
export const currentUser = z.object({
  id: z.string(),
  auth0Id: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  imageUrl: z.string().nullable(),
  role: userRole,
  /** The development marker: true only for the fixed identity of /dev. */
  isDev: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUser>;
