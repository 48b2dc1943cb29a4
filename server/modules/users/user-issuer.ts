import type { Config } from '../../config';

/**
 * What `users.issuer` holds for accounts of KAI's built-in provider: a name, not the provider's URL
 * (`$KAI_PUBLIC_URL/oidc`), which changes when the instance moves to another address or a backup is
 * restored elsewhere (decision 038). Migration 0014 re-keyed the rows stored under the URL.
 */
export const BUILTIN_USER_ISSUER = 'urn:kai:builtin';

/** The `users.issuer` that tokens of the configured provider are keyed by. */
export function userIssuerOf(identity: Config['identity']): string {
  return identity.kind === 'builtin' ? BUILTIN_USER_ISSUER : identity.issuer;
}
