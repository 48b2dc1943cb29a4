import { openDatabase } from '../../server/db/client';
import { kaiQueue } from './kai-queue';
import { pgBossQueue, startPgBoss } from './pgboss-queue';

/**
 * The consumer that crash.ts kills with SIGKILL: claims one job of `queue` (kai or pgboss) on the
 * PostgreSQL database at `url`, says `claimed <id>`, and holds it until it is killed.
 * Arguments: queue url lockMs [pg-boss queue name].
 */
const [kind, url, lockMs, name] = process.argv.slice(2);

const queue =
  kind === 'kai'
    ? kaiQueue((await openDatabase({ databaseUrl: url, dataDir: '' })).db, Number(lockMs))
    : await pgBossQueue(await startPgBoss({ connection: { url }, supervise: false, migrate: false }), name, {
        create: false,
        retryDelay: 0,
        retryBackoff: false,
        expireInSeconds: Number(lockMs) / 1000,
      });

// An idle pool may close its last connection; the timer keeps the process alive until the kill.
setInterval(() => {}, 60_000);
const claimed = await queue.runOnce(async ({ id }) => {
  process.stdout.write(`claimed ${id}\n`);
  await new Promise(() => {});
});
if (!claimed) {
  process.stderr.write('crash-child: nothing to claim\n');
  process.exit(1);
}
