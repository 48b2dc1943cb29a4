/**
 * Recordings in, mono samples out: WAV (PCM or float), Ogg Opus and WebM Opus (what browsers'
 * MediaRecorder writes). Decoding runs in-process (WebAssembly libopus), so no ffmpeg is needed.
 * Hostile bytes end in an AudioFormatError, never a hang: every loop moves forward through a
 * bounded buffer.
 */
import { OggOpusDecoder } from 'ogg-opus-decoder';
import { OpusDecoder } from 'opus-decoder';
import { demuxWebmOpus, type OpusTrack } from './webm-opus';

export type RecordingFormat = 'wav' | 'ogg-opus' | 'webm-opus';

export interface DecodedRecording {
  /** Mono, -1..1. */
  samples: Float32Array;
  sampleRate: number;
  durationSeconds: number;
  format: RecordingFormat;
}

export class AudioFormatError extends Error {
  constructor(
    message: string,
    readonly code: 'unsupported_audio' | 'invalid_audio',
  ) {
    super(message);
    this.name = 'AudioFormatError';
  }
}

const UNSUPPORTED = 'Voice input accepts WAV, Ogg or WebM (Opus) recordings.';
const invalid = (what: string) => new AudioFormatError(`The recording could not be read: ${what}.`, 'invalid_audio');

const ascii = (bytes: Uint8Array, at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));

function detectFormat(bytes: Uint8Array): RecordingFormat {
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WAVE') return 'wav';
  if (bytes.length >= 4 && ascii(bytes, 0, 4) === 'OggS') return 'ogg-opus';
  if (bytes.length >= 4 && bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return 'webm-opus';
  throw new AudioFormatError(UNSUPPORTED, 'unsupported_audio');
}

/**
 * `maxSeconds` bounds the work and memory: a few kilobytes of tiny Opus packets can stand for
 * hours of audio. Decoding stops past it and the result is that long, for the caller's own
 * duration check to refuse.
 */
export async function decodeRecording(bytes: Uint8Array, options: { maxSeconds?: number } = {}): Promise<DecodedRecording> {
  const format = detectFormat(bytes);
  const maxSeconds = options.maxSeconds ?? 300;
  const { samples, sampleRate } =
    format === 'wav'
      ? decodeWav(bytes, maxSeconds)
      : format === 'ogg-opus'
        ? await decodeOgg(bytes, maxSeconds)
        : await decodeWebm(bytes, maxSeconds);
  if (samples.length === 0) throw invalid('it holds no audio');
  return { samples, sampleRate, durationSeconds: samples.length / sampleRate, format };
}

interface WavFormat {
  channels: number;
  sampleRate: number;
  bits: number;
  float: boolean;
}

/** Reads the `fmt ` chunk; WAVE_FORMAT_EXTENSIBLE carries the real format tag in its sub-format GUID. */
function readWavFormat(view: DataView, at: number, size: number): WavFormat {
  if (size < 16) throw invalid('its WAV format chunk is too short');
  let tag = view.getUint16(at, true);
  if (tag === 0xfffe && size >= 26) tag = view.getUint16(at + 24, true);
  const channels = view.getUint16(at + 2, true);
  const sampleRate = view.getUint32(at + 4, true);
  const bits = view.getUint16(at + 14, true);
  if (tag !== 1 && tag !== 3)
    throw new AudioFormatError(`${UNSUPPORTED} This WAV file is compressed (format ${tag}); save it as PCM.`, 'unsupported_audio');
  const float = tag === 3;
  const bitsOk = float ? bits === 32 || bits === 64 : [8, 16, 24, 32].includes(bits);
  if (!bitsOk) throw new AudioFormatError(`${UNSUPPORTED} ${bits}-bit WAV samples are not supported.`, 'unsupported_audio');
  if (channels < 1 || channels > 32) throw invalid(`it claims ${channels} channels`);
  if (sampleRate < 1000 || sampleRate > 384_000) throw invalid(`it claims a sample rate of ${sampleRate} Hz`);
  return { channels, sampleRate, bits, float };
}

function decodeWav(bytes: Uint8Array, maxSeconds: number): { samples: Float32Array; sampleRate: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let format: WavFormat | undefined;
  let at = 12;
  while (at + 8 <= bytes.length) {
    const id = ascii(bytes, at, 4);
    const size = view.getUint32(at + 4, true);
    const start = at + 8;
    if (id === 'fmt ') format = readWavFormat(view, start, Math.min(size, bytes.length - start));
    else if (id === 'data') {
      if (!format) throw invalid('its WAV data comes before the format');
      // Streaming writers leave the size at 0 or 0xFFFFFFFF: the data then runs to the end.
      const end = size === 0 || start + size > bytes.length ? bytes.length : start + size;
      return { samples: wavToMono(view, start, end, format, maxSeconds * format.sampleRate), sampleRate: format.sampleRate };
    }
    at = start + size + (size % 2); // chunks are padded to even sizes
  }
  throw invalid('it has no WAV data chunk');
}

function wavToMono(view: DataView, start: number, end: number, { channels, bits, float }: WavFormat, maxFrames: number): Float32Array {
  const width = bits / 8;
  const frames = Math.min(maxFrames, Math.floor((end - start) / (width * channels)));
  const read = (at: number): number => {
    if (float) return bits === 32 ? view.getFloat32(at, true) : view.getFloat64(at, true);
    if (bits === 8) return (view.getUint8(at) - 128) / 128;
    if (bits === 16) return view.getInt16(at, true) / 32768;
    if (bits === 24) return ((view.getUint8(at) | (view.getUint8(at + 1) << 8) | (view.getInt8(at + 2) << 16)) >> 0) / 8388608;
    return view.getInt32(at, true) / 2147483648;
  };
  const mono = new Float32Array(frames);
  for (let frame = 0; frame < frames; frame++) {
    let sum = 0;
    const at = start + frame * width * channels;
    for (let channel = 0; channel < channels; channel++) sum += read(at + channel * width);
    const value = sum / channels;
    // NaN or huge floats in a hostile file would poison the resampler.
    mono[frame] = Number.isFinite(value) ? Math.max(-1, Math.min(1, value)) : 0;
  }
  return mono;
}

function downmix(channelData: Float32Array[], length: number): Float32Array {
  if (channelData.length === 1) return channelData[0].slice(0, length);
  const mono = new Float32Array(length);
  for (const channel of channelData) for (let i = 0; i < length; i++) mono[i] += channel[i] / channelData.length;
  return mono;
}

function concat(pieces: Float32Array[]): Float32Array {
  const samples = new Float32Array(pieces.reduce((sum, piece) => sum + piece.length, 0));
  let offset = 0;
  for (const piece of pieces) {
    samples.set(piece, offset);
    offset += piece.length;
  }
  return samples;
}

/** Most of a real recording's pages or packets decode; a file that mostly fails is not audio. */
function checkErrors(errorCount: number, total: number): void {
  if (errorCount > 0 && errorCount * 2 >= total) throw invalid('its Opus audio is corrupt');
}

/** Small enough that one slice of the tiniest packets stays a few tens of megabytes decoded. */
const OGG_SLICE = 4096;

async function decodeOgg(bytes: Uint8Array, maxSeconds: number): Promise<{ samples: Float32Array; sampleRate: number }> {
  const head = bytes.subarray(0, Math.min(bytes.length, 512));
  if (!ascii(head, 0, head.length).includes('OpusHead')) {
    throw new AudioFormatError(`${UNSUPPORTED} This Ogg file does not hold Opus audio.`, 'unsupported_audio');
  }
  const decoder = new OggOpusDecoder();
  try {
    await decoder.ready;
    const pieces: Float32Array[] = [];
    let length = 0;
    let errors = 0;
    // In slices, so decoding stops once past maxSeconds instead of expanding the whole file.
    for (let at = 0; at < bytes.length + OGG_SLICE && length <= maxSeconds * 48_000; at += OGG_SLICE) {
      const decoded = at < bytes.length ? await decoder.decode(bytes.subarray(at, at + OGG_SLICE)) : await decoder.flush();
      errors += decoded.errors.length;
      pieces.push(downmix(decoded.channelData, decoded.samplesDecoded));
      length += decoded.samplesDecoded;
    }
    checkErrors(errors, errors + length / 960);
    return { samples: concat(pieces), sampleRate: 48_000 };
  } catch (error) {
    if (error instanceof AudioFormatError) throw error;
    throw invalid(`its Ogg stream is broken (${error instanceof Error ? error.message : String(error)})`);
  } finally {
    decoder.free();
  }
}

/** libopus' own input limit per packet in opus-decoder (120 ms at 256 kbit/s per channel). */
const maxPacketBytes = (channels: number) => 3840 * channels;

async function decodeWebm(bytes: Uint8Array, maxSeconds: number): Promise<{ samples: Float32Array; sampleRate: number }> {
  let track: OpusTrack;
  try {
    track = demuxWebmOpus(bytes);
  } catch (error) {
    if (error instanceof AudioFormatError) throw error;
    throw invalid(`its WebM container is broken (${error instanceof Error ? error.message : String(error)})`);
  }
  if (track.unsupported) throw new AudioFormatError(`${UNSUPPORTED} ${track.unsupported}`, 'unsupported_audio');
  if (track.packets.length === 0) throw invalid('its WebM file holds no Opus audio');
  const { channels, preSkip, mapping } = track.head;
  const decoder = new OpusDecoder({ channels, preSkip, ...mapping });
  try {
    await decoder.ready;
    const pieces: Float32Array[] = [];
    let errors = 0;
    let length = 0;
    let tried = 0;
    for (const packet of track.packets) {
      tried++;
      if (packet.length === 0 || packet.length > maxPacketBytes(channels)) {
        errors++;
        continue;
      }
      const decoded = decoder.decodeFrame(packet);
      if (decoded.errors.length > 0) errors++;
      const mono = downmix(decoded.channelData, decoded.samplesDecoded);
      pieces.push(mono);
      length += mono.length;
      // Stop early on garbage rather than log libopus errors for every packet of a large file.
      if (errors > 20) checkErrors(errors, tried);
      if (length > maxSeconds * 48_000) break;
    }
    checkErrors(errors, tried);
    return { samples: concat(pieces), sampleRate: 48_000 };
  } finally {
    decoder.free();
  }
}

/** Hann-windowed sinc low-pass taps with the cutoff as a fraction of the input sample rate. */
function lowPassTaps(cutoff: number, halfWidth: number): Float32Array {
  const taps = new Float32Array(2 * halfWidth + 1);
  let sum = 0;
  for (let i = -halfWidth; i <= halfWidth; i++) {
    const sinc = i === 0 ? 2 * cutoff : Math.sin(2 * Math.PI * cutoff * i) / (Math.PI * i);
    const window = 0.5 + 0.5 * Math.cos((Math.PI * i) / (halfWidth + 1));
    taps[i + halfWidth] = sinc * window;
    sum += taps[i + halfWidth];
  }
  for (let i = 0; i < taps.length; i++) taps[i] /= sum;
  return taps;
}

const TARGET_RATE = 16_000;

/**
 * 16 kHz mono 16-bit PCM for speech recognisers. Downsampling low-passes below 7.2 kHz first
 * (speech carries little above it) and then interpolates linearly between filtered samples;
 * the filter runs only at the two input positions each output sample needs.
 */
export function toPcm16kMono(samples: Float32Array, sampleRate: number): Int16Array {
  const ratio = sampleRate / TARGET_RATE;
  const length = Math.floor(samples.length / ratio);
  const out = new Int16Array(length);
  const taps = ratio > 1 ? lowPassTaps(7200 / sampleRate, Math.ceil(8 * ratio)) : new Float32Array([1]);
  const half = (taps.length - 1) / 2;
  const filtered = (index: number): number => {
    let sum = 0;
    const from = Math.max(0, index - half);
    const to = Math.min(samples.length - 1, index + half);
    for (let i = from; i <= to; i++) sum += samples[i] * taps[i - index + half];
    return sum;
  };
  for (let i = 0; i < length; i++) {
    const position = i * ratio;
    const left = Math.floor(position);
    const fraction = position - left;
    const value = fraction === 0 ? filtered(left) : filtered(left) * (1 - fraction) + filtered(Math.min(left + 1, samples.length - 1)) * fraction;
    out[i] = Math.max(-32768, Math.min(32767, Math.round(value * 32767)));
  }
  return out;
}

/** A canonical 44-byte-header PCM WAV, the layout pocketsphinx expects. */
export function encodeWav(pcm: Int16Array, sampleRate: number): Uint8Array {
  const bytes = new Uint8Array(44 + pcm.length * 2);
  const view = new DataView(bytes.buffer);
  const text = (at: number, value: string) => [...value].forEach((char, i) => view.setUint8(at + i, char.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + pcm.length * 2, true);
  text(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, pcm.length * 2, true);
  for (let i = 0; i < pcm.length; i++) view.setInt16(44 + i * 2, pcm[i], true);
  return bytes;
}
