import { describe, expect, it } from 'vitest';
import type { HelpArticle } from '@contract/help';
import { parseHelpArticle } from './help-articles';
import { rankPassages, shortenTip, splitPassages } from './help-passages';

const article = (id: string, content: string): HelpArticle => ({ id, title: id, content, category: 'general', type: 'static' });

describe('help articles', () => {
  it('reads id, title and category from the front matter', () => {
    const parsed = parseHelpArticle('x.md', '---\nid: chat-basics\ntitle: Chat Basics\ncategory: chat\n---\nHello **there**.\n');
    expect(parsed).toEqual({ id: 'chat-basics', title: 'Chat Basics', category: 'chat', content: 'Hello **there**.', type: 'static' });
  });

  it('refuses an article without a known category', () => {
    expect(() => parseHelpArticle('x.md', '---\ntitle: X\ncategory: misc\n---\nText')).toThrow(/category/);
    expect(() => parseHelpArticle('x.md', 'No front matter')).toThrow(/front matter/);
  });
});

describe('help passages', () => {
  const articles = [
    article(
      'voice',
      '## Asking by voice\n\nChoose the microphone button or press Ctrl+Shift+Space to record a question.\n\n- Voice Mode reads answers aloud with a play button.',
    ),
    article('upload', 'Drop files on the drop zone. You can pick up to 10 files at once, each up to 25 MB.'),
  ];

  it('splits paragraphs and list items under their heading, without Markdown', () => {
    expect(splitPassages(articles[0])).toEqual([
      expect.objectContaining({ heading: 'Asking by voice', text: 'Choose the microphone button or press Ctrl+Shift+Space to record a question.' }),
      expect.objectContaining({ text: 'Voice Mode reads answers aloud with a play button.' }),
    ]);
  });

  it('ranks the passage sharing most words first and finds nothing for unrelated words', () => {
    expect(rankPassages(articles, 'microphone', 'record', 2)[0].text).toContain('microphone');
    expect(rankPassages(articles, 'drop zone', 'uploads', 2)[0].articleId).toBe('upload');
    expect(rankPassages(articles, 'zebra', '', 2)).toEqual([]);
    expect(rankPassages(articles, '.*(', '<b>', 2)).toEqual([]);
  });

  it('shortens to a sentence or two within the limit', () => {
    expect(shortenTip('One. Two. Three.', 100)).toBe('One. Two.');
    expect(shortenTip('a'.repeat(10) + ' ' + 'b'.repeat(200), 50).length).toBeLessThanOrEqual(50);
  });
});
