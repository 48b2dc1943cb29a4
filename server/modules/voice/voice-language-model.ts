/**
 * The offline recogniser's language model, built from KAI's own words: request templates, the
 * quick actions, the guide's article titles and the vendor master's names. Rebuilt when the
 * vendor master or the guide changes (checked at most every few seconds), one build at a time.
 */
import { mkdir } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import { BASE_PHRASES, buildLanguageModel, expandPhrases } from './voice-vocabulary';
import type { VoiceRepository } from './voice.repository';

/** The input bar's quick-action chips: said as often as typed. */
const QUICK_ACTIONS = ['Vendor Setup', 'Invoice Processing', 'Generate Report'];
const RECHECK_MS = 5_000;

export interface DomainLanguageModelDeps {
  repository: Pick<VoiceRepository, 'vocabularySignature' | 'vocabularySources'>;
  cmudictPath: string;
  /** Where the model files are written (under the data directory). */
  outDir: string;
  log: Pick<FastifyBaseLogger, 'info'>;
  /** How long a built model is used before the vocabulary's signature is read again. */
  recheckMs?: number;
}

export function createDomainLanguageModel(deps: DomainLanguageModelDeps): () => Promise<{ lmPath: string; dictPath: string }> {
  let built: { signature: string; files: Promise<{ lmPath: string; dictPath: string }> } | undefined;
  let checkedAt = 0;

  async function build(): Promise<{ signature: string; files: Promise<{ lmPath: string; dictPath: string }> }> {
    const sources = await deps.repository.vocabularySources();
    const phrases = [
      ...expandPhrases(BASE_PHRASES, { vendors: sources.vendorNames }),
      ...QUICK_ACTIONS,
      ...sources.guideTitles,
      ...sources.vendorNames,
    ];
    const files = (async () => {
      await mkdir(deps.outDir, { recursive: true });
      const started = Date.now();
      const model = await buildLanguageModel(phrases, { cmudictPath: deps.cmudictPath, outDir: deps.outDir });
      deps.log.info({ words: model.words, missing: model.missing.length, ms: Date.now() - started }, 'voice vocabulary built');
      return { lmPath: model.lmPath, dictPath: model.dictPath };
    })();
    return { signature: sources.signature, files };
  }

  return async () => {
    if (built && Date.now() - checkedAt < (deps.recheckMs ?? RECHECK_MS)) return built.files;
    const signature = await deps.repository.vocabularySignature();
    checkedAt = Date.now();
    if (!built || built.signature !== signature) {
      const next = build();
      built = { signature, files: next.then((b) => b.files) };
      // A failed build is tried again on the next request rather than cached.
      built.files.catch(() => (built = undefined));
    }
    return built.files;
  };
}
