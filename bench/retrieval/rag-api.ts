/**
 * KAI's API as the web app uses it, for the rag-public benchmark: a real server on 127.0.0.1
 * (buildApp on the given database, tokens from the fake issuer), files through POST /api/upload,
 * their status from GET /api/documents, questions through POST /api/chat as a server-sent
 * event stream.
 */
import { performance } from 'node:perf_hooks';
import type { MessageSource, SendChatResponse } from '@contract/chat';
import type { DocumentDto, UploadResponse } from '@contract/documents';
import { buildApp } from '../../server/app';
import type { DatabaseHandle } from '../../server/db/client';
import type { FakeIssuer } from '../../server/test/fake-issuer';
import { benchConfig, benchTokens } from '../support';

export interface Kai {
  request(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/** Files per upload request: KAI's default KAI_UPLOAD_MAX_FILES. */
const FILES_PER_REQUEST = 10;
const READY_TIMEOUT_MS = 5 * 60_000;

export async function startKai(database: DatabaseHandle, issuer: FakeIssuer): Promise<Kai> {
  // The benchmark asks far more often than a person would in a minute; the limiters still run.
  const app = await buildApp(benchConfig(issuer, { KAI_CHAT_RATE_LIMIT: '100000', KAI_UPLOAD_RATE_LIMIT: '1000' }), { database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const [token] = await benchTokens(issuer, 1);
  return {
    request: (path, init = {}) => fetch(`${base}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } }),
    close: () => app.close(),
  };
}

/** Uploads the files as a user's documents (purpose 'analyze'); the stored documents in file order. */
export async function uploadDocuments(kai: Kai, files: Array<{ name: string; bytes: Uint8Array }>): Promise<UploadResponse['files']> {
  const stored: UploadResponse['files'] = [];
  for (let at = 0; at < files.length; at += FILES_PER_REQUEST) {
    const form = new FormData();
    form.append('purpose', 'analyze');
    for (const file of files.slice(at, at + FILES_PER_REQUEST)) {
      form.append('files', new Blob([new Uint8Array(file.bytes)], { type: 'application/pdf' }), file.name);
    }
    const res = await kai.request('/api/upload', { method: 'POST', body: form });
    if (!res.ok) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
    const body = (await res.json()) as UploadResponse;
    if (body.failed.length) throw new Error(`files refused: ${body.failed.map((f) => `${f.name}: ${f.message}`).join('; ')}`);
    stored.push(...body.files);
  }
  return stored;
}

/** Polls the document list until none of `ids` is queued or extracting; returns them as listed then. */
export async function waitUntilSettled(kai: Kai, ids: string[]): Promise<DocumentDto[]> {
  const wanted = new Set(ids);
  const started = performance.now();
  for (;;) {
    const res = await kai.request('/api/documents');
    if (!res.ok) throw new Error(`GET /api/documents answered ${res.status}`);
    const mine = ((await res.json()) as DocumentDto[]).filter((doc) => wanted.has(doc.id));
    if (mine.length === wanted.size && mine.every((doc) => doc.status === 'ready' || doc.status === 'failed')) return mine;
    if (performance.now() - started > READY_TIMEOUT_MS) {
      const pending = mine.filter((doc) => doc.status !== 'ready' && doc.status !== 'failed').map((doc) => doc.filename);
      throw new Error(`documents still not read after ${READY_TIMEOUT_MS / 1000} s: ${pending.join(', ')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export interface ChatAnswer {
  content: string;
  sources: MessageSource[];
  ms: number;
}

/** One question in a new chat session (no earlier turns), source Uploaded Files, read as the web app streams it. */
export async function askUploaded(kai: Kai, question: string): Promise<ChatAnswer> {
  const started = performance.now();
  const res = await kai.request('/api/chat', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({ message: question, source: 'uploaded' }),
  });
  if (!res.ok) throw new Error(`POST /api/chat answered ${res.status}: ${await res.text()}`);
  const events = parseEventStream(await res.text());
  const ms = performance.now() - started;
  const failure = events.find((event) => event.type === 'error');
  if (failure) throw new Error(`chat stream error: ${JSON.stringify(failure.data)}`);
  const message = events.find((event) => event.type === 'message')?.data as SendChatResponse | undefined;
  if (!message) throw new Error('chat stream ended without a message event');
  return { content: message.message.content, sources: message.message.metadata?.sources ?? [], ms };
}

function parseEventStream(body: string): Array<{ type: string; data: unknown }> {
  return body
    .split(/\n\n/)
    .filter((block) => block.trim())
    .map((block) => {
      const type = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n');
      return { type, data: JSON.parse(data) as unknown };
    });
}
