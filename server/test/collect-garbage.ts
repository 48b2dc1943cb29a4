import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// Tests of what must survive a garbage collection run one on demand, without --expose-gc on the
// whole test run: the flag set at run time makes `gc` available to a new context.
setFlagsFromString('--expose_gc');
export const collectGarbage = runInNewContext('gc') as () => void;
