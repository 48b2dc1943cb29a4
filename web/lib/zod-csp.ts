import { z } from 'zod';

// The server's Content Security Policy forbids eval. Zod's JIT probes `new Function`
// when a schema is built, which a strict CSP reports as a violation: turn it off
// before any contract schema is created (main.tsx imports this module first).
z.config({ jitless: true });
