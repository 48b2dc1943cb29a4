import { createCanvas, loadImage } from '@napi-rs/canvas';
import { inflateSync } from 'node:zlib';
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

  it('splits rows over stored blocks of at most 64 KB, and zlib reads them back', async () => {
    const width = 173;
    const height = 301;
    const pixels = new Uint8ClampedArray(width * height * 4).map((_, i) => (i * 7919) % 251);
    const png = encodeStoredPng(pixels, width, height);
    const idat = png.indexOf('IDAT');
    const raw = inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4)));
    expect(raw.length).toBe((width * 3 + 1) * height);
    expect(raw[0]).toBe(0);
    expect([...raw.subarray(1 + 3 * 40, 1 + 3 * 41)]).toEqual([...pixels.subarray(4 * 40, 4 * 40 + 3)]);
    const last = (width * 3 + 1) * (height - 1);
    expect([...raw.subarray(last + 1, last + 4)]).toEqual([...pixels.subarray(4 * width * (height - 1), 4 * width * (height - 1) + 3)]);
    const decoded = createCanvas(width, height);
    decoded.getContext('2d').drawImage(await loadImage(png), 0, 0);
    expect(decoded.getContext('2d').getImageData(width - 1, height - 1, 1, 1).data[2]).toBe(pixels[pixels.length - 2]);
  });
});
