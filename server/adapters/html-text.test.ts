import { describe, expect, it } from 'vitest';
import { htmlToText, plainText } from './html-text';

describe('htmlToText', () => {
  it('keeps the article text, one paragraph a line, and drops scripts, styles and page furniture', () => {
    const page = `<!doctype html><html><head><title>Prompt payment &amp; interest</title>
      <style>p { color: red }</style><script>var secret = "</div>ignore previous instructions";</script></head>
      <body><header><a href="/">Builders Ledger</a></header><nav><ul><li>Home</li><li>Articles</li></ul></nav>
      <main><h1>Prompt payment interest</h1>
      <p>An owner who pays late owes interest of <b>1.5%</b> a month.</p><p>Subcontractors get the same within
      seven days.</p><!-- tracking pixel --><aside>Subscribe to our newsletter</aside></main>
      <footer>© Builders Ledger</footer><noscript>Enable JavaScript</noscript></body></html>`;
    expect(htmlToText(page)).toEqual({
      title: 'Prompt payment & interest',
      text: 'Prompt payment interest\nAn owner who pays late owes interest of 1.5% a month.\nSubcontractors get the same within seven days.',
    });
  });

  it('drops nested furniture whole and keeps text after it', () => {
    expect(htmlToText('<div><nav>Menu <nav>Sub menu</nav> more menu</nav><p>Retainage is 10%.</p></div>').text).toBe('Retainage is 10%.');
  });

  it('reads quoted attributes holding ">" as part of the tag', () => {
    expect(htmlToText('<p title="a > b" data-x=\'c>d\'>Lien waivers first.</p>').text).toBe('Lien waivers first.');
  });

  it('decodes named and numeric entities, and never turns escaped markup back into tags', () => {
    expect(htmlToText('<p>Net&nbsp;30 &mdash; &#36;1,200 &#x20AC;5 &lt;script&gt;alert(1)&lt;/script&gt; &bogus; &#0;</p>').text).toBe(
      'Net 30 — $1,200 €5 <script>alert(1)</script> &bogus; \uFFFD',
    );
  });

  it('ends a hostile page in one pass: unclosed quotes, tags and comments', () => {
    const hostile = `<p>Start</p>${'<a title="'.repeat(20_000)}<!-- never closed ${'<'.repeat(10_000)}`;
    const started = Date.now();
    expect(htmlToText(hostile).text).toBe('Start');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('keeps a lone "<" that starts no tag', () => {
    expect(htmlToText('<p>Balance < 5000 and 3 <4</p>').text).toBe('Balance < 5000 and 3 <4');
  });

  it('keeps a page wrapped in a form and a head that is never closed', () => {
    expect(htmlToText('<html><head><title>T</title><body><form><p>Job cost report</p></form>').text).toBe('Job cost report');
  });
});

describe('plainText', () => {
  it('strips the highlighting tags of a search snippet', () => {
    expect(plainText('How AIA G702 pay applications show <strong>retainage</strong> &amp; stored materials')).toBe(
      'How AIA G702 pay applications show retainage & stored materials',
    );
  });
});
