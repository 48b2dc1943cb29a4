import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createFliteSynthesizer } from '../server/adapters/speech-synthesis';
import { VOICE_QUESTION } from './fixtures';

/**
 * The voice journey's microphone: Chromium plays this WAV as its fake capture device. KAI's own
 * flite voice says the question between stretches of silence (Chromium loops the file, so the
 * silence after it keeps the question from repeating inside one recording).
 */
export default async function globalSetup() {
  const audio = await createFliteSynthesizer().synthesize([VOICE_QUESTION]);
  const parts: Uint8Array[] = [];
  for await (const chunk of audio.chunks) parts.push(chunk);
  const streamed = Buffer.concat(parts);
  const sampleRate = streamed.readUInt32LE(24);
  const silence = (seconds: number) => Buffer.alloc(Math.round(sampleRate * seconds) * 2);
  const pcm = Buffer.concat([silence(0.6), streamed.subarray(44), silence(6)]);
  const header = Buffer.from(streamed.subarray(0, 44));
  // Chromium's file device wants the exact sizes, not the streaming ones.
  header.writeUInt32LE(36 + pcm.length, 4);
  header.writeUInt32LE(pcm.length, 40);
  const file = path.join(os.tmpdir(), `kai-e2e-${process.pid}-voice.wav`);
  fs.writeFileSync(file, Buffer.concat([header, pcm]));
  process.env.KAI_E2E_VOICE_WAV = file;
}
