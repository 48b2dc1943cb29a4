import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../test/databases';
import { RIVERSIDE, RIVERSIDE_OVER_90 } from '../../test/fake-procore-data';
import { startIssuerApp, type IssuerApp } from '../../test/issuer-app';
import { startProcoreApp, type ProcoreApp } from './testing/procore-app';

const NOT_CONNECTED = 'Procore is not connected for you yet. Choose Connect Procore in the sidebar, then ask again.';

describe.each(databaseKinds)("the chat's Procore source without a model (%s)", (kind) => {
  let kai: ProcoreApp;

  beforeAll(async () => {
    kai = await startProcoreApp(kind);
    await kai.connect('auth0|pm');
  });
  afterAll(() => kai.close());

  it('answers which Riverside subcontracts are over 90% paid, citing exactly those', async () => {
    const { content, sources } = await kai.ask('auth0|pm', 'Which subcontracts on the Riverside project are over 90% paid?');
    expect(sources.map((s) => s.title)).toEqual(RIVERSIDE_OVER_90.map((n) => `${RIVERSIDE.name} › Subcontract ${n}`));
    expect(sources.every((s) => s.type === 'procore')).toBe(true);
    expect(sources[0].url).toBe(`${kai.fake.baseUrl}/${RIVERSIDE.id}/project/home`);
    expect(content).toContain("Subcontract SC-014 'Electrical' with Bright Line Electric: revised contract $412,000.00, paid $391,400.00 (95.0%)");
    // 90.0% exactly is not over 90, and the 40% ones stay out.
    expect(content).not.toMatch(/SC-022|SC-021|SC-031/);
  });

  it('answers the other way round, and for one subcontract with its line items', async () => {
    const under = await kai.ask('auth0|pm', 'Riverside subcontracts less than 50% paid');
    expect(under.sources.map((s) => s.title)).toEqual([`${RIVERSIDE.name} › Subcontract SC-021`, `${RIVERSIDE.name} › Subcontract SC-031`]);
    const one = await kai.ask('auth0|pm', 'Show subcontract SC-014 on Riverside');
    expect(one.sources.map((s) => s.title)).toEqual([`${RIVERSIDE.name} › Subcontract SC-014`]);
    expect(one.content).toContain('Line items: 26-100 Rough-in, levels 1-3 $182,000.00');
  });

  it('reads RFIs, budget, direct costs, purchase orders and vendors by the words of the question', async () => {
    expect((await kai.ask('auth0|pm', 'open RFIs on Riverside')).sources.map((s) => s.title)).toEqual([
      `${RIVERSIDE.name} › RFI #12`,
      `${RIVERSIDE.name} › RFI #14`,
    ]);
    expect((await kai.ask('auth0|pm', 'Riverside budget for electrical rough-in')).content).toContain('original budget $395,000.00');
    expect((await kai.ask('auth0|pm', 'direct costs on Riverside')).content).toContain('invoice INV-20931');
    expect((await kai.ask('auth0|pm', 'purchase orders on Riverside')).sources.map((s) => s.title)).toEqual([
      `${RIVERSIDE.name} › Purchase order PO-003`,
      `${RIVERSIDE.name} › Purchase order PO-007`,
    ]);
    expect((await kai.ask('auth0|pm', 'phone number of vendor Summit Air')).content).toContain('(503) 555-0163');
    expect((await kai.ask('auth0|pm', 'Tell me about Riverside Medical Office')).content).toContain('total value $18,450,000.00');
  });

  it('says Procore is not connected to a user who has not connected it', async () => {
    const { content, sources } = await kai.ask('auth0|newcomer', 'Which subcontracts on the Riverside project are over 90% paid?');
    expect(content).toBe(NOT_CONNECTED);
    expect(sources).toEqual([]);
  });

  it('says so plainly when Procore keeps limiting KAI', async () => {
    // Another user: the first user's reads are in KAI's brief cache.
    await kai.connect('auth0|busy');
    kai.fake.failNext(1, { status: 429, retryAfterSeconds: 3600 });
    const { content } = await kai.ask('auth0|busy', 'Riverside RFIs that are closed');
    expect(content).toContain('Procore is limiting how often KAI may ask');
  });

  it('asks the user to connect again when Procore no longer takes the refresh token', async () => {
    await kai.connect('auth0|lapsed');
    kai.fake.expireAccessTokens();
    await kai.database.handle.db.execute(
      // A refresh token Procore does not know: as if another client had used it.
      sql`update procore_connections set refresh_token = access_token, expires_at = now() where user_id = (select id from users where subject = 'auth0|lapsed')`,
    );
    const { content } = await kai.ask('auth0|lapsed', 'Riverside submittals');
    expect(content).toMatch(/Procore connection (has expired|could not be read)/);
    expect((await kai.call('auth0|lapsed', 'GET', '/api/procore/status')).json().connected).toBe(false);
  });
});

describe('Procore when it is not configured', () => {
  let kai: IssuerApp;
  beforeAll(async () => {
    kai = await startIssuerApp('pglite');
  });
  afterAll(() => kai.close());

  it('says what an administrator must set, and the chat says the source is not set up', async () => {
    const headers = await kai.bearer('auth0|pm');
    const status = await kai.app.inject({ method: 'GET', url: '/api/procore/status', headers });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ configured: false, connected: false, company: null, hint: expect.stringContaining('PROCORE_CLIENT_ID') });
    const authUrl = await kai.app.inject({ method: 'GET', url: '/api/procore/auth-url', headers });
    expect(authUrl.statusCode).toBe(409);
    expect(authUrl.json().error).toMatchObject({ code: 'procore_not_configured', message: expect.stringContaining('PROCORE_CLIENT_SECRET') });
    const chat = await kai.app.inject({
      method: 'POST',
      url: '/api/chat',
      headers,
      payload: { message: 'Riverside subcontracts', source: 'procore' },
    });
    expect(chat.json().message.content).toContain('Procore is not set up on this KAI server');
  });
});
