/**
 * A hardened XML reader for e-invoices and a few accessors over its tree. DOCTYPEs are refused
 * outright (no e-invoice syntax uses one), so no entity can expand and no external file is read;
 * only the five predefined entities and character references are decoded, by hand.
 */
import { XMLParser } from 'fast-xml-parser';

/** Larger than any real e-invoice; keeps a hostile attachment from tying up the parser. */
const MAX_XML_BYTES = 5 * 1024 * 1024;

/** An element: child elements by local name (always arrays), `#text`, and `@_attr` attributes. */
export type XmlNode = { [name: string]: XmlNode[] | string | undefined };

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  alwaysCreateTextNode: true,
  isArray: (_name, _path, _isLeaf, isAttribute) => !isAttribute,
});

/** The root element as `{ name, node }`, or null for input that is too big, has a DTD or is not XML. */
export function readXmlRoot(xml: string): { name: string; node: XmlNode } | null {
  if (xml.length > MAX_XML_BYTES || Buffer.byteLength(xml, 'utf8') > MAX_XML_BYTES) return null;
  const text = xml.replace(/^\uFEFF/, '');
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) return null;
  let tree: Record<string, unknown>;
  try {
    tree = parser.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
  for (const [name, value] of Object.entries(tree)) {
    if (name.startsWith('#') || name.startsWith('@_') || !Array.isArray(value)) continue;
    const node = value[0];
    if (node && typeof node === 'object') return { name, node: node as XmlNode };
  }
  return null;
}

/** Child elements with one of the local names, in document order of the names given. */
export function children(node: XmlNode | null | undefined, ...names: string[]): XmlNode[] {
  if (!node) return [];
  const found: XmlNode[] = [];
  for (const name of names) {
    const value = node[name];
    if (Array.isArray(value)) found.push(...value.filter((child) => child && typeof child === 'object'));
  }
  return found;
}

export function child(node: XmlNode | null | undefined, ...names: string[]): XmlNode | null {
  return children(node, ...names)[0] ?? null;
}

/** Follows a path of local names, taking the first match at each step. */
export function at(node: XmlNode | null | undefined, ...path: string[]): XmlNode | null {
  let current: XmlNode | null | undefined = node;
  for (const step of path) current = child(current, ...step.split('|'));
  return current ?? null;
}

/** The element's text with whitespace runs collapsed, or null when empty. */
export function text(node: XmlNode | null | undefined): string | null {
  const raw = node?.['#text'];
  if (typeof raw !== 'string') return null;
  const value = decodeEntities(raw).replace(/\s+/g, ' ').trim();
  return value || null;
}

export function textAt(node: XmlNode | null | undefined, ...path: string[]): string | null {
  return text(at(node, ...path));
}

export function attribute(node: XmlNode | null | undefined, name: string): string | null {
  const value = node?.[`@_${name}`];
  return typeof value === 'string' ? decodeEntities(value).trim() : null;
}

export function decimal(node: XmlNode | null | undefined): number | null {
  const value = text(node);
  if (value === null || !/^[+-]?(\d+\.?\d*|\.\d+)$/.test(value)) return null;
  return Number(value);
}

export function decimalAt(node: XmlNode | null | undefined, ...path: string[]): number | null {
  return decimal(at(node, ...path));
}

/**
 * An amount among several siblings of that name (CII repeats TaxTotalAmount once per currency):
 * the one in `currency`, else one without a currencyID, else the first.
 */
export function amountIn(parent: XmlNode | null | undefined, name: string, currency: string | null): number | null {
  const nodes = children(parent, name);
  const pick =
    nodes.find((node) => currency !== null && attribute(node, 'currencyID') === currency) ??
    nodes.find((node) => attribute(node, 'currencyID') === null) ??
    nodes[0];
  return decimal(pick);
}

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return PREDEFINED[name] ?? whole;
  });
}
