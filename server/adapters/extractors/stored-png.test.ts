import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { encodeStoredPng } from './stored-png';

describe('encodeStoredPng', () => {
  it('writes a PNG that decodes to the same pixels as the canvas it came from', async () => {
    const canvas = createCanvas(31, 17);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, 31, 17);
    ctx.fillStyle = 'rgb(200, 40, 90)';
    ctx.fillRect(3, 4, 10, 6);
    ctx.fillStyle = '#123';
    ctx.font = '12px "DejaVu Sans", sans-serif';
    ctx.fillText('Ab', 14, 14);
    const pixels = ctx.getImageData(0, 0, 31, 17).data;
    const png = encodeStoredPng(pixels, 31, 17);

    const decoded = createCanvas(31, 17);
    decoded.getContext('2d').drawImage(await loadImage(png), 0, 0);
    expect(Buffer.from(decoded.getContext('2d').getImageData(0, 0, 31, 17).data)).toEqual(Buffer.from(pixels));
    // Stored, not compressed: three bytes a pixel and one a row, plus the PNG and zlib framing.
    expect(png.length).toBeGreaterThan(17 * (31 * 3 + 1));
  });
});
