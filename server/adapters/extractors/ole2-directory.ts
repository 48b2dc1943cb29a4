/**
 * Names of the streams in an OLE2 compound file (legacy Office: .xls, .doc, .ppt, encrypted
 * OOXML), read from its header, FAT and directory sectors within the bytes given. Tells a
 * workbook from a Word document without parsing either; it never reads stream contents.
 */

const OLE2_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

export interface Ole2Directory {
  /** Names of the streams and storages at the top level (an embedded object's streams sit deeper). */
  names: Set<string>;
  /** complete: the whole directory was read; beyond: part of it lies past the bytes given; invalid: the header or chain is broken. */
  state: 'complete' | 'beyond' | 'invalid';
}

/** One 128-byte directory entry; left/right are siblings, child the first entry inside a storage. */
interface DirectoryEntry {
  name: string;
  left: number;
  right: number;
  child: number;
}

const END_OF_CHAIN = 0xfffffffe;
/** Sector numbers above this are markers (free, FAT, DIFAT), never a place. */
const MAX_SECTOR = 0xfffffffa;
const HEADER_DIFAT_ENTRIES = 109;
const ENTRY_BYTES = 128;
const NO_STREAM = 0xffffffff;
/** A directory this long is hostile, not a spreadsheet. */
const MAX_DIRECTORY_SECTORS = 4096;

export function isOle2(bytes: Uint8Array): boolean {
  return bytes.length >= OLE2_MAGIC.length && OLE2_MAGIC.every((byte, i) => bytes[i] === byte);
}

export function readOle2Directory(bytes: Uint8Array): Ole2Directory {
  const entries: Array<DirectoryEntry | undefined> = [];
  const state = readEntries(bytes, entries);
  return { names: topLevelNames(entries), state };
}

/** The root's children: a red-black tree of siblings under the root entry's child. */
function topLevelNames(entries: Array<DirectoryEntry | undefined>): Set<string> {
  const names = new Set<string>();
  const pending = [entries[0]?.child ?? NO_STREAM];
  const visited = new Set<number>();
  while (pending.length > 0) {
    const id = pending.pop()!;
    const entry = entries[id];
    if (id === NO_STREAM || visited.has(id) || !entry) continue;
    visited.add(id);
    names.add(entry.name);
    pending.push(entry.left, entry.right);
  }
  return names;
}

/** Pushes every entry of the directory chain in stream-id order (undefined for unused ones). */
function readEntries(bytes: Uint8Array, entries: Array<DirectoryEntry | undefined>): Ole2Directory['state'] {
  if (!isOle2(bytes)) return 'invalid';
  if (bytes.length < 512) return 'beyond';
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const shift = view.getUint16(30, true);
  if (shift !== 9 && shift !== 12) return 'invalid';
  const sectorSize = 1 << shift;
  const offsetOf = (sector: number) => (sector + 1) * sectorSize;

  /** The next sector of a chain from the FAT, or a state when it cannot be read. */
  const nextSector = (sector: number): number | Ole2Directory['state'] => {
    const perFatSector = sectorSize / 4;
    const fatIndex = Math.floor(sector / perFatSector);
    // FAT sectors past the header's 109 are listed in DIFAT sectors; a directory that far in is not worth chasing.
    if (fatIndex >= HEADER_DIFAT_ENTRIES) return 'beyond';
    const fatSector = view.getUint32(76 + fatIndex * 4, true);
    if (fatSector > MAX_SECTOR) return 'invalid';
    const at = offsetOf(fatSector) + (sector % perFatSector) * 4;
    return at + 4 <= bytes.length ? view.getUint32(at, true) : 'beyond';
  };

  let sector = view.getUint32(48, true);
  const seen = new Set<number>();
  while (sector !== END_OF_CHAIN) {
    if (seen.has(sector) || seen.size >= MAX_DIRECTORY_SECTORS || sector > MAX_SECTOR) return 'invalid';
    seen.add(sector);
    const start = offsetOf(sector);
    if (start + sectorSize > bytes.length) return 'beyond';
    for (let at = start; at < start + sectorSize; at += ENTRY_BYTES) {
      const type = bytes[at + 66];
      const nameBytes = view.getUint16(at + 64, true);
      const valid = type !== 0 && nameBytes >= 2 && nameBytes <= 64;
      entries.push(
        valid
          ? {
              name: Buffer.from(bytes.buffer, bytes.byteOffset + at, nameBytes - 2).toString('utf16le'),
              left: view.getUint32(at + 68, true),
              right: view.getUint32(at + 72, true),
              child: view.getUint32(at + 76, true),
            }
          : undefined,
      );
    }
    const next = nextSector(sector);
    if (typeof next !== 'number') return next;
    sector = next;
  }
  return 'complete';
}
