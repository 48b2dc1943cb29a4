/**
 * Uploaded file names are display data only: storage is keyed by blob id. These helpers make a
 * name safe to show and to send back in a Content-Disposition header.
 */
const MAX_NAME_CHARS = 255;
/** C0/C1 controls, bidi embeddings/overrides/isolates and the marks that reorder what a user sees. */
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const EXTENSION = /\.[A-Za-z0-9]{1,10}$/;

export function sanitizeFilename(raw: string | undefined): string {
  const cleaned = (raw ?? '').normalize('NFC').replace(UNSAFE_CHARS, '');
  const lastSegment = cleaned.split(/[/\\]/).pop() ?? '';
  const trimmed = lastSegment.trim();
  const name = trimmed === '' || /^\.+$/.test(trimmed) ? 'file' : trimmed;
  const chars = Array.from(name); // code points, so a cut never splits a surrogate pair
  if (chars.length <= MAX_NAME_CHARS) return name;
  const extension = EXTENSION.exec(name)?.[0] ?? '';
  return (
    chars
      .slice(0, MAX_NAME_CHARS - extension.length)
      .join('')
      .trimEnd() + extension
  );
}

/** RFC 6266 with an ASCII fallback and the exact name in RFC 5987 `filename*`. */
export function contentDisposition(type: 'attachment' | 'inline', filename: string): string {
  const name = sanitizeFilename(filename);
  const fallback = Array.from(name, (c) => (/^[\x20-\x7e]$/.test(c) && c !== '"' && c !== '\\' ? c : '_')).join('');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** "25 MB", "64 KB", "900 bytes": for limit messages. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return `${bytes} bytes`;
}
