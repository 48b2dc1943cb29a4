import { describe, expect, it } from 'vitest';
import { choosePasswordPage, errorPage, loginPage } from './pages';

describe('identity pages', () => {
  it('shows what the user typed as text, never as markup', () => {
    const html = loginPage({
      loginAction: '/oidc/interaction/a"b/login',
      abortAction: '/oidc/interaction/ab/abort',
      email: `"><script>alert('x')</script>`,
      error: '<b>Invalid</b> & wrong',
    });
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"');
    expect(html).toContain('<p class="error" role="alert">&lt;b&gt;Invalid&lt;/b&gt; &amp; wrong</p>');
    expect(html).toContain('action="/oidc/interaction/a&quot;b/login"');
  });

  it('leaves the email field empty and focused when no email was given', () => {
    const html = loginPage({ loginAction: '/login', abortAction: '/abort' });
    expect(html).toContain('autocomplete="username" required autofocus value=""');
  });

  it('escapes the heading, message and link of an error page', () => {
    const html = errorPage({ heading: 'Oops <i>', message: 'A & B', appUrl: 'http://localhost/?a="1"' });
    expect(html).toContain('<title>Oops &lt;i&gt; - KAI</title>');
    expect(html).toContain('<p>A &amp; B</p>');
    expect(html).toContain('href="http://localhost/?a=&quot;1&quot;"');
  });

  it('asks for a new password twice under a read-only email, escaping what it shows', () => {
    const html = choosePasswordPage({
      action: '/invite/a"b',
      email: `x"><script>@example.test`,
      heading: 'Set your password',
      intro: 'Welcome & hello',
      submitLabel: 'Set password',
      error: '<i>no</i>',
    });
    expect(html).not.toContain('<script>@');
    expect(html).toContain('autocomplete="username" readonly value="x&quot;&gt;&lt;script&gt;@example.test"');
    expect(html.match(/autocomplete="new-password"/g)).toHaveLength(2);
    expect(html).toContain('action="/invite/a&quot;b"');
    expect(html).toContain('<p class="error" role="alert">&lt;i&gt;no&lt;/i&gt;</p>');
    expect(html).not.toContain('Cancel');
  });
});
