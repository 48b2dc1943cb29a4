/**
 * A PNG of canvas pixels without compression, for handing a drawn PDF page to the OCR engine:
 * the same pixels as the deflated PNG canvas writes (so tesseract reads the same page), without
 * the cost of deflating 6 MB of scan grain, which took longer than some pages take to read.
 * Written into one buffer of its final size: a page of 8 MP is 25 MB, and intermediate copies
 * (rows, the zlib stream, the chunk) were four more of them waiting for a garbage collection.
 */
// zlib.crc32 is Node 20.15+ (package.json engines).
import { crc32 } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** The largest stored (uncompressed) deflate block. */
const MAX_BLOCK = 65_535;
/** Chunk framing: length, type and CRC. */
const CHUNK_FRAME = 12;

/** An 8-bit RGB PNG of RGBA pixels (alpha dropped: a drawn page is opaque), stored rather than compressed. */
export function encodeStoredPng(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): Buffer {
  const stride = width * 3 + 1;
  const rawLength = stride * height;
  const blocks = Math.max(1, Math.ceil(rawLength / MAX_BLOCK));
  // zlib header, a 5-byte header per stored block, the rows, Adler-32.
  const zlibLength = 2 + 5 * blocks + rawLength + 4;
  const png = Buffer.alloc(SIGNATURE.length + (CHUNK_FRAME + 13) + (CHUNK_FRAME + zlibLength) + CHUNK_FRAME);
  SIGNATURE.copy(png);
  let at = writeChunk(png, SIGNATURE.length, 'IHDR', 13, (data) => {
    png.writeUInt32BE(width, data);
    png.writeUInt32BE(height, data + 4);
    png[data + 8] = 8; // bits per channel
    png[data + 9] = 2; // RGB
  });
  at = writeChunk(png, at, 'IDAT', zlibLength, (data) => writeStoredZlib(png, data, rgba, width, height));
  writeChunk(png, at, 'IEND', 0, () => {});
  return png;
}

/** Writes length, type, data (by `fill`, from the offset it is given) and CRC; returns the offset after it. */
function writeChunk(png: Buffer, at: number, type: string, length: number, fill: (data: number) => void): number {
  png.writeUInt32BE(length, at);
  png.write(type, at + 4, 'latin1');
  fill(at + 8);
  const end = at + 8 + length;
  png.writeUInt32BE(crc32(png.subarray(at + 4, end)), end);
  return end + 4;
}

/** The rows (each led by filter type 0) as a zlib stream of stored blocks, written at `at`. */
function writeStoredZlib(png: Buffer, at: number, rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): void {
  const stride = width * 3 + 1;
  let remaining = stride * height;
  let out = at;
  png[out++] = 0x78; // deflate, 32 KB window
  png[out++] = 0x01; // no preset dictionary, fastest
  let blockLeft = 0;
  let adler = 1;
  const row = Buffer.alloc(stride);
  for (let y = 0; y < height; y++) {
    for (let x = 0, i = y * width * 4, o = 1; x < width; x++, i += 4) {
      row[o++] = rgba[i];
      row[o++] = rgba[i + 1];
      row[o++] = rgba[i + 2];
    }
    adler = adler32(adler, row);
    for (let offset = 0; offset < stride;) {
      if (blockLeft === 0) {
        blockLeft = Math.min(MAX_BLOCK, remaining);
        png[out] = blockLeft === remaining ? 1 : 0; // BFINAL on the last block; BTYPE 00, stored
        png.writeUInt16LE(blockLeft, out + 1);
        png.writeUInt16LE(blockLeft ^ 0xffff, out + 3);
        out += 5;
      }
      const n = Math.min(blockLeft, stride - offset);
      row.copy(png, out, offset, offset + n);
      out += n;
      offset += n;
      blockLeft -= n;
      remaining -= n;
    }
  }
  png.writeUInt32BE(adler, out);
}

/** Adler-32 continued over `data`, with the modulo taken every 5552 bytes (zlib's NMAX). */
function adler32(adler: number, data: Uint8Array): number {
  let a = adler & 0xffff;
  let b = adler >>> 16;
  for (let i = 0; i < data.length;) {
    for (const end = Math.min(i + 5552, data.length); i < end; i++) {
      a += data[i];
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) >>> 0;
}
