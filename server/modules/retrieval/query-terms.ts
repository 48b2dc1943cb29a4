import { SYNONYM_GROUPS } from './synonyms';

/**
 * Turns a user's question into concepts: each concept is one thing the passage should mention,
 * given as alternatives (a synonym group, or a single word). Postgres does the rest: each
 * alternative goes through `phraseto_tsquery('english', ...)` as a bound parameter, which stems
 * it and drops stop words, so no user text ever reaches tsquery syntax.
 */
export type Concept = readonly string[];

/** Question filler that Postgres' English stop list keeps but that never identifies a passage. */
const FILLER_WORDS = new Set([
  'please',
  'need',
  'needs',
  'want',
  'wants',
  'help',
  'tell',
  'know',
  'way',
  'ways',
  'steps',
  'step',
  'thing',
  'things',
  'something',
  'anyone',
  'someone',
  'kai',
  'structure',
  'erp',
  'able',
  'like',
  'use',
  'using',
  'go',
  'get',
  'also',
  'still',
  'just',
  'really',
  'actually',
  'exactly',
]);

/** A question that opens with one of these continues the one before: 'and for a credit note?'. */
const CONTINUING_WORDS = new Set(['and', 'also', 'but', 'or', 'then', 'so', 'plus']);
/** Words that point back at the conversation's subject: 'how do I undo it?', 'what about those?'. */
const REFERRING_WORDS = new Set(['it', 'its', 'one', 'ones', 'that', 'this', 'these', 'those', 'them', 'they', 'same', 'instead']);

const MAX_CONCEPTS = 16;
const MAX_QUERY_CHARS = 1000;

const TOKEN = /[\p{L}\p{N}]+(?:[&/'.-][\p{L}\p{N}]+)*/gu;

export function tokenize(text: string): string[] {
  const normalised = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'");
  return (normalised.match(TOKEN) ?? []).map((t) => t.replace(/'s$/, '').replace(/\.$/, ''));
}

/**
 * Whether a question leans on the earlier turns for its subject: it opens like a continuation
 * ('and ...', 'what about ...') or refers back ('it', 'those', 'the same'). A question that
 * names its own subject ('what is the capital of Mongolia?') stands alone. Words like 'that' also
 * open relative clauses; such a question is then treated as a follow-up, which costs nothing when
 * its own words are covered.
 */
export function leansOnEarlierTurns(query: string): boolean {
  const tokens = tokenize(query.slice(0, MAX_QUERY_CHARS));
  if (CONTINUING_WORDS.has(tokens[0] ?? '')) return true;
  if ((tokens[0] === 'what' || tokens[0] === 'how') && tokens[1] === 'about') return true;
  return tokens.some((token) => REFERRING_WORDS.has(token));
}

interface SynonymEntry {
  tokens: string[];
  group: readonly string[];
}

/** Phrases by their first word, longest first, so "pay app" wins over "pay". */
const synonymIndex = buildSynonymIndex(SYNONYM_GROUPS);

function buildSynonymIndex(groups: readonly (readonly string[])[]): Map<string, SynonymEntry[]> {
  const index = new Map<string, SynonymEntry[]>();
  for (const group of groups) {
    for (const term of group) {
      const tokens = tokenize(term);
      if (tokens.length === 0) continue;
      const entries = index.get(tokens[0]) ?? [];
      entries.push({ tokens, group });
      index.set(tokens[0], entries);
    }
  }
  for (const entries of index.values()) entries.sort((a, b) => b.tokens.length - a.tokens.length);
  return index;
}

const sameWord = (queryToken: string, termToken: string) =>
  queryToken === termToken || queryToken === `${termToken}s` || queryToken === `${termToken}es`;

function lookup(token: string): SynonymEntry[] {
  const direct = synonymIndex.get(token) ?? [];
  const singular = token.endsWith('es') ? (synonymIndex.get(token.slice(0, -2)) ?? []) : [];
  const singularS = token.endsWith('s') ? (synonymIndex.get(token.slice(0, -1)) ?? []) : [];
  return [...direct, ...singular, ...singularS].sort((a, b) => b.tokens.length - a.tokens.length);
}

/** One thing the question asks about: the words the user typed, and the synonyms that may stand for them. */
export interface AskedConcept {
  typed: string;
  synonyms: string[];
}

/** The concepts of a query, in query order, without duplicates. */
export function queryConcepts(query: string): Concept[] {
  return askedConcepts(query).map((concept) => [concept.typed, ...concept.synonyms]);
}

/** The concepts of a query with the words the user typed apart from their synonyms. */
export function askedConcepts(query: string): AskedConcept[] {
  const tokens = tokenize(query.slice(0, MAX_QUERY_CHARS));
  const concepts: AskedConcept[] = [];
  const seen = new Set<string>();
  const add = (typed: string, group: Concept) => {
    const key = group.join('\u0000');
    if (seen.has(key) || concepts.length >= MAX_CONCEPTS) return;
    seen.add(key);
    concepts.push({ typed, synonyms: group.filter((term) => term !== typed) });
  };
  for (let i = 0; i < tokens.length;) {
    const match = lookup(tokens[i]).find(
      (entry) => entry.tokens.length <= tokens.length - i && entry.tokens.every((t, k) => sameWord(tokens[i + k], t)),
    );
    if (match) {
      add(tokens.slice(i, i + match.tokens.length).join(' '), match.group);
      i += match.tokens.length;
      continue;
    }
    if (!FILLER_WORDS.has(tokens[i])) add(tokens[i], [tokens[i]]);
    i += 1;
  }
  return concepts;
}
