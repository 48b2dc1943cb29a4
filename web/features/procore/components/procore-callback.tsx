import { CircleCheck, CircleX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuthenticateProcore } from '../api/authenticate-procore';
import { describeExchangeFailure, describeExchangeResult, readCallbackParams, type CallbackFailure } from '../lib/callback-outcome';
import { announceProcoreConnected } from '../lib/procore-channel';

/** docs/product-rules.md, Procore: the page returns to the chat this long after connecting. */
const CALLBACK_REDIRECT_MS = 2000;

type Outcome = { kind: 'processing' } | { kind: 'success'; companyName?: string } | ({ kind: 'error' } & CallbackFailure);

/** Where Procore sends the browser back: exchanges the code once, then says how it went. */
export function ProcoreCallback() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const { mutate: exchange } = useAuthenticateProcore();
  const [params] = useState(() => readCallbackParams(search));
  const [outcome, setOutcome] = useState<Outcome>(() => ('failure' in params ? { kind: 'error', ...params.failure } : { kind: 'processing' }));
  // StrictMode runs effects twice in development; a code is single-use, so it is sent once.
  const sent = useRef(false);

  useEffect(() => {
    if ('failure' in params || sent.current) return;
    sent.current = true;
    exchange(
      { code: params.code, state: params.state },
      {
        onSuccess: (result) => {
          const failure = describeExchangeResult(result);
          if (failure) return setOutcome({ kind: 'error', ...failure });
          announceProcoreConnected(result.companyName);
          setOutcome({ kind: 'success', companyName: result.companyName });
        },
        onError: (err) => {
          console.error(err);
          setOutcome({ kind: 'error', ...describeExchangeFailure(err) });
        },
      },
    );
  }, [exchange, params]);

  useEffect(() => {
    if (outcome.kind !== 'success') return;
    const timer = setTimeout(() => {
      // Opened as the dialog's sign-in window: the dialog has heard, so the window can go.
      if (window.opener) window.close();
      navigate(paths.home);
    }, CALLBACK_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [outcome.kind, navigate]);

  return <CallbackView outcome={outcome} />;
}

function CallbackView({ outcome }: { outcome: Outcome }) {
  if (outcome.kind === 'processing') {
    return (
      <div role="status" className="flex flex-col items-center gap-4 py-16 text-center">
        <Spinner />
        <p className="text-slate-600 dark:text-slate-400">Connecting to Procore...</p>
      </div>
    );
  }
  if (outcome.kind === 'success') {
    return (
      <div role="status" className="flex flex-col items-center gap-3 py-16 text-center">
        <CircleCheck className="size-12 text-green-600 dark:text-green-400" aria-hidden="true" />
        <p className="font-medium text-slate-900 dark:text-slate-50">
          Successfully connected to Procore!{outcome.companyName ? ` Company: ${outcome.companyName}` : ''}
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-400">Returning to the chat...</p>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center gap-3 py-16 text-center">
      <CircleX className="size-12 text-red-600 dark:text-red-400" aria-hidden="true" />
      <div role="alert" className="space-y-1">
        <p className="font-medium text-slate-900 dark:text-slate-50">{outcome.message}</p>
        {outcome.detail && <p className="text-sm text-slate-600 dark:text-slate-400">{outcome.detail}</p>}
      </div>
      <Link href={paths.home} className={buttonVariants({ className: 'mt-2' })}>
        Return to KAI
      </Link>
    </div>
  );
}
