import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeMicrophone } from '@/test/fake-microphone';
import { blobToBase64, downsample, encodeWav, startWavRecording, WAV_SAMPLE_RATE } from './wav-recorder';

/** jsdom's Blob has no arrayBuffer(). */
function bytesOf(blob: Blob): Promise<DataView> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new DataView(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

function ascii(view: DataView, offset: number, length: number): string {
  return String.fromCharCode(...Array.from({ length }, (_, i) => view.getUint8(offset + i)));
}

describe('encodeWav', () => {
  it('writes a 44-byte PCM header for 16-bit mono audio', async () => {
    const blob = encodeWav(new Float32Array(1000), 16_000);
    expect(blob.type).toBe('audio/wav');
    expect(blob.size).toBe(44 + 2000);
    const view = await bytesOf(blob);
    expect(ascii(view, 0, 4)).toBe('RIFF');
    expect(view.getUint32(4, true)).toBe(36 + 2000);
    expect(ascii(view, 8, 8)).toBe('WAVEfmt ');
    expect(view.getUint16(20, true)).toBe(1); // PCM
    expect(view.getUint16(22, true)).toBe(1); // mono
    expect(view.getUint32(24, true)).toBe(16_000);
    expect(view.getUint32(28, true)).toBe(32_000);
    expect(view.getUint16(32, true)).toBe(2);
    expect(view.getUint16(34, true)).toBe(16);
    expect(ascii(view, 36, 4)).toBe('data');
    expect(view.getUint32(40, true)).toBe(2000);
  });

  it('stores samples as little-endian 16-bit integers, clipping what is too loud', async () => {
    const view = await bytesOf(encodeWav(Float32Array.from([0, 1, -1, 0.5, 3, -3]), 8000));
    const samples = Array.from({ length: 6 }, (_, i) => view.getInt16(44 + 2 * i, true));
    expect(samples).toEqual([0, 32767, -32768, 16383, 32767, -32768]);
  });
});

describe('downsample', () => {
  it('averages 48 kHz down to 16 kHz', () => {
    const output = downsample(Float32Array.from([0, 0.3, 0.6, 0.9, 0.9, 0.9]), 48_000, 16_000);
    expect(Array.from(output).map((value) => Number(value.toFixed(3)))).toEqual([0.3, 0.9]);
  });

  it('keeps audio already at or below the target rate', () => {
    const samples = Float32Array.from([0.1, 0.2]);
    expect(downsample(samples, 16_000, 16_000)).toBe(samples);
  });
});

describe('blobToBase64', () => {
  it('encodes the bytes without a data: prefix', async () => {
    expect(await blobToBase64(new Blob(['RIFF']))).toBe('UklGRg==');
  });
});

afterEach(() => vi.unstubAllGlobals());

describe('startWavRecording', () => {
  let microphone: ReturnType<typeof installFakeMicrophone> | undefined;
  const installMicrophone = (sampleRate?: number) => (microphone = installFakeMicrophone(sampleRate));
  afterEach(() => microphone?.uninstall());

  it('asks for the microphone, then gives 16 kHz WAV and releases the microphone on stop', async () => {
    const audio = installMicrophone();
    const recording = await startWavRecording({ maxSeconds: 60, onLimit: vi.fn() });
    expect(audio.getUserMedia).toHaveBeenCalledWith({ audio: expect.objectContaining({ channelCount: 1 }) });
    audio.feed(4800);
    audio.feed(4800);
    const wav = recording.stop();
    expect(audio.track.stop).toHaveBeenCalled();
    const view = await bytesOf(wav!);
    expect(view.getUint32(24, true)).toBe(WAV_SAMPLE_RATE);
    expect(view.getUint32(40, true)).toBe(3200 * 2); // 0.2 s at 16 kHz
  });

  it('releases the microphone on cancel and keeps nothing', async () => {
    const audio = installMicrophone();
    const recording = await startWavRecording({ maxSeconds: 60, onLimit: vi.fn() });
    audio.feed(4800);
    recording.cancel();
    expect(audio.track.stop).toHaveBeenCalled();
    expect(recording.stop()).toBeNull();
  });

  it('stops capturing at the limit and says so once', async () => {
    const audio = installMicrophone(1000);
    const onLimit = vi.fn();
    const recording = await startWavRecording({ maxSeconds: 2, onLimit });
    audio.feed(1500);
    expect(onLimit).not.toHaveBeenCalled();
    audio.feed(1500);
    audio.feed(1500);
    expect(onLimit).toHaveBeenCalledTimes(1);
    // 2 s kept; 1 kHz is below 16 kHz, so it is not resampled.
    expect((await bytesOf(recording.stop()!)).getUint32(40, true)).toBe(2000 * 2);
  });

  it('rejects when microphone access is refused', async () => {
    const audio = installMicrophone();
    audio.getUserMedia.mockRejectedValueOnce(new DOMException('Permission denied', 'NotAllowedError'));
    await expect(startWavRecording({ maxSeconds: 60, onLimit: vi.fn() })).rejects.toThrow('Permission denied');
  });
});
