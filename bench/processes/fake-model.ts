import { FakeOpenAI } from '../../server/test/fake-openai';

/** The benchmark's model server, in a process of its own so it does not share KAI's event loop. */
const model = await new FakeOpenAI().start(Number(process.env.MODEL_PORT));
// MODEL_TOKEN_DELAY_MS paces the tokens as a real model would, so streams stay open and overlap.
const tokens = Number(process.env.MODEL_ANSWER_TOKENS ?? 20);
model.reply({ kind: 'text', chunks: Array.from({ length: tokens }, (_, i) => `word${i} `), delayMs: Number(process.env.MODEL_TOKEN_DELAY_MS ?? 0) });
process.stdout.write(`fake model ready on ${model.baseUrl}\n`);
// Stop when the benchmark stops us, whichever process (tsx or node) receives the signal.
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void model.stop().then(() => process.exit(0)));
