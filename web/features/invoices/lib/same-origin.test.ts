import { describe, expect, it } from 'vitest';
import { assertSameOrigin } from './same-origin';

describe('assertSameOrigin', () => {
  it('lets paths on this site through and refuses other origins', () => {
    expect(assertSameOrigin('/api/invoices/inv-1/preview')).toBe('/api/invoices/inv-1/preview');
    expect(assertSameOrigin(`${window.location.origin}/api/x`)).toBe(`${window.location.origin}/api/x`);
    expect(() => assertSameOrigin('https://elsewhere.example/steal')).toThrow(/not this site/);
    expect(() => assertSameOrigin('//elsewhere.example/steal')).toThrow(/not this site/);
  });
});
