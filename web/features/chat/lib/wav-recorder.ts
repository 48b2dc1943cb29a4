/** What the transcription engines expect: speech needs no more than 16 kHz, and one channel. */
export const WAV_SAMPLE_RATE = 16_000;
const BYTES_PER_SAMPLE = 2;
const WAV_HEADER_BYTES = 44;
/** About 85 ms at 48 kHz: small enough that the cap is kept to a tenth of a second. */
const CAPTURE_BUFFER_SIZE = 4096;

function writeAscii(view: DataView, offset: number, text: string): void {
  for (let i = 0; i < text.length; i++) view.setUint8(offset + i, text.charCodeAt(i));
}

/** Mono 16-bit PCM WAV (RIFF, little-endian) of samples in [-1, 1]; louder ones are clipped. */
export function encodeWav(samples: Float32Array, sampleRate: number): Blob {
  const dataBytes = samples.length * BYTES_PER_SAMPLE;
  const view = new DataView(new ArrayBuffer(WAV_HEADER_BYTES + dataBytes));
  writeAscii(view, 0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  writeAscii(view, 8, 'WAVE');
  writeAscii(view, 12, 'fmt ');
  view.setUint32(16, 16, true); // size of the fmt chunk
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // channels
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * BYTES_PER_SAMPLE, true); // byte rate
  view.setUint16(32, BYTES_PER_SAMPLE, true); // block align
  view.setUint16(34, 8 * BYTES_PER_SAMPLE, true); // bits per sample
  writeAscii(view, 36, 'data');
  view.setUint32(40, dataBytes, true);
  samples.forEach((sample, i) => {
    const clipped = Math.max(-1, Math.min(1, sample));
    view.setInt16(WAV_HEADER_BYTES + i * BYTES_PER_SAMPLE, clipped < 0 ? clipped * 0x8000 : clipped * 0x7fff, true);
  });
  return new Blob([view.buffer], { type: 'audio/wav' });
}

/** Lowers the sample rate by averaging the samples each output sample spans (a crude low-pass, enough for speech). */
export function downsample(samples: Float32Array, fromRate: number, toRate: number): Float32Array {
  if (toRate >= fromRate) return samples;
  const ratio = fromRate / toRate;
  const output = new Float32Array(Math.floor(samples.length / ratio));
  for (let i = 0; i < output.length; i++) {
    const start = Math.floor(i * ratio);
    const end = Math.min(samples.length, Math.floor((i + 1) * ratio));
    let sum = 0;
    for (let j = start; j < end; j++) sum += samples[j];
    output[i] = end > start ? sum / (end - start) : 0;
  }
  return output;
}

function concat(chunks: Float32Array[]): Float32Array {
  const joined = new Float32Array(chunks.reduce((total, chunk) => total + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    joined.set(chunk, offset);
    offset += chunk.length;
  }
  return joined;
}

export type WavRecording = {
  /** Ends the recording and releases the microphone; null when nothing was captured. */
  stop: () => Blob | null;
  /** Ends the recording and releases the microphone, keeping nothing. */
  cancel: () => void;
};

type RecordingOptions = {
  maxSeconds: number;
  /** Called once when maxSeconds have been captured; later audio is dropped until stop(). */
  onLimit: () => void;
};

/**
 * Records the microphone as 16 kHz mono WAV. Rejects when the browser has no microphone access
 * (denied, none plugged in, or an insecure page). ScriptProcessorNode rather than an AudioWorklet:
 * a worklet needs a module URL of its own, and this runs everywhere.
 */
export async function startWavRecording({ maxSeconds, onLimit }: RecordingOptions): Promise<WavRecording> {
  if (!navigator.mediaDevices?.getUserMedia) throw new Error('This browser offers no microphone access here.');
  const stream = await navigator.mediaDevices.getUserMedia({ audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true } });
  let context: AudioContext;
  try {
    context = new AudioContext();
  } catch (err) {
    stream.getTracks().forEach((track) => track.stop());
    throw err;
  }
  const source = context.createMediaStreamSource(stream);
  const processor = context.createScriptProcessor(CAPTURE_BUFFER_SIZE, 1, 1);
  const maxSamples = Math.floor(maxSeconds * context.sampleRate);
  const chunks: Float32Array[] = [];
  let captured = 0;
  processor.onaudioprocess = (event) => {
    if (captured >= maxSamples) return;
    const input = event.inputBuffer.getChannelData(0);
    const chunk = input.slice(0, maxSamples - captured);
    chunks.push(chunk);
    captured += chunk.length;
    if (captured >= maxSamples) onLimit();
  };
  source.connect(processor);
  // The processor only runs while connected to the output; it writes nothing, so nothing is heard.
  processor.connect(context.destination);

  let ended = false;
  const release = () => {
    ended = true;
    processor.onaudioprocess = null;
    source.disconnect();
    processor.disconnect();
    stream.getTracks().forEach((track) => track.stop());
    void context.close().catch(() => {});
  };
  return {
    stop: () => {
      if (ended) return null;
      release();
      if (captured === 0) return null;
      return encodeWav(downsample(concat(chunks), context.sampleRate, WAV_SAMPLE_RATE), WAV_SAMPLE_RATE);
    },
    cancel: () => {
      if (!ended) release();
    },
  };
}

/** Base64 of the blob's bytes, without the data: prefix. FileReader, which every browser (and jsdom) has. */
export function blobToBase64(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the recording.'));
    reader.readAsDataURL(blob);
  });
}
