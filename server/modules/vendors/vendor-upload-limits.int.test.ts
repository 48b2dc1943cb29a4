import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { createTestDatabase, type TestDatabase } from '../../test/databases';
import { FakeIssuer } from '../../test/fake-issuer';
import { postHugeUpload } from '../../test/huge-upload';

const AUDIENCE = 'https://kai.example.com/api';

describe('vendor-list upload limits', () => {
  let issuer: FakeIssuer;
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildTestApp>>['app'];

  beforeAll(async () => {
    issuer = await new FakeIssuer().start();
    database = await createTestDatabase('pglite');
    ({ app } = await buildTestApp(database.handle, {
      OIDC_ISSUER: issuer.issuer,
      OIDC_CLIENT_ID: 'spa',
      OIDC_AUDIENCE: AUDIENCE,
      KAI_UPLOAD_MAX_FILE_BYTES: String(1024 * 1024),
    }));
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
    await issuer.stop();
  });

  it('answers 413 as soon as a vendor list crosses the limit, without reading the rest of the body', async () => {
    const token = await issuer.sign({ sub: 'clerk', aud: AUDIENCE });
    const outcome = await postHugeUpload(app, {
      path: '/api/upload-vendor-list',
      field: 'file',
      filename: 'vendors.csv',
      headers: { authorization: `Bearer ${token}` },
      totalBytes: 200 * 1024 * 1024,
      head: 'Vendor Code,Vendor Name\n100,Acme Concrete\n',
    });
    // The client sees the 413, or (when the hang-up races its writes) a reset; either way KAI stopped reading.
    if (outcome.status !== undefined) {
      expect(outcome.status).toBe(413);
      expect(JSON.parse(outcome.body ?? '{}').error.code).toBe('file_too_large');
    } else {
      expect(outcome.error).toMatch(/ECONNRESET|EPIPE|socket hang up/);
    }
    expect(outcome.sent).toBeLessThan(outcome.total / 4);
  });
});
