import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postHugeUpload } from '../../test/huge-upload';
import { startIssuerApp, type IssuerApp } from '../../test/issuer-app';

describe('vendor-list upload limits', () => {
  let kai: IssuerApp;

  beforeAll(async () => {
    kai = await startIssuerApp('pglite', { KAI_UPLOAD_MAX_FILE_BYTES: String(1024 * 1024) });
  });
  afterAll(() => kai.close());

  it('answers 413 as soon as a vendor list crosses the limit, without reading the rest of the body', async () => {
    const outcome = await postHugeUpload(kai.app, {
      path: '/api/upload-vendor-list',
      field: 'file',
      filename: 'vendors.csv',
      headers: await kai.bearer('clerk'),
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
