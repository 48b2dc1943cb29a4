/**
 * Bounds what pdf.js may inflate, before pdf.js opens the file. pdf.js decodes a compressed
 * stream in full and keeps it, so a 1 MB PDF whose content stream inflated to 1 GB became "ready"
 * with +1 GB of memory (issue 10). Here every stream's compression filters are decoded with
 * node:zlib, counting the output as it comes and keeping none of it: past the total
 * (maxUncompressedBytes) or, beyond 1 MB, past the ratio (maxCompressionRatio), the PDF is refused.
 * The data is read to the compressed format's own end, not to /Length, which a bomb may understate.
 *
 * Left to pdf.js, and to the pool's memory watchdog: encrypted streams, LZW and RunLength, and
 * image codecs (DCT, JPX, JBIG2, CCITT), which pdf.js decodes only to the size the image declares.
 */
import { Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { streamDictionary, streamStarts } from './pdf-stream-dict';
import { ExtractionError, type ExtractionLimits } from './types';

const MB = 1024 * 1024;
const RATIO_CHECK_FROM = MB;
/** Output a stream may reach in one synchronous call; larger ones go through a streaming counter. */
const SYNC_OUTPUT = MB;
const CHUNK = 64 * 1024;

type PdfLimits = Pick<ExtractionLimits, 'maxUncompressedBytes' | 'maxCompressionRatio'>;
type Codec = 'FlateDecode' | 'BrotliDecode';

export async function checkPdfStreams(bytes: Uint8Array, limits: PdfLimits): Promise<void> {
  const pdf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const budget = new Budget(limits);
  for (const start of streamStarts(pdf)) {
    const dict = streamDictionary(pdf, start.keyword);
    const filters = [...dict.filters];
    let input: Buffer = pdf.subarray(start.data);
    // Text encodings may wrap the compressed data; they decode here to reach it.
    while (filters[0] === 'ASCIIHexDecode' || filters[0] === 'ASCII85Decode') {
      input = filters.shift() === 'ASCIIHexDecode' ? decodeAsciiHex(input, budget) : decodeAscii85(input, budget);
    }
    const codecs: Codec[] = [];
    while (filters[0] === 'FlateDecode' || filters[0] === 'BrotliDecode') codecs.push(filters.shift() as Codec);
    // Data that starts like zlib is counted whatever the dictionary says: it may hide from the search.
    if (codecs.length === 0 && isZlib(input)) codecs.push('FlateDecode');
    // pdf.js refuses a FlateDecode stream without a zlib header, so it inflates nothing there either.
    if (codecs.length === 0 || (codecs[0] === 'FlateDecode' && !isZlib(input))) continue;
    if (!countSmall(input, codecs, budget)) await countStreaming(input, codecs, budget, !dict.mayCompressWell);
  }
}

/** The decoded bytes of one PDF, and the refusals when they run over. */
class Budget {
  private used = 0;

  constructor(private readonly limits: PdfLimits) {}

  spend(bytes: number): void {
    this.used += bytes;
    if (this.used > this.limits.maxUncompressedBytes) {
      throw refuse(`its compressed streams would unpack to more than ${Math.round(this.limits.maxUncompressedBytes / MB)} MB.`);
    }
  }

  checkRatio(produced: number, consumed: number): void {
    if (produced > RATIO_CHECK_FROM && produced > this.limits.maxCompressionRatio * Math.max(1, consumed)) {
      throw refuse(`a compressed stream in it expands more than ${this.limits.maxCompressionRatio}-fold, which looks like a compression bomb.`);
    }
  }
}

function refuse(why: string): ExtractionError {
  return new ExtractionError('limits', `The PDF was refused: ${why}`);
}

/** A zlib header as pdf.js checks it: deflate, a valid check value, no preset dictionary. */
function isZlib(data: Buffer): boolean {
  return data.length >= 2 && (data[0] & 0x0f) === 8 && ((data[0] << 8) + data[1]) % 31 === 0 && (data[1] & 0x20) === 0;
}

/**
 * Decodes a stream whose every stage stays under SYNC_OUTPUT in one call each, which is nearly
 * every stream of an ordinary PDF. False when a stage is larger or damaged: the streaming counter
 * then takes the stream from the start.
 */
function countSmall(input: Buffer, codecs: Codec[], budget: Budget): boolean {
  let data = input;
  let decoded = 0;
  for (const codec of codecs) {
    try {
      const options = { maxOutputLength: SYNC_OUTPUT };
      data = codec === 'FlateDecode' ? zlib.inflateSync(data, options) : zlib.brotliDecompressSync(data, options);
    } catch {
      return false;
    }
    decoded += data.length;
  }
  budget.spend(decoded);
  return true;
}

/** Pipes the stream through its decoders, counting each stage's output and discarding the last. */
async function countStreaming(input: Buffer, codecs: Codec[], budget: Budget, ratioApplies: boolean): Promise<void> {
  const stages = codecs.flatMap((codec) => {
    const decoder = codec === 'FlateDecode' ? zlib.createInflate({ chunkSize: CHUNK }) : zlib.createBrotliDecompress({ chunkSize: CHUNK });
    let produced = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        produced += chunk.length;
        try {
          budget.spend(chunk.length);
          if (ratioApplies) budget.checkRatio(produced, decoder.bytesWritten);
        } catch (error) {
          return done(error as Error);
        }
        done(null, chunk);
      },
    });
    return [decoder, counter];
  });
  const discard = new Writable({ write: (_chunk, _encoding, done) => done() });
  try {
    await pipeline([Readable.from([input]), ...stages, discard]);
  } catch (error) {
    // Damaged data stops pdf.js at the same place; what inflated before it has been counted.
    if (error instanceof ExtractionError) throw error;
  }
}

/** ASCIIHexDecode up to its `>`, as pdf.js reads it (other characters skipped). */
function decodeAsciiHex(input: Buffer, budget: Budget): Buffer {
  const end = endOf(input, 0x3e);
  // The text itself is charged, so a run of fake nested streams cannot make this scan quadratic.
  budget.spend(end);
  const out = Buffer.alloc(Math.ceil(end / 2));
  let length = 0;
  let high = -1;
  for (let i = 0; i < end; i++) {
    const digit = hexDigit(input[i]);
    if (digit < 0) continue;
    if (high < 0) {
      high = digit;
    } else {
      out[length++] = high * 16 + digit;
      high = -1;
    }
  }
  if (high >= 0) out[length++] = high * 16;
  return out.subarray(0, length);
}

/** ASCII85Decode up to its `~`, as pdf.js reads it: whitespace skipped, `z` for four zero bytes. */
function decodeAscii85(input: Buffer, budget: Budget): Buffer {
  const end = endOf(input, 0x7e);
  let zeros = 0;
  for (let i = 0; i < end; i++) if (input[i] === 0x7a) zeros++;
  // The text is charged as in decodeAsciiHex, and each `z` for the four bytes it stands for.
  budget.spend(end + zeros * 4);
  const out = Buffer.alloc(end + zeros * 4);
  let length = 0;
  const group: number[] = [];
  const flush = (count: number) => {
    let value = 0;
    for (let j = 0; j < 5; j++) value = value * 85 + (group[j] ?? 84);
    for (let j = 0; j < count; j++) out[length++] = (value >>> (24 - 8 * j)) & 0xff;
    group.length = 0;
  };
  for (let i = 0; i < end; i++) {
    const c = input[i];
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00) continue;
    if (c === 0x7a && group.length === 0) {
      length += 4;
      continue;
    }
    group.push(c - 0x21);
    if (group.length === 5) flush(4);
  }
  if (group.length > 1) flush(group.length - 1);
  return out.subarray(0, length);
}

function endOf(input: Buffer, marker: number): number {
  const at = input.indexOf(marker);
  return at < 0 ? input.length : at;
}

function hexDigit(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if ((c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66)) return (c & 0x0f) + 9;
  return -1;
}
