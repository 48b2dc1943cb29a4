import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RateLimitRepository } from './rate-limit.repository';

/** About one request in this many also clears out windows that ended over an hour ago. */
const PURGE_EVERY = 500;
const PURGE_AFTER_MS = 60 * 60_000;

/** The plugin hands each route's store its merged settings, the route under `routeInfo`. */
function routeName(params: object): string {
  const { groupId, routeInfo } = params as { groupId?: string; routeInfo?: { method?: string | string[]; url?: string } };
  return groupId ?? `${[routeInfo?.method ?? ''].flat().join(',')} ${routeInfo?.url ?? ''}`;
}

/**
 * A @fastify/rate-limit store over the database, for PostgreSQL, where several processes and
 * instances serve the same users: the plugin's own store counts in one process's memory, so N
 * processes would allow N times the limit. Each route's store keeps its own keys.
 */
export function databaseRateLimitStore(repository: RateLimitRepository, onError: (err: unknown) => void): FastifyRateLimitStoreCtor {
  const storeFor = (prefix: string): FastifyRateLimitStore => ({
    incr(key, callback, timeWindow) {
      if (Math.floor(Math.random() * PURGE_EVERY) === 0) {
        repository.purgeOlderThan(new Date(Date.now() - PURGE_AFTER_MS)).catch(onError);
      }
      repository.increment(`${prefix}${key}`, timeWindow).then(
        ({ current, ttlMs }) => callback(null, { current, ttl: ttlMs }),
        (err: Error) => callback(err),
      );
    },
    child: (params) => storeFor(`${routeName(params)}|`),
  });
  return class DatabaseRateLimitStore {
    constructor() {
      return storeFor('global|');
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
