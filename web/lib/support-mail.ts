import { SUPPORT_EMAIL } from '@/config/constants';

/** The support mail draft (spec part 1, section 2): session id and the latest user question. */
export function buildSupportMailto(sessionId: number, lastQuestion?: string): string {
  const subject = `KAI Support Request - Session ${sessionId}`;
  const body = [
    `Session ID: ${sessionId}`,
    `Most recent question: ${lastQuestion?.trim() || '(none)'}`,
    '',
    'Please describe the issue:',
    '',
  ].join('\n');
  return `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
