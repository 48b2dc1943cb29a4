import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';

/**
 * The server's route table as the security suites see it: every route the app registers, with
 * its contract schemas. Fastify exposes no such list after boot, so the test files mock the
 * `fastify` module with `recordRoutes` and an onRoute hook on the root writes each route down
 * before any plugin registers one; a route added later is listed without editing the suites.
 *
 *   vi.mock('fastify', async (original) => (await import('./route-table')).recordRoutes(await original()));
 */
export interface RecordedRoute {
  method: string;
  url: string;
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
}

const tables = new WeakMap<object, RecordedRoute[]>();

export function recordRoutes<M extends { default: unknown }>(original: M): M {
  const create = original.default as (options?: unknown) => FastifyInstance;
  const recording = (options?: unknown) => {
    const app = create(options);
    const table: RecordedRoute[] = [];
    tables.set(app, table);
    app.addHook('onRoute', (route: RouteOptions) => {
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      for (const method of [route.method].flat()) {
        table.push({ method, url: route.url, body: zod(schema.body), querystring: zod(schema.querystring), params: zod(schema.params) });
      }
    });
    return app;
  };
  return { ...original, default: recording, fastify: recording };
}

export function routeTable(app: FastifyInstance): RecordedRoute[] {
  const table = tables.get(app);
  if (!table) throw new Error('fastify was not mocked with recordRoutes in this test file');
  return table;
}

/** Path parameter names as the router sees them (`:id`, and `*` for a wildcard). */
export function pathParams(url: string): string[] {
  return [...url.matchAll(/:(\w+)|\*/g)].map((match) => match[1] ?? '*');
}

function zod(schema: unknown): z.ZodType | undefined {
  return schema instanceof z.ZodType ? schema : undefined;
}

/** JSON Schema of what a caller sends (zod's public converter, so no zod internals are read). */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
};

export function inputJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

export type FieldPath = Array<string | number>;

/**
 * A value the schema accepts (or nearly: patterns are not honoured), with every optional
 * property present, so that every string field is there to be replaced.
 */
export function sampleOf(node: JsonSchema): unknown {
  const choice = node.anyOf ?? node.oneOf;
  if (choice) return sampleOf(choice[0]);
  if (node.const !== undefined) return node.const;
  if (node.enum) return node.enum[0];
  const type = [node.type ?? 'object'].flat().find((t) => t !== 'null');
  switch (type) {
    case 'string':
      if (node.format === 'email') return 'someone@example.com';
      if (node.format === 'uri') return 'https://example.com/a.png';
      if (node.format === 'date') return '2026-01-15';
      return 'sample'.padEnd(node.minLength ?? 1, 's');
    case 'integer':
    case 'number':
      return node.minimum ?? (node.exclusiveMinimum !== undefined ? node.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: Math.max(node.minItems ?? 1, 1) }, () => sampleOf(node.items ?? {}));
    default:
      return Object.fromEntries(Object.entries(node.properties ?? {}).map(([key, child]) => [key, sampleOf(child)]));
  }
}

/** Where the sample holds a string, each as a path of keys and indexes. */
export function stringPaths(value: unknown, path: FieldPath = []): FieldPath[] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringPaths(item, [...path, index]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
  return [];
}

export function readPath(value: unknown, path: FieldPath): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], value);
}

/** A copy of `value` with the field at `path` set. */
export function withPath(value: unknown, path: FieldPath, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head] = withPath(copy[head], rest, replacement);
  return copy;
}
