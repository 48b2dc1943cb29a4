import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDomainLanguageModel } from './voice-language-model';

describe('the offline vocabulary follows the vendor master', () => {
  let dir: string;
  let cmudictPath: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kai-lm-test-'));
    cmudictPath = path.join(dir, 'tiny.dict');
    // A made-up dictionary: the builder spells what it lacks from letters.
    await writeFile(cmudictPath, ['show S OW', 'the DH AH', 'open OW P AH N', 'invoices IH N V OY S IH Z', 'for F AO R'].join('\n'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('rebuilds when the signature changes and reuses the model while it does not', async () => {
    let vendors = ['Quillfeather Paving'];
    let signature = 'v1';
    let builds = 0;
    const languageModel = createDomainLanguageModel({
      repository: {
        vocabularySignature: async () => signature,
        vocabularySources: async () => {
          builds++;
          return { signature, vendorNames: vendors, guideTitles: ['Entering vendor invoices'] };
        },
      },
      cmudictPath,
      outDir: path.join(dir, 'lm'),
      log: { info: () => {} },
      recheckMs: 0,
    });
    const first = await languageModel();
    expect(await readFile(first.dictPath, 'utf8')).toMatch(/^quillfeather /m);
    await languageModel();
    expect(builds).toBe(1);

    vendors = ['Marrowbank Drywall'];
    signature = 'v2';
    const second = await languageModel();
    expect(builds).toBe(2);
    expect(await readFile(second.dictPath, 'utf8')).toMatch(/^marrowbank /m);
  });
});
