import { ensureWebBuild } from './web-build';

/** `npm start`: build the web app when its sources changed, then run the server. */
await ensureWebBuild();
const { main } = await import('../server/main');
await main();
