import { expect } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { FakeProcore } from '../../../test/fake-procore';
import { startIssuerApp, type IssuerApp } from '../../../test/issuer-app';

/** KAI configured for the fake Procore, plus helpers that sign in and connect a user. */
export interface ProcoreApp extends IssuerApp {
  fake: FakeProcore;
  env: Record<string, string>;
  call(sub: string, method: 'GET' | 'POST', url: string, payload?: unknown, app?: IssuerApp['app']): Promise<LightMyRequestResponse>;
  /** Runs the whole connect flow for `sub` through the fake's authorize step; answers the authenticate response. */
  connect(sub: string): Promise<{ success: boolean; companyName?: string }>;
  ask(sub: string, message: string): Promise<{ content: string; sources: Array<{ type: string; title: string; url?: string }> }>;
}

export async function startProcoreApp(kind: 'pglite' | 'postgres'): Promise<ProcoreApp> {
  const fake = await new FakeProcore().start();
  const env = {
    PROCORE_CLIENT_ID: fake.client.clientId,
    PROCORE_CLIENT_SECRET: fake.client.clientSecret,
    PROCORE_LOGIN_URL: fake.baseUrl,
    PROCORE_API_URL: fake.baseUrl,
    LOG_LEVEL: 'trace',
  };
  const kai = await startIssuerApp(kind, env);
  const call: ProcoreApp['call'] = async (sub, method, url, payload, app = kai.app) =>
    app.inject({ method, url, payload: payload as InjectOptions['payload'], headers: await kai.bearer(sub) });
  return {
    ...kai,
    fake,
    env,
    call,
    async connect(sub) {
      const { authUrl } = (await call(sub, 'GET', '/api/procore/auth-url')).json() as { authUrl: string };
      const res = await call(sub, 'POST', '/api/procore/authenticate', fake.approve(authUrl));
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
    async ask(sub, message) {
      const res = await call(sub, 'POST', '/api/chat', { message, source: 'procore' });
      expect(res.statusCode, res.body).toBe(200);
      const stored = res.json().message as { content: string; metadata?: { sources?: Array<{ type: string; title: string; url?: string }> } };
      return { content: stored.content, sources: stored.metadata?.sources ?? [] };
    },
    async close() {
      await kai.close();
      await fake.stop();
    },
  };
}
