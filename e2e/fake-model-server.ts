import { FakeOpenAI } from '../server/test/fake-openai';
import { MODEL_PORT, PROCORE_ANSWER } from './fixtures';

/** The language model of the e2e runs: real SSE chat completions, slow enough to watch stream. */
export const STREAMED_ANSWER =
  'To release retainage, open **Subcontracts > Retainage Release**, choose the subcontract and post the release [1]. Collect the final lien waiver first.';

const words = (text: string) => text.split(/(?<= )/);
const model = await new FakeOpenAI().start(MODEL_PORT);
model.reply({ kind: 'text', chunks: words(STREAMED_ANSWER), delayMs: 80 });
model.replyWhen(/over 90% paid/i, { kind: 'text', chunks: words(PROCORE_ANSWER), delayMs: 20 });
process.stdout.write(`fake model server on ${model.baseUrl}\n`);
