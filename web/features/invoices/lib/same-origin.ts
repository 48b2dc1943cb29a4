/**
 * Paths the server hands out (image_path, download_url) are fetched with the bearer token, so
 * they must stay on this origin: an absolute URL elsewhere is refused rather than sent the token.
 */
export function assertSameOrigin(path: string): string {
  const url = new URL(path, window.location.origin);
  if (url.origin !== window.location.origin) throw new Error(`Refusing to fetch ${url.origin}: not this site.`);
  return path;
}
