import os from 'node:os';

/**
 * Which host and process answered, sent on every response as `X-KAI-Process`, so an operator
 * running several processes or instances sees how requests spread (issue 17).
 */
export const PROCESS_HEADER = 'x-kai-process';
export const processName = `${os.hostname()}/${process.pid}`;
