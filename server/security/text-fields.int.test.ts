import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../test/databases';
import {
  inputJsonSchema,
  pathParams,
  readPath,
  routeTable,
  sampleOf,
  stringPaths,
  withPath,
  type FieldPath,
  type RecordedRoute,
} from './route-table';
import { buildSecurityApp, type SecurityApp } from './testing/security-app';

vi.mock('fastify', async (original) => (await import('./route-table')).recordRoutes(await original()));

/**
 * Issue 10 item 4: NUL (U+0000) and the other control characters in every text a caller can
 * send. The fields come from the route table and each route's contract schemas, so a new route
 * or field is covered without editing this file. PostgreSQL text cannot hold NUL, so it must be
 * refused with a 400; every other control character is valid text and must never cause a 5xx.
 */

const NUL = '\u0000';
const NUL_ERROR = { error: { code: 'invalid_text', message: 'Text may not contain NUL characters.' } };
/** Half of a surrogate pair: valid in a JSON string, refused by PostgreSQL's jsonb. */
const LONE_SURROGATES = ['\ud800', '\udfff', 'a\udc00b'];
const SURROGATE_ERROR = {
  error: { code: 'invalid_text', message: 'Text may not contain half of a UTF-16 surrogate pair (a broken character).' },
};
const CONTROLS = [
  ...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)),
  '\u007f',
  ...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(0x80 + code)),
];
/** HEAD answers as GET does; the wildcard's other verbs (TRACE, QUERY) reach the same handler. */
const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

interface Field {
  where: 'params' | 'query' | 'body';
  path: FieldPath;
}

/** One route with a sample input; every path parameter and query value is text on the wire. */
interface RouteCase {
  method: string;
  url: string;
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  fields: Field[];
}

function routeCases(table: RecordedRoute[]): RouteCase[] {
  return table
    .filter((route) => METHODS.has(route.method))
    .map((route) => {
      const params = textValues(route.params ? sampleOf(inputJsonSchema(route.params)) : {});
      for (const name of pathParams(route.url)) params[name] ??= 'sample';
      const query = textValues(route.querystring ? sampleOf(inputJsonSchema(route.querystring)) : {});
      const body = route.body ? sampleOf(inputJsonSchema(route.body)) : undefined;
      const fields: Field[] = [
        ...Object.keys(params).map((name) => ({ where: 'params' as const, path: [name] })),
        ...Object.keys(query).map((name) => ({ where: 'query' as const, path: [name] })),
        ...stringPaths(body).map((path) => ({ where: 'body' as const, path })),
      ];
      return { method: route.method, url: route.url, params, query, body, fields };
    })
    .filter((route) => route.fields.length > 0);
}

function textValues(sample: unknown): Record<string, string> {
  return Object.fromEntries(Object.entries(sample as Record<string, unknown>).map(([key, value]) => [key, String(value)]));
}

/** The route's sample with one field's text replaced by `edit(original)`. */
function requestWith(route: RouteCase, field: Field, edit: (original: string) => string): InjectOptions {
  const params = { ...route.params };
  const query = { ...route.query };
  let body = route.body;
  if (field.where === 'params') params[field.path[0]] = edit(params[field.path[0]]);
  else if (field.where === 'query') query[field.path[0]] = edit(query[field.path[0]]);
  else body = withPath(body, field.path, edit(readPath(body, field.path) as string));
  const path = route.url.replace(/:(\w+)|\*/g, (_, name: string | undefined) => encodeURIComponent(params[name ?? '*']));
  const search = new URLSearchParams(query).toString();
  return {
    method: route.method as InjectOptions['method'],
    url: search ? `${path}?${search}` : path,
    ...(body === undefined ? {} : { payload: body as object }),
  };
}

function describeField(route: RouteCase, field: Field): string {
  return `${route.method} ${route.url} ${field.where}.${field.path.join('.')}`;
}

/** The error envelope for our JSON answers; the sign-in pages answer as HTML pages. */
function expectRefusedNul(response: LightMyRequestResponse, where: string): void {
  expect(response.statusCode, `${where}: ${response.body.slice(0, 300)}`).toBe(400);
  if (String(response.headers['content-type']).startsWith('application/json')) expect(response.json(), where).toEqual(NUL_ERROR);
  else expect(response.body, where).toContain(NUL_ERROR.error.message);
}

function expectHandled(response: LightMyRequestResponse, where: string): void {
  expect(response.statusCode, `${where}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
  if (response.statusCode >= 400 && where.includes(' /api/')) {
    expect(response.json(), where).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
  }
}

describe.each(databaseKinds)('text fields of every route (%s)', (kind) => {
  let database: TestDatabase;
  let security: SecurityApp;
  let routes: RouteCase[];
  let signedIn: { authorization: string };
  const send = (options: InjectOptions) => security.app.inject({ ...options, headers: { ...signedIn, ...options.headers } });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    security = await buildSecurityApp(database.handle);
    routes = routeCases(routeTable(security.app));
    signedIn = await security.as('clerk@example.test');
  });
  afterAll(async () => {
    await security?.app.close();
    await database?.dispose();
  });

  it('finds the text fields of the contract schemas in the route table', () => {
    // Guards the generator itself: if it found nothing, every other test here would pass vacuously.
    const fields = routes.flatMap((route) => route.fields.map((field) => describeField(route, field)));
    expect(fields).toEqual(
      expect.arrayContaining([
        'GET /api/vendors query.q',
        'POST /api/chat body.message',
        'PATCH /api/chat/sessions/:sessionId params.sessionId',
        'PATCH /api/chat/sessions/:sessionId body.title',
        'POST /api/confirm-invoice body.session_id',
        'POST /api/confirm-invoice body.mappings.0.chosen_vendor',
        'POST /api/user/sync body.name',
        'GET /api/documents/:id params.id',
      ]),
    );
  });

  it.each([
    ['GET', '/api/vendors?q=%00', undefined],
    ['POST', '/api/chat', { message: `retainage${NUL}` }],
    ['POST', '/api/chat/sessions', { title: `a${NUL}b` }],
    ['PATCH', '/api/chat/sessions/1', { title: NUL }],
    ['POST', '/api/confirm-invoice', { parsed_invoice: { invoice_id: 'x' }, mappings: [], is_last_invoice: true, session_id: `s${NUL}` }],
    ['POST', '/api/user/sync', { auth0Id: 'x', name: `Ann${NUL}` }],
  ] as const)('refuses the reported NUL case %s %s with a 400, not a 500', async (method, url, payload) => {
    expectRefusedNul(await send({ method, url, ...(payload ? { payload } : {}) }), `${method} ${url}`);
  });

  it('refuses NUL in every text field of every route', async () => {
    for (const route of routes) {
      for (const field of route.fields) {
        expectRefusedNul(await send(requestWith(route, field, (text) => `${text}${NUL}`)), describeField(route, field));
      }
    }
  });

  it('refuses NUL in an object key and deep inside a long or deeply nested body', async () => {
    const loose = { parsed_invoice: { invoice_id: 'x', [`note${NUL}`]: 1 }, mappings: [], is_last_invoice: true, session_id: 's' };
    expectRefusedNul(await send({ method: 'POST', url: '/api/confirm-invoice', payload: loose }), 'key');
    // Written by hand: JSON.stringify itself would overflow at this depth.
    const nested = `${'{"x":['.repeat(50_000)}"\\u0000"${']}'.repeat(50_000)}`;
    const deep = `{"parsed_invoice":{"invoice_id":"x","nested":${nested}},"mappings":[],"is_last_invoice":true,"session_id":"s"}`;
    expectRefusedNul(
      await send({ method: 'POST', url: '/api/confirm-invoice', headers: { 'content-type': 'application/json' }, payload: deep }),
      'deep',
    );
    const long = { ...loose, parsed_invoice: { invoice_id: 'x', items: [...Array.from({ length: 200_000 }, () => 0), NUL] } };
    expectRefusedNul(await send({ method: 'POST', url: '/api/confirm-invoice', payload: long }), 'long');
  });

  it.each([
    ['POST', '/api/voice/synthesize', { text: 'Retainage \ud800 is held' }],
    ['POST', '/api/confirm-invoice', { parsed_invoice: { invoice_id: 'x', note: '\udfff' }, mappings: [], is_last_invoice: true, session_id: 's' }],
    ['POST', '/api/chat/sessions', { title: 'a\ud83db' }],
  ] as const)('refuses the reported lone-surrogate case %s %s with a 400, not a 500', async (method, url, payload) => {
    const response = await send({ method, url, payload });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual(SURROGATE_ERROR);
  });

  it('refuses a lone surrogate in every body text field of every route, and keeps whole pairs', async () => {
    // Only bodies: a lone surrogate cannot be percent-encoded into a path or query (it decodes as U+FFFD).
    for (const route of routes) {
      for (const field of route.fields.filter((one) => one.where === 'body')) {
        for (const half of LONE_SURROGATES) {
          const where = `${describeField(route, field)} ${JSON.stringify(half)}`;
          const response = await send(requestWith(route, field, (text) => `${text}${half}`));
          expect(response.statusCode, `${where}: ${response.body.slice(0, 300)}`).toBe(400);
          expect(response.json(), where).toEqual(SURROGATE_ERROR);
        }
      }
    }
    const title = 'Pour \ud83c\udfd7 schedule';
    const created = await send({ method: 'POST', url: '/api/chat/sessions', payload: { title } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().title).toBe(title);
  });

  it('keeps the other control characters as text', async () => {
    const title = `tab\there${CONTROLS.filter((c) => c !== NUL).join('')}end`;
    const created = await send({ method: 'POST', url: '/api/chat/sessions', payload: { title } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().title).toBe(title.trim());
    const vendors = await send({ method: 'GET', url: `/api/vendors?q=${encodeURIComponent('\u0001\u001f\u007f\u0085')}` });
    expect(vendors.statusCode, vendors.body).toBe(200);
  });

  it('answers every text field holding control characters without a 5xx (property)', async () => {
    const field = fc.constantFrom(...routes.flatMap((route) => route.fields.map((one) => ({ route, field: one }))));
    const hostile = fc.record({
      controls: fc.array(fc.constantFrom(...CONTROLS), { minLength: 1, maxLength: 4 }),
      noise: fc.string({ unit: 'grapheme', maxLength: 12 }),
      at: fc.nat(),
    });
    await fc.assert(
      fc.asyncProperty(field, hostile, async (target, { controls, noise, at }) => {
        const where = describeField(target.route, target.field);
        let sent = '';
        const response = await send(
          requestWith(target.route, target.field, (text) => {
            const cut = at % (text.length + 1);
            sent = `${text.slice(0, cut)}${noise}${controls.join('')}${text.slice(cut)}`;
            return sent;
          }),
        );
        if (sent.includes(NUL)) expectRefusedNul(response, where);
        else expectHandled(response, where);
      }),
      // Bounded so the file stays fast; the exhaustive NUL test above visits every field anyway.
      { numRuns: 200 },
    );
  });
});
