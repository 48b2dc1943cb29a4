import { vi } from 'vitest';

type FakeProcessor = { onaudioprocess: ((event: unknown) => void) | null; connect: () => void; disconnect: () => void };

/**
 * A microphone (getUserMedia; jsdom has none) and an AudioContext that capture whatever the test
 * feeds them, until uninstall() and vi.unstubAllGlobals(). `feed(n)` delivers n samples of a quiet tone.
 */
export function installFakeMicrophone(sampleRate = 48_000) {
  const track = { stop: vi.fn() };
  const stream = { getTracks: () => [track] };
  const getUserMedia = vi.fn(async (_constraints: MediaStreamConstraints): Promise<unknown> => stream);
  let processor: FakeProcessor | null = null;
  class FakeAudioContext {
    sampleRate = sampleRate;
    destination = {};
    close = vi.fn(async () => {});
    createMediaStreamSource() {
      return { connect: () => {}, disconnect: () => {} };
    }
    createScriptProcessor() {
      processor = { onaudioprocess: null, connect: () => {}, disconnect: () => {} };
      return processor;
    }
  }
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  vi.stubGlobal('AudioContext', FakeAudioContext);
  const feed = (samples: number) => processor?.onaudioprocess?.({ inputBuffer: { getChannelData: () => new Float32Array(samples).fill(0.25) } });
  const uninstall = () => Reflect.deleteProperty(navigator, 'mediaDevices');
  return { track, getUserMedia, feed, uninstall };
}
