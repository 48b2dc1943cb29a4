/**
 * ooxml-guard inflates every part with yauzl, but exceljs and mammoth read the archive again with
 * JSZip, which finds parts differently: it reads every directory record up to the end record
 * whatever the count says, shifts all offsets when the directory does not end where the end record
 * starts, and reads ZIP64 records only when the classic fields overflow. So a directory that does
 * not add up exactly could show JSZip parts yauzl never counted. Office never writes one.
 */
import type yauzl from 'yauzl';

const END_OF_DIRECTORY = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const ZIP64_LOCATOR = 0x07064b50;
const END_RECORD_SIZE = 22;
const DIRECTORY_RECORD_SIZE = 46;

/** True when the end record, the directory and the parts yauzl read describe one and the same archive. */
export function directoryAddsUp(bytes: Uint8Array, entries: readonly yauzl.Entry[]): boolean {
  const zip = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // JSZip takes the last signature in the file; it must be the record yauzl found at the very end.
  const end = zip.lastIndexOf(END_OF_DIRECTORY);
  if (end < 0 || end + END_RECORD_SIZE > zip.length || end + END_RECORD_SIZE + zip.readUInt16LE(end + 20) !== zip.length) return false;
  // ZIP64 is only needed past 65,535 parts or 4 GB, far over the limits; readers disagree on when it applies.
  if (end >= 20 && zip.readUInt32LE(end - 20) === ZIP64_LOCATOR) return false;
  const count = zip.readUInt16LE(end + 10);
  const size = zip.readUInt32LE(end + 12);
  const offset = zip.readUInt32LE(end + 16);
  const records = entries.reduce(
    (sum, entry) => sum + DIRECTORY_RECORD_SIZE + entry.fileNameLength + entry.extraFieldLength + entry.fileCommentLength,
    0,
  );
  return count === entries.length && records === size && offset + size === end;
}
