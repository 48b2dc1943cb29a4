import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A throwaway PostgreSQL database on the server of `serverUrl`, dropped (even with connections left) by `drop`. */
export async function createBenchDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `kai_bench_queue_${randomBytes(5).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
