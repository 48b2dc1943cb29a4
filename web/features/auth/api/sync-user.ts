import type { SyncUserInput } from '@contract/users';
import type { IdTokenClaims } from 'oidc-client-ts';
import { apiRequest } from '@/lib/api-client';

/** POST /api/user/sync: only the status is read; the user record comes from GET /api/user/current. */
export async function syncUser(input: SyncUserInput): Promise<void> {
  await apiRequest('POST', '/api/user/sync', input);
}

/** The name + picture variant of the sync payload, built from the ID token claims. */
export function toSyncUserInput(profile: IdTokenClaims): SyncUserInput {
  const name = profile.name || [profile.given_name, profile.family_name].filter(Boolean).join(' ') || undefined;
  const picture = profile.picture && /^https?:/i.test(profile.picture) ? profile.picture : undefined;
  return { auth0Id: profile.sub, email: profile.email || undefined, name, picture };
}
