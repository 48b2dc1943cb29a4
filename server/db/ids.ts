/**
 * Row ids are UUIDs. A string that is not one cannot name a row, so callers answer it like an
 * id of someone else's row (404) without asking the database (which would reject the cast).
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(id: string): boolean {
  return UUID.test(id);
}
