/**
 * A PNG of canvas pixels without compression, for handing a drawn PDF page to the OCR engine:
 * the same pixels as the deflated PNG canvas writes (so tesseract reads the same page), without
 * the cost of deflating 6 MB of scan grain, which took longer than some pages take to read.
 */
// zlib.crc32 is Node 20.15+ (package.json engines).
import { crc32, deflateSync } from 'node:zlib';

/** An 8-bit RGB PNG of RGBA pixels (alpha dropped: a drawn page is opaque), stored rather than compressed. */
export function encodeStoredPng(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): Buffer {
  const stride = width * 3 + 1;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    // Each row starts with its filter type, 0 (none), which Buffer.alloc already wrote.
    let out = y * stride + 1;
    for (let i = y * width * 4, end = i + width * 4; i < end; i += 4) {
      raw[out++] = rgba[i];
      raw[out++] = rgba[i + 1];
      raw[out++] = rgba[i + 2];
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 0 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}
