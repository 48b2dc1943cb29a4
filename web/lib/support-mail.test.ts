import { describe, expect, it } from 'vitest';
import { buildSupportMailto } from './support-mail';

describe('buildSupportMailto', () => {
  it('addresses the support mailbox with the session id and the latest question', () => {
    const url = new URL(buildSupportMailto({ email: 'help@acme.test', sessionId: 4, lastQuestion: ' How do I void a check? ' }));
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe('help@acme.test');
    expect(url.searchParams.get('subject')).toBe('KAI Support Request - Session 4');
    expect(url.searchParams.get('body')).toContain('Session ID: 4');
    expect(url.searchParams.get('body')).toContain('Most recent question: How do I void a check?');
  });

  it('says so when nothing was asked yet', () => {
    const url = new URL(buildSupportMailto({ sessionId: 1 }));
    expect(url.searchParams.get('body')).toContain('Most recent question: (none)');
  });
});
