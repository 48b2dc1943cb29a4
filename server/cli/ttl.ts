/** Parses a lifetime like `30m`, `1h`, `3600s` or `3600` into seconds; undefined when unreadable. */
export function parseTtl(text: string): number | undefined {
  const match = /^(\d+)\s*(s|m|h)?$/i.exec(text.trim());
  if (!match) return undefined;
  const unit = { s: 1, m: 60, h: 3600 }[(match[2] ?? 's').toLowerCase() as 's' | 'm' | 'h'];
  const seconds = Number(match[1]) * unit;
  return Number.isSafeInteger(seconds) && seconds > 0 ? seconds : undefined;
}
