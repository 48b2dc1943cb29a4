import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';

/** A generated password, shown this once: the server keeps only its hash. */
export function OneTimePassword({ email, password, onDone }: { email: string; password: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(password);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <section
      role="status"
      aria-label="One-time password"
      className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-slate-900 dark:border-amber-700 dark:bg-amber-950 dark:text-slate-50"
    >
      <p>
        One-time password for <strong>{email}</strong>. It is shown only once: pass it on safely.
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <code className="rounded bg-white px-2 py-1 font-mono dark:bg-slate-900">{password}</code>
        <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy password'}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          Done
        </Button>
      </div>
    </section>
  );
}
