/**
 * A small WebM (Matroska) demuxer for the one case voice input meets: a browser's MediaRecorder
 * recording with an Opus audio track. It returns the Opus packets for a libopus decoder.
 *
 * Matroska is EBML: each element is an ID (a variable-length integer that keeps its marker bit),
 * a size (a variable-length integer without it; all ones means "unknown size") and the payload.
 * MediaRecorder streams, so the Segment and its Clusters have unknown sizes. Instead of building
 * a tree, the scan below walks the file once: it steps *into* the containers that hold blocks
 * (Segment, Cluster, BlockGroup) and *over* everything else, so an unknown size never needs to be
 * resolved. Every step moves forward, which bounds the work on hostile bytes.
 */

const ID = {
  segment: 0x18538067,
  cluster: 0x1f43b675,
  blockGroup: 0xa0,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackNumber: 0xd7,
  codecId: 0x86,
  codecPrivate: 0x63a2,
  audio: 0xe1,
  channels: 0x9f,
  simpleBlock: 0xa3,
  block: 0xa1,
} as const;

interface OpusHead {
  channels: number;
  preSkip: number;
  /** Only for more than two channels (channel mapping family 1). */
  mapping?: { streamCount: number; coupledStreamCount: number; channelMappingTable: number[] };
}

export interface OpusTrack {
  head: OpusHead;
  packets: Uint8Array[];
  /** Set when the file is WebM but its audio is not something we decode. */
  unsupported?: string;
}

interface Vint {
  value: number;
  length: number;
  unknown: boolean;
}

/** Reads a variable-length integer; `keepMarker` for element IDs. */
function readVint(bytes: Uint8Array, at: number, keepMarker: boolean): Vint {
  const first = bytes[at];
  if (first === undefined || first === 0) throw new Error('bad EBML length marker');
  const length = Math.clz32(first) - 23; // 1..8: the leading zero bits of the first byte, plus one
  if (at + length > bytes.length) throw new Error('truncated EBML integer');
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + bytes[at + i];
    allOnes &&= bytes[at + i] === 0xff;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

interface Element {
  id: number;
  start: number;
  /** Where the payload ends; the end of the buffer for an unknown size or an overlong one. */
  end: number;
  unknown: boolean;
}

function readElement(bytes: Uint8Array, at: number): Element {
  const id = readVint(bytes, at, true);
  const size = readVint(bytes, at + id.length, false);
  const start = at + id.length + size.length;
  const end = size.unknown ? bytes.length : Math.min(bytes.length, start + size.value);
  return { id: id.value, start, end, unknown: size.unknown };
}

const readUint = (bytes: Uint8Array, start: number, end: number) => bytes.subarray(start, end).reduce((value, byte) => value * 256 + byte, 0);

/** The channel count, pre-skip and channel mapping of an Opus identification header. */
function parseOpusHead(data: Uint8Array | undefined, channelsElement: number | undefined): OpusHead {
  const isHead = data !== undefined && data.length >= 19 && String.fromCharCode(...data.subarray(0, 8)) === 'OpusHead';
  if (!isHead) return { channels: channelsElement ?? 1, preSkip: 0 };
  const channels = data[9];
  const preSkip = data[10] | (data[11] << 8);
  if (data[18] === 0 || channels <= 2 || data.length < 21 + channels) return { channels, preSkip };
  const channelMappingTable = [...data.subarray(21, 21 + channels)];
  return { channels, preSkip, mapping: { streamCount: data[19], coupledStreamCount: data[20], channelMappingTable } };
}

interface TrackInfo {
  number?: number;
  codec?: string;
  privateData?: Uint8Array;
  channels?: number;
}

function parseTrackEntry(bytes: Uint8Array, start: number, end: number): TrackInfo {
  const track: TrackInfo = {};
  for (let at = start; at < end;) {
    const element = readElement(bytes, at);
    if (element.id === ID.audio) {
      at = element.start; // step into Audio for its Channels
      continue;
    }
    if (element.id === ID.trackNumber) track.number = readUint(bytes, element.start, element.end);
    if (element.id === ID.codecId) track.codec = String.fromCharCode(...bytes.subarray(element.start, Math.min(element.end, element.start + 64)));
    if (element.id === ID.codecPrivate) track.privateData = bytes.subarray(element.start, element.end);
    if (element.id === ID.channels) track.channels = readUint(bytes, element.start, element.end);
    at = element.end;
  }
  return track;
}

function parseTracks(bytes: Uint8Array, start: number, end: number): TrackInfo[] {
  const tracks: TrackInfo[] = [];
  for (let at = start; at < end;) {
    const element = readElement(bytes, at);
    if (element.id === ID.trackEntry) tracks.push(parseTrackEntry(bytes, element.start, element.end));
    at = element.end;
  }
  return tracks;
}

/**
 * The frames of one Block or SimpleBlock of our track: track number, 16-bit timecode, flags, then
 * the data. Opus in WebM is normally one packet per block, but lacing (Xiph, fixed-size or EBML)
 * packs several; their sizes come first.
 */
function blockFrames(bytes: Uint8Array, start: number, end: number, trackNumber: number): Uint8Array[] {
  const track = readVint(bytes, start, false);
  if (track.value !== trackNumber) return [];
  let at = start + track.length + 3;
  if (at > end) throw new Error('truncated block');
  const lacing = (bytes[at - 1] >> 1) & 3;
  if (lacing === 0) return [bytes.subarray(at, end)];
  if (at >= end) throw new Error('truncated block');
  const count = bytes[at++] + 1;
  const sizes: number[] = [];
  if (lacing === 1) {
    for (let i = 0; i < count - 1; i++) {
      let size = 0;
      while (at < end && bytes[at] === 255) size += bytes[at++];
      size += bytes[at++] ?? 0;
      sizes.push(size);
    }
  } else if (lacing === 3) {
    let size = 0;
    for (let i = 0; i < count - 1; i++) {
      const vint = readVint(bytes, at, false);
      // After the first, sizes are signed differences, stored with a bias of 2^(7n-1) - 1.
      size = i === 0 ? vint.value : size + vint.value - (2 ** (7 * vint.length - 1) - 1);
      at += vint.length;
      sizes.push(size);
    }
  }
  if (lacing === 2) sizes.push(...Array<number>(count - 1).fill(Math.floor((end - at) / count)));
  const frames: Uint8Array[] = [];
  for (const size of sizes) {
    if (size < 0 || at + size > end) throw new Error('bad block lacing');
    frames.push(bytes.subarray(at, at + size));
    at += size;
  }
  frames.push(bytes.subarray(at, end)); // the last frame takes the rest
  return frames;
}

/** Stepped into rather than over: the containers on the way to the blocks. */
const CONTAINERS: ReadonlySet<number> = new Set([ID.segment, ID.cluster, ID.blockGroup]);

/** Throws a plain Error on broken structure; the caller reports it as an invalid recording. */
export function demuxWebmOpus(bytes: Uint8Array): OpusTrack {
  let tracks: TrackInfo[] | undefined;
  let opus: TrackInfo | undefined;
  const packets: Uint8Array[] = [];
  for (let at = 0; at < bytes.length;) {
    let element: Element;
    try {
      element = readElement(bytes, at);
    } catch (error) {
      // A recording cut off mid-element still gives the packets before the cut.
      if (packets.length > 0) break;
      throw error;
    }
    if (CONTAINERS.has(element.id)) {
      at = element.start;
      continue;
    }
    if (element.unknown) throw new Error('an element of unknown size where one is not allowed');
    if (element.id === ID.tracks) {
      tracks = parseTracks(bytes, element.start, element.end);
      opus = tracks.find((track) => track.codec === 'A_OPUS' && track.number !== undefined);
    } else if ((element.id === ID.simpleBlock || element.id === ID.block) && opus) {
      packets.push(...blockFrames(bytes, element.start, element.end, opus.number!));
    }
    at = element.end;
  }
  if (!tracks) throw new Error('no track list');
  const head = parseOpusHead(opus?.privateData, opus?.channels);
  if (!opus) {
    const audio = tracks.find((track) => track.codec?.startsWith('A_'))?.codec;
    return { head, packets, unsupported: audio ? `This WebM file holds ${audio.slice(2)} audio, not Opus.` : 'This WebM file holds no audio.' };
  }
  if (head.channels < 1 || head.channels > 8 || (head.channels > 2 && !head.mapping)) {
    return { head, packets, unsupported: `This recording has ${head.channels} channels.` };
  }
  return { head, packets };
}
