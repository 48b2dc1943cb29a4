/**
 * Entry of an OCR thread: tesseract.js's own worker script, plus one addition. Before each reply it
 * posts this thread's memory outside the V8 heap: tesseract's wasm heap, which grows with the pages
 * it reads and never shrinks, and the images it was sent. The extraction worker that started the
 * thread counts that memory against its job's cap (ocr-engine.ts). Plain CommonJS: a worker
 * thread does not inherit the tsx hooks, and tesseract.js's worker script is CommonJS too.
 */
'use strict';

const { parentPort } = require('node:worker_threads');

const reply = parentPort.postMessage.bind(parentPort);
parentPort.postMessage = (message, transfer) => {
  reply({ status: 'memory', externalBytes: process.memoryUsage().external });
  reply(message, transfer);
};

require('tesseract.js/src/worker-script/node/index.js');
