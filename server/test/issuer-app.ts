import type { JWTPayload } from 'jose';
import { buildTestApp } from './app';
import { createTestDatabase, type TestDatabase } from './databases';
import { FakeIssuer } from './fake-issuer';

export const TEST_AUDIENCE = 'https://kai.example.com/api';

export interface IssuerApp {
  app: Awaited<ReturnType<typeof buildTestApp>>['app'];
  issuer: FakeIssuer;
  database: TestDatabase;
  logText: () => string;
  /** `authorization` headers with a fresh access token for `sub` (and any extra claims). */
  bearer(sub: string, claims?: JWTPayload): Promise<{ authorization: string }>;
  close(): Promise<void>;
}

/** The app on its own database, signing in through a fake external OpenID Provider. */
export async function startIssuerApp(kind: 'pglite' | 'postgres', env: Record<string, string> = {}): Promise<IssuerApp> {
  const issuer = await new FakeIssuer().start();
  const database = await createTestDatabase(kind);
  const { app, logText } = await buildTestApp(database.handle, {
    OIDC_ISSUER: issuer.issuer,
    OIDC_CLIENT_ID: 'spa',
    OIDC_AUDIENCE: TEST_AUDIENCE,
    ...env,
  });
  return {
    app,
    issuer,
    database,
    logText,
    bearer: async (sub, claims = {}) => ({ authorization: `Bearer ${await issuer.sign({ sub, aud: TEST_AUDIENCE, ...claims })}` }),
    async close() {
      await app.close();
      await database.dispose();
      await issuer.stop();
    },
  };
}
