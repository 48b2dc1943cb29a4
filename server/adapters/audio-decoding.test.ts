import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AudioFormatError, decodeRecording, encodeWav, toPcm16kMono } from './audio-decoding';

/** 0.4 s of a 440 Hz tone, mono 48 kHz, 20 ms Opus packets (libopus, 12 kbit/s). */
const TONE_PACKETS = [
  'SIPKrVZZmogAAXwrc2ns7xbMbGKgXG3Z8LnQd26flIiCNGcCk1wUUvQc9u/wpCBgmcoH0gGA',
  'SLFJ10GSomfqmqn0npJVjmhh95rsYZk0KNDzmqgmxlrsVaEpykA=',
  'SKZjmWVe3pOlFLWTTDYBLIfFGnyJMo4fk+iWop/XBoSatuvst+tBqQw/bQ==',
  'SKX/ZULmrIFi8Epn6FBtXLM8jdomFpgQH1k52JDNMrauFdFFAcuQNFU2Jmu2N0Ex9xQOwh4=',
  'SKWCP/Sv37xAiDbv4dFsPqwSeZSsDmv1GeDde+A+QgRFEDxm4K0b52A=',
  'SKZjpwHNRxEuJN29uDT9McuhL8DjYUYpZ2n/18R7GHVjUMoWHI68PTF5ew==',
  'SKZjl7wXwCt+Lw5gLf7SX3jjqoA3Pl+4rrq+OjvNN4qLJ/4d1sqwS9SA5K+Jo0fNheT4',
  'SKZjmXhcjBR6MHQmX5ehgbVJQ3lFkhWwQ490Pr0WSzEWH76BAMe4vxJXmflA',
  'SKZjmXhciCueCDIM4J78N5w8Sks9qV02D9WjFj+2gDGyxNrngeOA88zC8tB7NQG67ZOA',
  'SKbKfnOmTRS0paIcblY5ynSuvrBxvtOS3BX6QD7ktQJHQPg4hbPnUdw8y2qff1PR4A==',
  'SKfblgDdmgBpEjOz0vPxPusDuUSUCE686h14Rpr/aP85JnxluuiMV9fVZMRMfKA=',
  'SKfblgDdlRH4r8kA2JdpxL0TBwGomAEeMQEqomc9UEtcm4vJyonR9al/TIUp',
  'SKfblgDdmgIXvFL+o6fVpLPTzHu9yz49SOiIRN2jIwN5DVDaGOKp3+g+iUozUW77PA==',
  'SKfblgDdjPYlk+GX+wE57zJOQJRM0tLVYonPs12ccUYOteR4JHAIIFgQ',
  'SKmOVgDdlRIXldNRNMSweC2h7xyQU5w/Z1x9h7xiWReZIsK4swk7ZDbw',
  'SKmOaE5qZLSVllXQBQ/ANmBFWHPjciuXzi15gfTeFTA/AQKGEyrQn9DMrubw',
  'SKmOVgDdlRIXYAhjOOvv1jIQ7g8cLO9YMQKc7RVwVZ2YaOx9WPaq',
  'SKmOVgDdmgIuHEd2luxQU7Yp9bwEYp0BiQGpznjoqlDYCP26SpG4rFQ=',
  'SKtBFgDdlQ9hNQ28u8oz7WBBOnZ8UktU4u3MVgLkex3AonW7ZxZ+',
  'SKtBFgDdlNu6mbZcTu/ZgBh6eV4Raxo82E3MN+opbWtx/SYoS/AImbuCUdI=',
].map((packet) => new Uint8Array(Buffer.from(packet, 'base64')));

const TONE_SECONDS = 0.4;
const PRE_SKIP = 312;

function opusHead(channels = 1): Uint8Array {
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'ascii');
  head[8] = 1;
  head[9] = channels;
  head.writeUInt16LE(PRE_SKIP, 10);
  head.writeUInt32LE(48_000, 12);
  return head;
}

/** Ogg's CRC-32: polynomial 0x04c11db7, not reflected, zero start. */
function oggCrc(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 24;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
  }
  return crc >>> 0;
}

function oggPage(packets: Uint8Array[], flags: number, granule: number, sequence: number): Buffer {
  const lacing = packets.flatMap((packet) => [...Array<number>(Math.floor(packet.length / 255)).fill(255), packet.length % 255]);
  const page = Buffer.concat([Buffer.alloc(27 + lacing.length), ...packets]);
  page.write('OggS', 0, 'ascii');
  page[5] = flags;
  page.writeBigUInt64LE(BigInt(granule), 6);
  page.writeUInt32LE(0x4b41490a, 14);
  page.writeUInt32LE(sequence, 18);
  page[26] = lacing.length;
  page.set(lacing, 27);
  page.writeUInt32LE(oggCrc(page), 22);
  return page;
}

function oggOpus(packets = TONE_PACKETS): Uint8Array {
  const tags = Buffer.concat([Buffer.from('OpusTags'), Buffer.from([4, 0, 0, 0]), Buffer.from('test'), Buffer.alloc(4)]);
  const pages = [oggPage([opusHead()], 2, 0, 0), oggPage([tags], 0, 0, 1)];
  for (let i = 0; i < packets.length; i += 5) {
    const last = i + 5 >= packets.length;
    pages.push(oggPage(packets.slice(i, i + 5), last ? 4 : 0, Math.min(i + 5, packets.length) * 960, pages.length));
  }
  return new Uint8Array(Buffer.concat(pages));
}

/** An EBML element; `size` undefined writes the 8-byte "unknown size" MediaRecorder uses. */
function ebml(id: number, payload: Uint8Array | number[], unknownSize = false): Buffer {
  const idBytes = Buffer.from(id.toString(16).padStart(id > 0xffffff ? 8 : id > 0xffff ? 6 : id > 0xff ? 4 : 2, '0'), 'hex');
  const size = Buffer.alloc(8);
  if (unknownSize) size.set([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
  else size.writeBigUInt64BE(BigInt(payload.length) | (1n << 56n));
  return Buffer.concat([idBytes, size, Buffer.from(payload)]);
}

/** Laid out as Chrome's MediaRecorder writes it: unknown-size Segment and Cluster, SimpleBlocks. */
function webmOpus(options: { codec?: string; blockGroups?: boolean; xiphLacing?: boolean; ebmlLacing?: boolean } = {}): Uint8Array {
  const header = ebml(0x1a45dfa3, ebml(0x4282, Buffer.from('webm')));
  const audio = ebml(0xe1, Buffer.concat([ebml(0x9f, [1]), ebml(0xb5, [0x40, 0xe7, 0x70, 0x00])]));
  const entry = Buffer.concat([
    ebml(0xd7, [1]),
    ebml(0x83, [2]),
    ebml(0x86, Buffer.from(options.codec ?? 'A_OPUS')),
    ebml(0x63a2, opusHead()),
    audio,
  ]);
  const blocks: Buffer[] = [];
  const step = options.xiphLacing ? 2 : options.ebmlLacing ? 3 : 1;
  for (let i = 0; i < TONE_PACKETS.length; i += step) {
    const group = TONE_PACKETS.slice(i, i + step);
    const sizes = group.slice(0, -1).map((packet) => packet.length);
    // EBML lacing: the first size as a 1-byte number, the next as a difference biased by 63.
    const lacing = options.ebmlLacing ? sizes.map((size, k) => 0x80 | (k === 0 ? size : size - sizes[k - 1] + 63)) : sizes;
    const flags = group.length === 1 ? 0x80 : options.ebmlLacing ? 0x86 : 0x82;
    const body = Buffer.concat([Buffer.from([0x81, 0, i * 20, flags, ...(group.length > 1 ? [group.length - 1, ...lacing] : [])]), ...group]);
    blocks.push(options.blockGroups ? ebml(0xa0, ebml(0xa1, body)) : ebml(0xa3, body));
  }
  const cluster = ebml(0x1f43b675, Buffer.concat([ebml(0xe7, [0]), ...blocks]), true);
  const info = ebml(0x1549a966, Buffer.concat([ebml(0x2ad7b1, [0x0f, 0x42, 0x40]), ebml(0x4d80, Buffer.from('Chrome'))]));
  return new Uint8Array(Buffer.concat([header, ebml(0x18538067, Buffer.concat([info, ebml(0x1654ae6b, ebml(0xae, entry)), cluster]), true)]));
}

function wav(options: { tag?: number; channels?: number; bits?: number; frames: number[][]; dataSize?: number; extensible?: boolean }): Uint8Array {
  const { channels = 1, bits = 16, frames } = options;
  const width = bits / 8;
  const data = Buffer.alloc(frames.length * channels * width);
  frames.forEach((frame, i) =>
    frame.forEach((value, channel) => {
      const at = (i * channels + channel) * width;
      if (options.tag === 3) data.writeFloatLE(value, at);
      else if (bits === 8) data[at] = Math.round(value * 127 + 128);
      else data.writeIntLE(Math.round(value * (2 ** (bits - 1) - 1)), at, width);
    }),
  );
  const fmt = Buffer.alloc(options.extensible ? 40 : 16);
  fmt.writeUInt16LE(options.extensible ? 0xfffe : (options.tag ?? 1), 0);
  fmt.writeUInt16LE(channels, 2);
  fmt.writeUInt32LE(16_000, 4);
  fmt.writeUInt16LE(channels * width, 12);
  fmt.writeUInt16LE(bits, 14);
  if (options.extensible) fmt.writeUInt16LE(options.tag ?? 1, 24);
  const chunk = (id: string, body: Buffer, size = body.length) => Buffer.concat([Buffer.from(id), Buffer.from(new Uint32Array([size]).buffer), body]);
  const list = chunk('LIST', Buffer.from('INFOabc')); // odd size: padded
  const body = Buffer.concat([Buffer.from('WAVE'), chunk('fmt ', fmt), list, Buffer.alloc(1), chunk('data', data, options.dataSize)]);
  return new Uint8Array(chunk('RIFF', body));
}

/** Frequency estimate from the zero crossings of the middle of the signal. */
function dominantHz(samples: Float32Array | Int16Array, sampleRate: number): number {
  const middle = samples.subarray(Math.floor(samples.length * 0.25), Math.floor(samples.length * 0.75));
  let crossings = 0;
  for (let i = 1; i < middle.length; i++) if (middle[i - 1] < 0 !== middle[i] < 0) crossings++;
  return (crossings / 2) * (sampleRate / middle.length);
}

const rms = (samples: ArrayLike<number>) => Math.sqrt(Array.from(samples).reduce((sum, value) => sum + value * value, 0) / samples.length);

async function expectFormatError(bytes: Uint8Array, code: AudioFormatError['code']): Promise<AudioFormatError> {
  const error = await decodeRecording(bytes).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(AudioFormatError);
  expect((error as AudioFormatError).code).toBe(code);
  return error as AudioFormatError;
}

describe('decodeRecording: WAV', () => {
  const frames = [
    [0.5, -0.5],
    [1, 0],
    [-1, -1],
    [0.25, 0.75],
  ];

  it.each([8, 16, 24, 32])('mixes %i-bit PCM channels down to mono', async (bits) => {
    const decoded = await decodeRecording(wav({ channels: 2, bits, frames }));
    expect(decoded).toMatchObject({ format: 'wav', sampleRate: 16_000, durationSeconds: 4 / 16_000 });
    [0, 0.5, -1, 0.5].forEach((value, i) => expect(decoded.samples[i]).toBeCloseTo(value, 1));
  });

  it('reads 32-bit float, also inside WAVE_FORMAT_EXTENSIBLE', async () => {
    for (const extensible of [false, true]) {
      const decoded = await decodeRecording(wav({ tag: 3, bits: 32, channels: 2, frames, extensible }));
      expect(Array.from(decoded.samples)).toEqual([0, 0.5, -1, 0.5]);
    }
  });

  it('reads a streamed WAV whose data size was never filled in', async () => {
    const decoded = await decodeRecording(wav({ frames: [[0.5], [0.5], [0.5]], dataSize: 0xffffffff }));
    expect(decoded.samples).toHaveLength(3);
  });

  it('refuses compressed WAV as unsupported and a WAV without data as invalid', async () => {
    expect((await expectFormatError(wav({ tag: 2, bits: 4, frames: [] }), 'unsupported_audio')).message).toMatch(/PCM/);
    await expectFormatError(wav({ frames: [] }), 'invalid_audio');
    await expectFormatError(wav({ channels: 2, frames }).subarray(0, 40), 'invalid_audio');
  });
});

describe('decodeRecording: Opus', () => {
  const expectTone = (decoded: Awaited<ReturnType<typeof decodeRecording>>) => {
    expect(decoded.sampleRate).toBe(48_000);
    expect(decoded.durationSeconds).toBeGreaterThan(TONE_SECONDS - 0.05);
    expect(decoded.durationSeconds).toBeLessThanOrEqual(TONE_SECONDS);
    expect(dominantHz(decoded.samples, decoded.sampleRate)).toBeCloseTo(440, -1);
    expect(rms(decoded.samples)).toBeGreaterThan(0.2);
  };

  it('decodes Ogg Opus', async () => {
    const decoded = await decodeRecording(oggOpus());
    expect(decoded.format).toBe('ogg-opus');
    expectTone(decoded);
  });

  it.each([
    ['SimpleBlocks', {}],
    ['BlockGroups', { blockGroups: true }],
    ['Xiph-laced blocks', { xiphLacing: true }],
    ['EBML-laced blocks', { ebmlLacing: true }],
  ])('decodes WebM Opus with %s', async (_name, options) => {
    const decoded = await decodeRecording(webmOpus(options));
    expect(decoded.format).toBe('webm-opus');
    expectTone(decoded);
  });

  it('keeps the audio before the cut of a recording cut off mid-block', async () => {
    const full = webmOpus();
    const decoded = await decodeRecording(full.subarray(0, full.length - 30));
    expect(decoded.durationSeconds).toBeGreaterThan(0.3);
  });

  it('refuses other codecs and other formats with the accepted formats named', async () => {
    await expectFormatError(webmOpus({ codec: 'A_VORBIS' }), 'unsupported_audio');
    const vorbisOgg = oggPage([Buffer.from('\x01vorbis')], 2, 0, 0);
    await expectFormatError(new Uint8Array(vorbisOgg), 'unsupported_audio');
    const mp3 = await expectFormatError(new Uint8Array(Buffer.from('ID3\x03\x00\x00\x00\x00\x00\x00 mp3 frames')), 'unsupported_audio');
    expect(mp3.message).toBe('Voice input accepts WAV, Ogg or WebM (Opus) recordings.');
    await expectFormatError(new Uint8Array(0), 'unsupported_audio');
  });
});

describe('decodeRecording on hostile bytes', () => {
  // libopus logs every corrupt packet it is given; the assertions below are what matters.
  beforeAll(() => void vi.spyOn(console, 'error').mockImplementation(() => undefined));
  afterAll(() => vi.restoreAllMocks());
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const randomBytes = (length: number) => Uint8Array.from({ length }, () => Math.floor(random() * 256));

  async function survives(bytes: Uint8Array): Promise<void> {
    const outcome = await decodeRecording(bytes).then(
      (decoded) => decoded,
      (error: unknown) => error,
    );
    if (outcome instanceof Error) expect(outcome).toBeInstanceOf(AudioFormatError);
  }

  it('answers random bytes behind each magic number with a result or an AudioFormatError', async () => {
    const magics = [Buffer.from('RIFF\xff\xff\xff\xffWAVEfmt ', 'latin1'), Buffer.from('OggS'), Buffer.from([0x1a, 0x45, 0xdf, 0xa3])];
    for (const magic of magics) {
      for (let i = 0; i < 60; i++) await survives(new Uint8Array(Buffer.concat([magic, randomBytes(Math.floor(random() * 2000))])));
    }
  });

  it('answers corrupted copies of valid recordings the same way', async () => {
    const originals = [
      wav({
        channels: 2,
        frames: [
          [0.1, 0.2],
          [0.3, 0.4],
        ],
      }),
      oggOpus(),
      webmOpus(),
      webmOpus({ xiphLacing: true }),
    ];
    for (const original of originals) {
      for (let i = 0; i < 40; i++) {
        const copy = original.slice();
        for (let flips = 0; flips < 1 + Math.floor(random() * 8); flips++) copy[Math.floor(random() * copy.length)] = Math.floor(random() * 256);
        await survives(copy.subarray(0, Math.max(4, Math.floor(random() * copy.length * 1.2))));
      }
    }
  });
});

describe('toPcm16kMono and encodeWav', () => {
  const tone = (hz: number, sampleRate: number, seconds = 0.5) =>
    Float32Array.from({ length: sampleRate * seconds }, (_, i) => 0.5 * Math.sin((2 * Math.PI * hz * i) / sampleRate));

  it('keeps speech frequencies when downsampling 48 kHz and 44.1 kHz', () => {
    for (const rate of [48_000, 44_100, 22_050]) {
      const pcm = toPcm16kMono(tone(1000, rate), rate);
      expect(pcm.length).toBe(8000);
      expect(dominantHz(pcm, 16_000)).toBeCloseTo(1000, -2);
      expect(rms(pcm) / 32767).toBeGreaterThan(0.3);
    }
  });

  it('filters out what would alias above 8 kHz', () => {
    const pcm = toPcm16kMono(tone(12_000, 48_000), 48_000);
    expect(rms(pcm.subarray(100, -100)) / 32767).toBeLessThan(0.02);
  });

  it('upsamples 8 kHz and round-trips through encodeWav', async () => {
    const pcm = toPcm16kMono(tone(500, 8000), 8000);
    expect(pcm.length).toBe(8000);
    const decoded = await decodeRecording(encodeWav(pcm, 16_000));
    expect(decoded.sampleRate).toBe(16_000);
    expect(dominantHz(decoded.samples, 16_000)).toBeCloseTo(500, -1);
    expect(encodeWav(pcm, 16_000).subarray(36, 40)).toEqual(new Uint8Array(Buffer.from('data')));
  });
});

describe('decodeRecording limits', () => {
  it('stops decoding past maxSeconds, so a file of tiny packets cannot stand for hours of audio', async () => {
    const ogg = await decodeRecording(oggOpus([...Array(50)].flatMap(() => TONE_PACKETS)), { maxSeconds: 1 });
    expect(ogg.durationSeconds).toBeGreaterThan(1);
    expect(ogg.durationSeconds).toBeLessThan(5); // of 20
    const webm = await decodeRecording(webmOpus(), { maxSeconds: 0.25 });
    expect(webm.durationSeconds).toBeGreaterThan(0.25);
    expect(webm.durationSeconds).toBeLessThan(0.3);
    const pcm = await decodeRecording(wav({ frames: Array.from({ length: 48_000 }, () => [0.1]) }), { maxSeconds: 0.25 });
    expect(pcm.durationSeconds).toBe(0.25);
  });
});
