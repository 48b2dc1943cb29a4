import type { ProcoreStatus } from '@contract/procore';
import { vi } from 'vitest';

export const AUTH_URL = 'https://login.procore.example/oauth/authorize?client_id=kai&response_type=code&state=state-123';

type Reply = Response | Promise<Response>;

type FakeProcoreOptions = {
  status?: Partial<ProcoreStatus>;
  authUrl?: () => Reply;
  authenticate?: (body: { code: string; state: string }) => Reply;
  companies?: Array<{ id: string; name: string }>;
};

/** A fake /api/procore/* that keeps the connection, so refetches after a mutation see it. */
export function fakeProcoreApi({ status = {}, authUrl, authenticate, companies = [] }: FakeProcoreOptions = {}) {
  let current: ProcoreStatus = { configured: true, connected: false, company: null, ...status };
  const bodies: Record<string, unknown[]> = {};
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const body: unknown = init.body ? JSON.parse(String(init.body)) : undefined;
    (bodies[url] ??= []).push(body);
    if (url === '/api/procore/status') return Response.json(current);
    if (url === '/api/procore/auth-url') return authUrl ? authUrl() : Response.json({ authUrl: AUTH_URL });
    if (url === '/api/procore/authenticate') {
      const reply = await (authenticate
        ? authenticate(body as { code: string; state: string })
        : Response.json({ success: true, companyName: 'Acme Builders' }));
      if (reply.ok) current = { ...current, connected: true, company: { id: '1', name: 'Acme Builders' } };
      return reply;
    }
    if (url === '/api/procore/companies') return Response.json(companies);
    if (url === '/api/procore/company') {
      const { companyId } = body as { companyId: string };
      current = { ...current, company: companies.find((company) => company.id === companyId) ?? null };
      return Response.json({ success: true });
    }
    if (url === '/api/procore/disconnect') {
      current = { ...current, connected: false, company: null };
      return Response.json({ success: true });
    }
    return new Response('Not found', { status: 404 });
  });
  /** The JSON bodies sent to `url`, in order. */
  const sent = (url: string) => bodies[url] ?? [];
  return { fetchMock, sent };
}

export function procoreError(status: number, code: string, message: string): Response {
  return Response.json({ error: { code, message } }, { status });
}
