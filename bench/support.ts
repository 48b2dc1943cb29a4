import { loadConfig } from '../server/config';
import type { FakeIssuer } from '../server/test/fake-issuer';

export const BENCH_AUDIENCE = 'https://kai.bench/api';

/** Config of a benchmarked KAI: quiet, no web build, tokens from the fake issuer. */
export function benchConfig(issuer: FakeIssuer, extra: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    KAI_WEB_DIST: '/nonexistent',
    OIDC_ISSUER: issuer.issuer,
    OIDC_CLIENT_ID: 'bench',
    OIDC_AUDIENCE: BENCH_AUDIENCE,
    ...extra,
  });
}

/** Access tokens for `count` distinct users. */
export function benchTokens(issuer: FakeIssuer, count: number): Promise<string[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => issuer.sign({ sub: `bench|${i}`, aud: BENCH_AUDIENCE })));
}
