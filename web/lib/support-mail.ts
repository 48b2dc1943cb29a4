import { SUPPORT_EMAIL } from '@/config/constants';

type SupportMail = {
  sessionId: number;
  lastQuestion?: string;
  /** The deployment's support address from /api/app/config; a placeholder until it loads. */
  email?: string;
};

/** The support mail draft: session id and latest question, so support can find the chat (docs/product-rules.md, Sidebar). */
export function buildSupportMailto({ sessionId, lastQuestion, email = SUPPORT_EMAIL }: SupportMail): string {
  const subject = `KAI Support Request - Session ${sessionId}`;
  const body = [`Session ID: ${sessionId}`, `Most recent question: ${lastQuestion?.trim() || '(none)'}`, '', 'Please describe the issue:', ''].join(
    '\n',
  );
  // The address is used as given: encoding would turn its '@' into %40, which some mail apps reject.
  return `mailto:${email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
