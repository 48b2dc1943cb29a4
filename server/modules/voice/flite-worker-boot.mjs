// Worker threads do not inherit the parent's module hooks, so tsx is registered here before the
// TypeScript entry loads (as extract-worker-boot.mjs does for the extractors).
import { register } from 'tsx/esm/api';

register();
await import('./flite.worker.ts');
