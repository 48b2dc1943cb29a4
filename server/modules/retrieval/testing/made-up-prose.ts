/** Contract-like prose of about `bytes` characters for chunking and indexing tests, in paragraphs of two sentences. */
export function madeUpProse(bytes: number, options: { marker?: string } = {}): string {
  const paragraphs: string[] = [];
  let size = 0;
  for (let n = 0; size < bytes; n++) {
    const words = Array.from({ length: 90 }, (_, i) => WORDS[(n * 7 + i * 13 + (n % 11) * i) % WORDS.length]);
    const first = words.slice(0, 45).join(' ');
    const paragraph = `${first.charAt(0).toUpperCase()}${first.slice(1)} ${n}. ${words.slice(45).join(' ')} ${n + 1}.`;
    paragraphs.push(paragraph);
    size += paragraph.length + 2;
  }
  // One word found once, halfway through: the document is searchable to its middle.
  if (options.marker) paragraphs[Math.floor(paragraphs.length / 2)] += ` ${options.marker} quarry deliveries are billed weekly.`;
  return paragraphs.join('\n\n');
}

const WORDS = (
  'the contractor shall submit each payment application with lien waivers from every subcontractor and supplier whose ' +
  'work is billed retainage of ten percent is held until substantial completion change orders require written approval ' +
  'before work begins invoices for stored materials need proof of insurance'
).split(' ');
