/** A top-level array whose rows are read one at a time, when the writer reaches it. */
type LazySection = readonly [name: string, rows: () => AsyncIterable<unknown>];

/** Text is handed on in pieces of about this size: few, not huge, writes. */
const CHUNK_CHARS = 64 * 1024;

/**
 * Writes `{ ...head, name: [rows...], ... }` as JSON text in pieces, pulling rows only as fast as
 * the reader takes the text, so memory holds one piece and the current page of rows.
 */
export async function* writeJsonDocument(head: Record<string, unknown>, sections: LazySection[]): AsyncGenerator<string> {
  const headText = JSON.stringify(head);
  let pending = headText.slice(0, -1);
  let needsComma = headText !== '{}';
  for (const [name, rows] of sections) {
    pending += `${needsComma ? ',' : ''}${JSON.stringify(name)}:[`;
    needsComma = true;
    let first = true;
    for await (const row of rows()) {
      pending += (first ? '' : ',') + JSON.stringify(row);
      first = false;
      if (pending.length >= CHUNK_CHARS) {
        yield pending;
        pending = '';
      }
    }
    pending += ']';
  }
  yield `${pending}}`;
}
