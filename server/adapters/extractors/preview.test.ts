import { afterAll, describe, expect, it } from 'vitest';
import { ExtractorPool, renderPdfPreview } from './extract';
import { makeTextPdf } from './test-fixtures';

const pool = new ExtractorPool({ size: 1 });
afterAll(() => pool.close());

describe('renderPdfPreview (in the worker sandbox)', () => {
  it('draws the first page as a PNG of the asked width', async () => {
    const png = Buffer.from(await renderPdfPreview({ bytes: makeTextPdf([[[72, 760, 'Page one']], [[72, 760, 'Page two']]]) }, { width: 400, pool }));
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(400);
    expect(png.readUInt32BE(20)).toBeGreaterThan(400); // portrait page
  });

  it('refuses what is not a PDF with the same readable errors as extraction', async () => {
    const error = await renderPdfPreview({ bytes: Buffer.from('a,b\n1,2\n') }, { width: 400, pool }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'unsupported' });
  });
});
