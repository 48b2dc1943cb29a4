import { describe, expect, it } from 'vitest';
import { parseTtl } from './ttl';

describe('parseTtl', () => {
  it('reads seconds, minutes and hours', () => {
    expect(parseTtl('3600')).toBe(3600);
    expect(parseTtl('3600s')).toBe(3600);
    expect(parseTtl('30m')).toBe(1800);
    expect(parseTtl('1h')).toBe(3600);
    expect(parseTtl('24H')).toBe(86_400);
  });

  it('rejects anything else', () => {
    for (const bad of ['', '0', '-5', '1d', '1.5h', 'h', '10 minutes']) expect(parseTtl(bad)).toBeUndefined();
  });
});
