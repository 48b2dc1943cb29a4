import { describe, expect, it } from 'vitest';
import { linkifyText } from './linkify';

describe('linkifyText', () => {
  it('turns markdown-style links and bare URLs into links', () => {
    expect(linkifyText('See [the guide](https://example.com/guide) or https://erp.example.com/help.')).toEqual([
      { type: 'text', text: 'See ' },
      { type: 'link', text: 'the guide', href: 'https://example.com/guide' },
      { type: 'text', text: ' or ' },
      { type: 'link', text: 'https://erp.example.com/help', href: 'https://erp.example.com/help' },
      { type: 'text', text: '.' },
    ]);
  });

  it('leaves other schemes as plain text', () => {
    expect(linkifyText('[x](javascript:alert(1)) ftp://files.example.com')).toEqual([
      { type: 'text', text: '[x](javascript:alert(1)) ftp://files.example.com' },
    ]);
  });

  it('returns plain text untouched', () => {
    expect(linkifyText('No links here')).toEqual([{ type: 'text', text: 'No links here' }]);
  });
});
