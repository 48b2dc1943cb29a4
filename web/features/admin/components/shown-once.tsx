import type { AdminUserResult } from '@contract/admin';
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';

/** What an account change can hand out once: the server keeps only its hash. */
export type HandedOut = { email: string } & ({ kind: 'password'; password: string } | { kind: 'invitation'; link: string; expiresAt?: string });

function Explanation({ handedOut }: { handedOut: HandedOut }) {
  if (handedOut.kind === 'password') {
    return (
      <p>
        One-time password for <strong>{handedOut.email}</strong>. It is shown only once and works for one sign-in within 7 days, after which they
        choose their own: pass it on safely.
      </p>
    );
  }
  const until = handedOut.expiresAt ? ` until ${new Date(handedOut.expiresAt).toLocaleDateString()}` : '';
  return (
    <p>
      Invitation link for <strong>{handedOut.email}</strong>. It is shown only once and works once{until}: send it to them so they can set their
      password.
    </p>
  );
}

/** A generated password or an invitation link, shown this once with a button to copy it. */
export function ShownOnce({ handedOut, onDone }: { handedOut: HandedOut; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const value = handedOut.kind === 'password' ? handedOut.password : handedOut.link;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <section
      role="status"
      aria-label={handedOut.kind === 'password' ? 'One-time password' : 'Invitation link'}
      className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-slate-900 dark:border-amber-700 dark:bg-amber-950 dark:text-slate-50"
    >
      <Explanation handedOut={handedOut} />
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <code className="break-all rounded bg-white px-2 py-1 font-mono dark:bg-slate-900">{value}</code>
        <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copied' : handedOut.kind === 'password' ? 'Copy password' : 'Copy link'}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          Done
        </Button>
      </div>
    </section>
  );
}

/** What to show from an account change's answer, if anything. */
export function handedOutBy(result: AdminUserResult): HandedOut | null {
  const email = result.user.email ?? '';
  if (result.oneTimePassword) return { kind: 'password', email, password: result.oneTimePassword };
  if (result.invitationLink) return { kind: 'invitation', email, link: result.invitationLink, expiresAt: result.invitationExpiresAt };
  return null;
}
