import { describe, expect, it } from 'vitest';
import { writeJsonDocument } from './json-stream';

async function* rows(count: number, size = 10) {
  for (let i = 0; i < count; i++) yield { i, text: 'x'.repeat(size) };
}

const collect = async (pieces: AsyncIterable<string>) => {
  const all: string[] = [];
  for await (const piece of pieces) all.push(piece);
  return all;
};

describe('writeJsonDocument', () => {
  it('writes the head and each section as one valid JSON object', async () => {
    const text = (
      await collect(
        writeJsonDocument({ a: 1 }, [
          ['empty', () => rows(0)],
          ['some', () => rows(2)],
        ]),
      )
    ).join('');
    expect(JSON.parse(text)).toEqual({
      a: 1,
      empty: [],
      some: [
        { i: 0, text: 'x'.repeat(10) },
        { i: 1, text: 'x'.repeat(10) },
      ],
    });
  });

  it('works with an empty head', async () => {
    expect(JSON.parse((await collect(writeJsonDocument({}, [['rows', () => rows(1)]]))).join(''))).toEqual({
      rows: [{ i: 0, text: 'x'.repeat(10) }],
    });
  });

  it('hands the text on in bounded pieces', async () => {
    const pieces = await collect(writeJsonDocument({}, [['rows', () => rows(1000, 1000)]]));
    expect(pieces.length).toBeGreaterThan(10);
    expect(Math.max(...pieces.map((p) => p.length))).toBeLessThan(70 * 1024);
    expect(JSON.parse(pieces.join('')).rows).toHaveLength(1000);
  });
});
