import { describe, expect, it } from 'vitest';
import { redactUrl } from './logger';

describe('redactUrl', () => {
  it('keeps paths and harmless parameters, hides credential-like values', () => {
    expect(redactUrl('/?code=abc123&state=xyz&iss=http%3A%2F%2Fx')).toBe('/?code=redacted&state=redacted&iss=http%3A%2F%2Fx');
    expect(redactUrl('/oidc/session/end?id_token_hint=eyJ.a.b')).toBe('/oidc/session/end?id_token_hint=redacted');
    expect(redactUrl('/api/user/current')).toBe('/api/user/current');
    expect(redactUrl('/invite/AbC-123_xyz?x=1')).toBe('/invite/redacted?x=1');
  });
});
