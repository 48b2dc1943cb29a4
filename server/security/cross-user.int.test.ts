import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../test/databases';
import { inputJsonSchema, routeTable, sampleOf, withPath, type FieldPath, type RecordedRoute } from './route-table';
import { createOwnedResources, type OwnedIds, type Resource } from './testing/owned-resources';
import { buildSecurityApp, type SecurityApp } from './testing/security-app';

vi.mock('fastify', async (original) => (await import('./route-table')).recordRoutes(await original()));

/**
 * The cross-user matrix, generated from the route table: user A owns one of everything, user B
 * calls every route and verb that names an id with A's ids and must get 404 (or 403), never A's
 * data, and A's things must be unchanged afterwards. An id parameter or id field that the tables
 * below do not know fails the suite, so a new route cannot slip in untested.
 */

type Coverage = Resource | { exempt: string };

/** A path parameter, written with the segment before it, and whose id it takes. */
const PATH_IDS: Record<string, Coverage> = {
  'sessions/:sessionId': 'chatSession',
  'chat/:sessionId': 'chatSession',
  'documents/:id': 'document',
  'document/:id': 'document',
  'invoices/:id': 'invoice',
  'invoice-imports/:id': 'importBatch',
  'vendors/:id': 'vendor',
  'audio/:clipId': 'voiceClip',
  'tokens/:id': 'apiToken',
  'download-export/:name': { exempt: 'a file name, not an id; administrators only, the whole instance by design (export.int.test.ts)' },
  'interaction/:uid': {
    exempt: "a sign-in in progress, bound to the browser's interaction cookie rather than a user (interaction.routes.int.test.ts)",
  },
  'invite/:token': { exempt: 'the token is the credential: anyone holding the link may set that password, once (invitation.routes.int.test.ts)' },
  'users/:accountId': { exempt: 'administrators only by design: they manage every account (admin.int.test.ts)' },
  'tokens/:tokenId': { exempt: "administrators only by design: they revoke any user's API tokens (admin-tokens.int.test.ts)" },
  'oidc/*': { exempt: "oidc-provider's own endpoints; codes and tokens are bound to client and grant (oidc-flow.int.test.ts)" },
};

/** A body field holding an id (name matching ID_FIELD), and whose id it takes. */
const BODY_IDS: Record<string, Coverage> = {
  invoice_id: 'invoice',
  sessionId: 'chatSession',
  session_id: { exempt: 'a dialog key the client makes up; import batches are looked up by owner and key' },
  auth0Id: { exempt: 'identity comes from the verified token, never from the body (users.int.test.ts)' },
  companyId: { exempt: "a Procore company id, checked against the companies Procore lists for the user's own connection (procore.int.test.ts)" },
};
const ID_FIELD = /(^id|_id|Id)$/;

/** The organisation's vendor master is shared by design (ADR 005): B reads it like A. */
const SHARED = new Set<Resource>(['vendor']);

/** Routes that refuse with something other than 403/404: batch calls report per-item failures. */
const REFUSALS: Record<string, (response: LightMyRequestResponse) => void> = {
  'POST /api/confirm-invoices': (response) => {
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: false, processed_count: 0 });
  },
};

interface IdSlot {
  where: 'path' | 'body';
  name: string;
  path: FieldPath;
  coverage: Coverage | undefined;
}

interface MatrixCase {
  method: string;
  url: string;
  resources: Resource[];
  request(ids: OwnedIds): InjectOptions;
}

function idSlots(route: RecordedRoute): IdSlot[] {
  const segments = route.url.split('/');
  const inPath = segments.flatMap((segment, index): IdSlot[] => {
    if (!segment.startsWith(':') && segment !== '*') return [];
    const name = `${segments[index - 1]}/${segment}`;
    return [{ where: 'path', name, path: [index], coverage: PATH_IDS[name] }];
  });
  const inBody = bodyIdPaths(route.body ? sampleOf(inputJsonSchema(route.body)) : undefined).map((path): IdSlot => {
    const name = String(path[path.length - 1]);
    return { where: 'body', name, path, coverage: BODY_IDS[name] };
  });
  return [...inPath, ...inBody];
}

function bodyIdPaths(value: unknown, path: FieldPath = []): FieldPath[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => bodyIdPaths(item, [...path, index]));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => [...(ID_FIELD.test(key) ? [[...path, key]] : []), ...bodyIdPaths(item, [...path, key])]);
}

/** Route parameters and id fields the tables have no entry for. */
function uncovered(table: RecordedRoute[]): string[] {
  return table.flatMap((route) =>
    idSlots(route)
      .filter((slot) => !slot.coverage)
      .map((slot) => `${route.method} ${route.url}: ${slot.where} ${slot.name}`),
  );
}

function matrixCases(table: RecordedRoute[]): MatrixCase[] {
  return table.flatMap((route): MatrixCase[] => {
    const slots = idSlots(route);
    if (slots.length === 0 || slots.some((slot) => slot.where === 'path' && typeof slot.coverage !== 'string')) return [];
    const owned = slots.flatMap((slot) => (typeof slot.coverage === 'string' ? [{ ...slot, resource: slot.coverage }] : []));
    if (owned.length === 0) return [];
    return [
      {
        method: route.method,
        url: route.url,
        resources: owned.map((slot) => slot.resource),
        request(ids) {
          const segments = route.url.split('/');
          let body = route.body ? sampleOf(inputJsonSchema(route.body)) : undefined;
          for (const slot of owned) {
            if (slot.where === 'path') segments[slot.path[0] as number] = encodeURIComponent(ids[slot.resource]);
            // Session ids are numbers in bodies; every other id is text.
            else body = withPath(body, slot.path, slot.resource === 'chatSession' ? Number(ids.chatSession) : ids[slot.resource]);
          }
          const query = route.querystring
            ? new URLSearchParams(sampleOf(inputJsonSchema(route.querystring)) as Record<string, string>).toString()
            : '';
          const url = segments.join('/') + (query ? `?${query}` : '');
          return { method: route.method as InjectOptions['method'], url, ...(body === undefined ? {} : { payload: body as object }) };
        },
      },
    ];
  });
}

describe('the cross-user matrix itself', () => {
  it('reports a route whose id parameter or id field has no case', () => {
    const missing = uncovered([
      { method: 'GET', url: '/api/reports/:reportId' },
      { method: 'GET', url: '/api/documents/:id' },
    ]);
    expect(missing).toEqual(['GET /api/reports/:reportId: path reports/:reportId']);
  });
});

describe.each(databaseKinds)('cross-user access (%s)', (kind) => {
  const MARKER = 'Qx7Alice';
  let database: TestDatabase;
  let security: SecurityApp;
  let table: RecordedRoute[];
  let alice: { authorization: string };
  let bob: { authorization: string };
  let ids: OwnedIds;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    security = await buildSecurityApp(database.handle);
    table = routeTable(security.app);
    alice = await security.as('alice@example.test');
    bob = await security.as('bob@example.test');
    ids = await createOwnedResources(security.app, alice, MARKER);
  });
  afterAll(async () => {
    await security?.app.close();
    await database?.dispose();
  });

  const send = (who: { authorization: string }, options: InjectOptions) =>
    security.app.inject({ ...options, headers: { ...who, ...options.headers } });

  it('has a case for every id parameter and id field in the route table, and no stale case', () => {
    expect(uncovered(table)).toEqual([]);
    const used = new Set(table.flatMap((route) => idSlots(route).map((slot) => slot.name)));
    expect([...Object.keys(PATH_IDS), ...Object.keys(BODY_IDS)].filter((name) => !used.has(name))).toEqual([]);
  });

  it("lets A read each of A's things by id (so a 404 for B means refused, not a wrong id)", async () => {
    const reads = matrixCases(table).filter((one) => one.method === 'GET');
    expect(reads.length).toBeGreaterThan(10);
    for (const one of reads) {
      const response = await send(alice, one.request(ids));
      expect(response.statusCode, `${one.method} ${one.url}: ${response.body.slice(0, 200)}`).toBe(200);
    }
  });

  it("refuses B every route and verb that names A's ids, without A's data", async () => {
    const cases = matrixCases(table);
    for (const one of cases) {
      const where = `${one.method} ${one.url}`;
      const response = await send(bob, one.request(ids));
      if (one.resources.every((resource) => SHARED.has(resource))) {
        expect(response.statusCode, `${where} is shared: ${response.body.slice(0, 200)}`).toBe(200);
        continue;
      }
      const refusal = REFUSALS[where];
      if (refusal) refusal(response);
      else expect([403, 404], `${where}: ${response.statusCode} ${response.body.slice(0, 200)}`).toContain(response.statusCode);
      expect(response.body, where).not.toContain(MARKER);
      expect(JSON.stringify(response.headers), where).not.toContain(MARKER);
    }
    // The generator reached the writing verbs too, not only reads.
    expect([...new Set(cases.map((one) => one.method))]).toEqual(expect.arrayContaining(['GET', 'HEAD', 'PATCH', 'DELETE', 'POST']));
  });

  it("shows B none of A's things in any listing", async () => {
    const listings = table.filter((route) => route.method === 'GET' && !route.url.includes(':') && !route.url.includes('*'));
    expect(listings.map((route) => route.url)).toEqual(expect.arrayContaining(['/api/chat/sessions', '/api/documents', '/api/invoices']));
    for (const route of listings) {
      const response = await send(bob, { method: 'GET', url: route.url });
      expect(response.statusCode, route.url).toBeLessThan(500);
      expect(response.body, route.url).not.toContain(MARKER);
    }
  });

  it("leaves A's things as they were after B's attempts", async () => {
    for (const one of matrixCases(table).filter((candidate) => candidate.method !== 'GET' && candidate.method !== 'HEAD')) {
      await send(bob, one.request(ids));
    }
    const sessions = await send(alice, { method: 'GET', url: '/api/chat/sessions' });
    expect(sessions.json()).toEqual(expect.arrayContaining([expect.objectContaining({ id: Number(ids.chatSession), title: `${MARKER} plans` })]));
    const messages = await send(alice, { method: 'GET', url: `/api/chat/${ids.chatSession}/messages` });
    expect(messages.body).toContain(`${MARKER} when is retainage released?`);
    const document = await send(alice, { method: 'GET', url: `/api/document/${ids.document}` });
    expect(document.json()).toMatchObject({ filename: `${MARKER}-diary.pdf` });
    const invoice = await send(alice, { method: 'GET', url: `/api/invoices/${ids.invoice}` });
    expect(invoice.json()).toMatchObject({ invoiceNumber: `${MARKER}-1`, status: 'Exported' });
    const workbook = await send(alice, { method: 'GET', url: `/api/invoice-imports/${ids.importBatch}/download?format=aphb` });
    expect(workbook.statusCode).toBe(200);
    expect(workbook.body).toContain(`${MARKER}-1`);
    const tokens = await send(alice, { method: 'GET', url: '/api/tokens' });
    expect(tokens.json()).toEqual([expect.objectContaining({ id: ids.apiToken, name: `${MARKER} script` })]);
  });
});
