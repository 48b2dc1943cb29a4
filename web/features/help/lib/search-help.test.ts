import type { HelpArticle } from '@contract/help';
import { describe, expect, it } from 'vitest';
import { searchHelpArticles, splitMatches } from './search-help';

const article = (id: string, title: string, content: string, category: HelpArticle['category']): HelpArticle => ({
  id,
  title,
  content,
  category,
  type: 'static',
});

const articles = [
  article('chat', 'Chat Basics', 'Type a question and choose Send.', 'chat'),
  article('upload', 'File Upload Overview', 'Up to 10 files, 25 MB each (PDF, CSV).', 'files'),
  article('panel', 'Context and Tools Panel', 'Documents, Invoices and Reports tabs.', 'context'),
];

describe('searchHelpArticles', () => {
  it('lowercases the query and matches title or content', () => {
    expect(searchHelpArticles(articles, 'CHAT').map((a) => a.id)).toEqual(['chat']);
    expect(searchHelpArticles(articles, '25 mb').map((a) => a.id)).toEqual(['upload']);
    expect(searchHelpArticles(articles, '').map((a) => a.id)).toEqual(['chat', 'upload', 'panel']);
  });

  it('filters by category; context articles are listed under General Help', () => {
    expect(searchHelpArticles(articles, '', 'files').map((a) => a.id)).toEqual(['upload']);
    expect(searchHelpArticles(articles, '', 'general').map((a) => a.id)).toEqual(['panel']);
    expect(searchHelpArticles(articles, 'send', 'files')).toEqual([]);
  });

  it('treats regular-expression characters as plain text', () => {
    expect(searchHelpArticles(articles, '(pdf').map((a) => a.id)).toEqual(['upload']);
    expect(() => searchHelpArticles(articles, '[*+?')).not.toThrow();
    expect(searchHelpArticles(articles, '.*')).toEqual([]);
  });
});

describe('splitMatches', () => {
  it('cuts the text around every case-insensitive match', () => {
    expect(splitMatches('Send it, then send more', 'SEND')).toEqual([
      { text: 'Send', match: true },
      { text: ' it, then ', match: false },
      { text: 'send', match: true },
      { text: ' more', match: false },
    ]);
  });

  it('matches regex and HTML characters literally', () => {
    expect(splitMatches('a (b) c', '(b)')).toEqual([
      { text: 'a ', match: false },
      { text: '(b)', match: true },
      { text: ' c', match: false },
    ]);
    expect(splitMatches('plain text', '.*')).toEqual([{ text: 'plain text', match: false }]);
    expect(splitMatches('x <b>y</b>', '<b>')).toEqual([
      { text: 'x ', match: false },
      { text: '<b>', match: true },
      { text: 'y</b>', match: false },
    ]);
  });

  it('returns the whole text for an empty query', () => {
    expect(splitMatches('abc', '  ')).toEqual([{ text: 'abc', match: false }]);
  });
});
