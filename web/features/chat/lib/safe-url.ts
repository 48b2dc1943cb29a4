const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/**
 * Keeps a link only when it is an absolute http(s) or mailto address; anything else
 * (javascript:, data:, relative paths) becomes '' so it cannot run or leave the app oddly.
 */
export function toSafeHref(url: string | null | undefined, protocols: ReadonlySet<string> = LINK_PROTOCOLS): string {
  if (!url) return '';
  try {
    return protocols.has(new URL(url).protocol) ? url : '';
  } catch {
    return '';
  }
}

export const WEB_PROTOCOLS: ReadonlySet<string> = new Set(['http:', 'https:']);
