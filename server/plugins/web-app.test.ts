import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './web-app';

const SCRIPT = `console.log(${JSON.stringify('KAI '.repeat(400))});`;

describe('the built web app', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kai-web-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>KAI</title>');
    const script = path.join(dir, 'assets', 'main-abc123.js');
    fs.writeFileSync(script, SCRIPT);
    fs.writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
    fs.writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
    app = Fastify();
    await registerWebApp(app, dir);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sends the brotli or gzip copy the build wrote to a browser that accepts it, and the file itself otherwise', async () => {
    const url = '/assets/main-abc123.js';
    const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
    const gzip = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('answers client routes with index.html and leaves API paths to the API', async () => {
    const page = await app.inject({ url: '/invoice-processing', headers: { 'accept-encoding': 'br' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>KAI</title>');
    expect((await app.inject({ url: '/api/nothing' })).statusCode).toBe(404);
  });
});
