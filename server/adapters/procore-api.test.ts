import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeProcore } from '../test/fake-procore';
import { PROCORE_COMPANY, PROCORE_VENDORS, RIVERSIDE, RIVERSIDE_SUBCONTRACTS } from '../test/fake-procore-data';
import { createProcoreApi, ProcoreApiError, procoreWebUrl, waitFor, type ProcoreAccess } from './procore-api';
import { createProcoreOAuth } from './procore-oauth';

describe('the Procore REST client against the fake Procore', () => {
  let fake: FakeProcore;
  let access: ProcoreAccess;
  const waits: number[] = [];
  const newApi = (options: Partial<Parameters<typeof createProcoreApi>[0]> = {}) =>
    createProcoreApi({
      apiUrl: fake.baseUrl,
      sleep: async (ms) => {
        waits.push(ms);
      },
      cacheTtlMs: 0,
      ...options,
    });

  beforeAll(async () => {
    fake = await new FakeProcore().start();
    const oauth = createProcoreOAuth({ ...fake.client, redirectUri: 'http://127.0.0.1/cb', loginUrl: fake.baseUrl });
    const tokens = await oauth.exchangeCode(fake.issueCode({ redirectUri: 'http://127.0.0.1/cb' }), 'v');
    access = { accessToken: tokens.accessToken, companyId: PROCORE_COMPANY.id, cacheScope: 'user-1' };
  });
  afterAll(() => fake.stop());
  beforeEach(() => {
    waits.length = 0;
    fake.maxPerPage = 100;
  });

  it('sends the bearer token, and the company header except to /me and /companies', async () => {
    const api = newApi();
    const companies = await api.list<{ id: string }>({ ...access, companyId: undefined }, '/rest/v1.0/companies');
    expect(companies.map((c) => c.id)).toContain(PROCORE_COMPANY.id);
    await api.get(access, '/rest/v1.0/me');
    await api.list(access, '/rest/v1.0/projects', { company_id: PROCORE_COMPANY.id });
    const sent = fake.apiRequests.slice(-3);
    expect(sent.map((r) => r.companyId)).toEqual([undefined, undefined, PROCORE_COMPANY.id]);
    await expect(api.list({ ...access, companyId: undefined }, '/rest/v1.0/vendors')).rejects.toBeInstanceOf(ProcoreApiError);
  });

  it("gets the fake's own refusal when the company header is missing", async () => {
    const res = await fetch(`${fake.baseUrl}/rest/v1.0/vendors?company_id=1`, { headers: { authorization: `Bearer ${access.accessToken}` } });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Missing Procore-Company-Id header!');
  });

  it('collects every page by following Link rel="next", ids exact', async () => {
    fake.maxPerPage = 2;
    const before = fake.apiRequests.length;
    const vendors = await newApi().list<{ id: string }>(access, '/rest/v1.0/vendors', { company_id: PROCORE_COMPANY.id });
    expect(vendors.map((v) => v.id)).toEqual(PROCORE_VENDORS[PROCORE_COMPANY.id].map((v) => v.id));
    expect(fake.apiRequests.length - before).toBe(Math.ceil(vendors.length / 2));
  });

  it('stops at the page cap', async () => {
    fake.maxPerPage = 1;
    const some = await newApi({ maxPages: 2 }).list(access, '/rest/v1.0/work_order_contracts', { project_id: RIVERSIDE.id });
    expect(some).toHaveLength(2);
    expect(RIVERSIDE_SUBCONTRACTS.length).toBeGreaterThan(2);
  });

  it('waits as 429 Retry-After says, then succeeds', async () => {
    fake.failNext(2, { status: 429, retryAfterSeconds: 2 });
    const me = await newApi().get<{ id: string }>(access, '/rest/v1.0/me');
    expect(me.id).toBe('7730421');
    expect(waits).toEqual([2000, 2000]);
  });

  it('waits as 503 Retry-After says', async () => {
    fake.failNext(1, { status: 503, retryAfterSeconds: 1 });
    await newApi().get(access, '/rest/v1.0/me');
    expect(waits).toEqual([1000]);
  });

  it('gives up with a typed error after the retries, or at once when the wait is too long', async () => {
    fake.failNext(3, { status: 429, retryAfterSeconds: 1 });
    await expect(newApi({ maxRetries: 2 }).get(access, '/rest/v1.0/me')).rejects.toMatchObject({ kind: 'rate_limited', status: 429 });
    expect(waits).toHaveLength(2);
    waits.length = 0;
    fake.failNext(1, { status: 503, retryAfterSeconds: 3600 });
    await expect(newApi().get(access, '/rest/v1.0/me')).rejects.toMatchObject({ kind: 'unavailable' });
    expect(waits).toEqual([]);
  });

  it('says 401 as unauthorized, without the token in the message', async () => {
    const err = (await newApi()
      .get({ ...access, accessToken: 'pc-access-bogus' }, '/rest/v1.0/me')
      .catch((e: unknown) => e)) as ProcoreApiError;
    expect(err.kind).toBe('unauthorized');
    expect(err.message).not.toContain('pc-access-bogus');
  });

  it('answers a repeated read from its cache, per user and company', async () => {
    const api = newApi({ cacheTtlMs: 60_000 });
    const before = fake.apiRequests.length;
    await api.list(access, '/rest/v1.0/projects', { company_id: PROCORE_COMPANY.id });
    await api.list(access, '/rest/v1.0/projects', { company_id: PROCORE_COMPANY.id });
    expect(fake.apiRequests.length - before).toBe(1);
    await api.list({ ...access, cacheScope: 'user-2' }, '/rest/v1.0/projects', { company_id: PROCORE_COMPANY.id });
    expect(fake.apiRequests.length - before).toBe(2);
    api.forget('user-1');
    await api.list(access, '/rest/v1.0/projects', { company_id: PROCORE_COMPANY.id });
    expect(fake.apiRequests.length - before).toBe(3);
  });

  it('times out a Procore that does not answer', async () => {
    const silent = http.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const api = createProcoreApi({ apiUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`, timeoutMs: 200 });
      await expect(api.get(access, '/rest/v1.0/me')).rejects.toMatchObject({ kind: 'timeout' });
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });

  it('never follows a next link to another host (the token would go with it)', async () => {
    const other = http.createServer((_req, res) => {
      res
        .writeHead(200, { 'content-type': 'application/json', link: '<http://169.254.169.254/rest/v1.0/vendors?page=2>; rel="next"' })
        .end('[{"id":1}]');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    try {
      const api = createProcoreApi({ apiUrl: `http://127.0.0.1:${(other.address() as AddressInfo).port}` });
      await expect(api.list(access, '/rest/v1.0/vendors')).resolves.toEqual([{ id: '1' }]);
    } finally {
      other.close();
    }
  });
});

describe('waitFor and procoreWebUrl', () => {
  it('reads Retry-After in seconds or as a date, else X-Rate-Limit-Reset', () => {
    const now = Date.parse('2025-05-01T12:00:00Z');
    expect(waitFor(new Headers({ 'retry-after': '3' }), now)).toBe(3000);
    expect(waitFor(new Headers({ 'retry-after': 'Thu, 01 May 2025 12:00:05 GMT' }), now)).toBe(5000);
    expect(waitFor(new Headers({ 'x-rate-limit-reset': String(now / 1000 + 7) }), now)).toBe(7000);
    expect(waitFor(new Headers(), now)).toBe(1000);
  });

  it("links production to Procore's web app and anything else to its own host", () => {
    expect(procoreWebUrl('https://api.procore.com')).toBe('https://app.procore.com');
    expect(procoreWebUrl('https://sandbox.procore.com')).toBe('https://sandbox.procore.com');
  });
});
