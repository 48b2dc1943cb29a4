import type { AuthConfigResponse } from '@contract/auth';
import { describe, expect, it } from 'vitest';
import { buildUserManagerSettings, clearIdentityCache, isRedirectRegistrationError, readReturnTo } from './user-manager';

const config: AuthConfigResponse = {
  authority: 'https://id.example.com/',
  clientId: 'kai-web',
  scope: 'openid profile email offline_access',
  devMode: false,
  provider: 'external',
};

describe('OIDC client settings', () => {
  it('redirects to the site origin and renews with refresh tokens only', () => {
    const settings = buildUserManagerSettings(config);
    expect(settings.redirect_uri).toBe(`${window.location.origin}/`);
    expect(settings.post_logout_redirect_uri).toBe(`${window.location.origin}/`);
    expect(settings.scope).toBe('openid profile email offline_access');
    expect(settings.response_type).toBe('code');
    expect(settings.automaticSilentRenew).toBe(true);
    expect(settings.silent_redirect_uri).toBeUndefined();
    expect(settings.requestTimeoutInSeconds).toBe(10);
    expect(settings.accessTokenExpiringNotificationTimeInSeconds).toBe(60);
  });

  it('sends the audience parameter only when the server names one', () => {
    expect(buildUserManagerSettings(config).extraQueryParams).toBeUndefined();
    expect(buildUserManagerSettings({ ...config, audience: 'https://api.kai' }).extraQueryParams).toEqual({
      audience: 'https://api.kai',
    });
  });
});

describe('sign-in helpers', () => {
  it('returns only to same-origin paths', () => {
    expect(readReturnTo({ returnTo: '/invoice-processing?tab=2' })).toBe('/invoice-processing?tab=2');
    expect(readReturnTo({ returnTo: '//evil.example.com' })).toBe('/');
    expect(readReturnTo({ returnTo: 'https://evil.example.com' })).toBe('/');
    expect(readReturnTo(undefined)).toBe('/');
  });

  it("clears only the identity cache entries ('oidc.' keys)", () => {
    window.localStorage.setItem('oidc.user:https://id.example.com/:kai-web', '{}');
    window.localStorage.setItem('oidc.abc123', '{}');
    window.localStorage.setItem('darkMode', 'true');
    clearIdentityCache();
    expect(window.localStorage.getItem('oidc.abc123')).toBeNull();
    expect(window.localStorage.getItem('oidc.user:https://id.example.com/:kai-web')).toBeNull();
    expect(window.localStorage.getItem('darkMode')).toBe('true');
  });

  it("recognises 'Unauthorized' and 'Invalid state' errors", () => {
    expect(isRedirectRegistrationError(new Error('Unauthorized'))).toBe(true);
    expect(isRedirectRegistrationError(new Error('Invalid state in storage'))).toBe(true);
    expect(isRedirectRegistrationError(new Error('timeout'))).toBe(false);
  });
});
