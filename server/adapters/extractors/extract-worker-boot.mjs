// Worker threads do not inherit the parent's module hooks (and Node 20 ignores `--import` in a
// worker's execArgv), so register tsx here before loading the TypeScript entry. Works the same
// when the app runs under `tsx` and under vitest.
import { register } from 'tsx/esm/api';

register();
await import('./extract.worker.ts');
