import { describe, expect, it } from 'vitest';
import { parseProcoreJson } from './procore-json';

describe('parseProcoreJson', () => {
  it('keeps ids beyond 2^53 exact, as strings', () => {
    const text = '{"id": 18014398509481993, "vendor": {"id":9007199254742001,"company":"Bright Line"}}';
    expect(parseProcoreJson(text)).toEqual({ id: '18014398509481993', vendor: { id: '9007199254742001', company: 'Bright Line' } });
    // What plain JSON.parse would have made of it.
    expect(String((JSON.parse(text) as { id: number }).id)).not.toBe('18014398509481993');
  });

  it('turns every id-named integer into a string, small ones and arrays of ids too', () => {
    const parsed = parseProcoreJson('[{"id":12,"project_id":34,"vendor_ids":[5, 6],"position":7}]') as Array<Record<string, unknown>>;
    expect(parsed[0]).toEqual({ id: '12', project_id: '34', vendor_ids: ['5', '6'], position: 7 });
  });

  it('keeps decimals as written (money and percentages never pass through a double)', () => {
    const parsed = parseProcoreJson('{"amount": 412000.10, "percentage_paid": 95.0, "rate": 1e3, "count": -3}');
    expect(parsed).toEqual({ amount: '412000.10', percentage_paid: '95.0', rate: '1e3', count: -3 });
  });

  it('leaves numbers inside strings, escaped quotes and keys alone', () => {
    const text = '{"title":"SC-014 \\"id\\": 123456789012345678901","id":"abc","n":[1,{"id":2},3],"x":true,"y":null}';
    expect(parseProcoreJson(text)).toEqual({ title: 'SC-014 "id": 123456789012345678901', id: 'abc', n: [1, { id: '2' }, 3], x: true, y: null });
  });

  it('still refuses text that is not JSON', () => {
    expect(() => parseProcoreJson('<html>')).toThrow();
  });
});
