import type { ProcoreStatus } from '@contract/procore';
import { CircleCheck, ExternalLink, TriangleAlert } from 'lucide-react';
import { useId, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { DEFAULT_COMPANY_NAME } from '../lib/procore-messages';

const NOT_CONFIGURED_FALLBACK = 'An administrator must add the Procore client ID, client secret and redirect URI to the server configuration.';

type IntroStepProps = { status: ProcoreStatus | undefined; isStarting: boolean; onStart: () => void };

export function IntroStep({ status, isStarting, onStart }: IntroStepProps) {
  const notConfigured = status?.configured === false;
  return (
    <>
      <DialogHeader>
        <DialogTitle>Connect to Procore</DialogTitle>
        <DialogDescription>Let KAI read your Procore projects, commitments, budgets, RFIs and submittals to answer questions.</DialogDescription>
      </DialogHeader>
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
        <li>A Procore sign-in window opens.</li>
        <li>Sign in and allow KAI to read your company&apos;s data.</li>
        <li>Paste the authorization code Procore shows into the next step.</li>
      </ol>
      <p className="text-xs text-slate-500 dark:text-slate-400">KAI only reads from Procore; it never changes anything there.</p>
      {notConfigured && (
        <div
          role="note"
          className="flex gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-200"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <div>
            <p className="font-medium">Procore is not set up on this server.</p>
            <p>{status?.hint || NOT_CONFIGURED_FALLBACK}</p>
          </div>
        </div>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button onClick={onStart} disabled={notConfigured || isStarting}>
          {isStarting ? <Spinner className="size-4 text-white" /> : <ExternalLink aria-hidden="true" />}
          Sign in to Procore
        </Button>
      </DialogFooter>
    </>
  );
}

type AuthStepProps = {
  code: string;
  onCodeChange: (code: string) => void;
  isConnecting: boolean;
  onConnect: () => void;
  onReopen: () => void;
};

export function AuthStep({ code, onCodeChange, isConnecting, onConnect, onReopen }: AuthStepProps) {
  const inputId = useId();
  const hintId = useId();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onConnect();
  };
  return (
    <form onSubmit={onSubmit} className="grid gap-4" aria-busy={isConnecting}>
      <DialogHeader>
        <DialogTitle>Connect to Procore</DialogTitle>
        <DialogDescription>Sign in to Procore in the window that opened and allow access, then paste the authorization code here.</DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor={inputId}>Authorization code</Label>
        <input
          id={inputId}
          value={code}
          onChange={(event) => onCodeChange(event.target.value)}
          aria-describedby={hintId}
          autoComplete="off"
          spellCheck={false}
          className="h-9 rounded-md border border-slate-300 bg-white px-3 font-mono text-sm outline-none focus-visible:ring-2 focus-visible:ring-blue-500 dark:border-slate-700 dark:bg-slate-950"
          autoFocus
        />
        <p id={hintId} className="text-xs text-slate-500 dark:text-slate-400">
          No window?{' '}
          <Button variant="link" className="h-auto p-0 text-xs" onClick={onReopen}>
            Open Procore sign-in again
          </Button>
        </p>
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={!code.trim() || isConnecting}>
          {isConnecting && <Spinner className="size-4 text-white" />}
          Connect
        </Button>
      </DialogFooter>
    </form>
  );
}

export function SuccessStep({ companyName }: { companyName?: string }) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>Connect to Procore</DialogTitle>
        <DialogDescription className="sr-only">Procore is connected; this dialog closes on its own.</DialogDescription>
      </DialogHeader>
      <div role="status" className="flex flex-col items-center gap-3 py-6 text-center">
        <CircleCheck className="size-12 text-green-600 dark:text-green-400" aria-hidden="true" />
        <p className="font-medium text-slate-900 dark:text-slate-50">Connected to {companyName || DEFAULT_COMPANY_NAME}</p>
        <p className="text-sm text-slate-600 dark:text-slate-400">KAI will now answer from Procore.</p>
      </div>
    </>
  );
}
