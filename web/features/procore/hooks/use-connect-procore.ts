import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { invalidateProcoreConnection, useAuthenticateProcore } from '../api/authenticate-procore';
import { useProcoreAuthUrl } from '../api/get-procore-auth-url';
import { readAuthUrlState } from '../lib/callback-outcome';
import { listenForProcoreConnected } from '../lib/procore-channel';
import { successToastDescription } from '../lib/procore-messages';

type ConnectStep = 'intro' | 'auth' | 'success';

/** docs/product-rules.md, Procore: the dialog closes itself this long after connecting. */
const AUTO_CLOSE_MS = 2000;

/** Procore's sign-in opens beside the app in a window of this size. */
export function openProcoreSignIn(authUrl: string): void {
  window.open(authUrl, 'procore-auth', 'width=600,height=700');
}

type Options = { onConnected: () => void; onClose: () => void };

/** The dialog's steps: intro -> auth (once the sign-in window opens) -> success -> closed. */
export function useConnectProcore({ onConnected, onClose }: Options) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<ConnectStep>('intro');
  const [code, setCode] = useState('');
  const [authUrl, setAuthUrl] = useState<string | null>(null);
  const [companyName, setCompanyName] = useState<string | undefined>();
  const startAuth = useProcoreAuthUrl();
  const exchange = useAuthenticateProcore();
  // Two announcements (the page's and the pasted code's) must toast once.
  const succeeded = useRef(false);

  const reset = () => {
    setStep('intro');
    setCode('');
    setAuthUrl(null);
    setCompanyName(undefined);
    succeeded.current = false;
    startAuth.reset();
    exchange.reset();
  };

  const close = () => {
    if (step === 'success') onConnected();
    reset();
    onClose();
  };

  const succeed = (name?: string) => {
    if (succeeded.current) return;
    succeeded.current = true;
    setCompanyName(name);
    setStep('success');
    toast({ title: 'Procore Connected', description: successToastDescription(name) });
  };

  const failExchange = (err?: unknown) => {
    if (err) console.error(err);
    toast({ variant: 'destructive', title: 'Authentication Failed', description: 'Failed to connect to Procore. Please try again.' });
  };

  const start = () =>
    startAuth.mutate(undefined, {
      onSuccess: (url) => {
        openProcoreSignIn(url);
        setAuthUrl(url);
        setStep('auth');
      },
      onError: (err) => {
        console.error(err);
        toast({ variant: 'destructive', title: 'Authentication Error', description: 'Failed to start Procore authentication. Please try again.' });
        // A 'not configured' answer may be news to the cached status: the intro then says so.
        void invalidateProcoreConnection(queryClient);
      },
    });

  const connect = () => {
    const trimmed = code.trim();
    if (!trimmed) {
      toast({ variant: 'destructive', title: 'Authorization code required', description: 'Please enter the authorization code from Procore' });
      return;
    }
    if (exchange.isPending) return;
    exchange.mutate(
      { code: trimmed, state: readAuthUrlState(authUrl) },
      { onSuccess: (result) => (result.success ? succeed(result.companyName) : failExchange()), onError: failExchange },
    );
  };

  const onAnnounced = useEffectEvent((name?: string) => {
    void invalidateProcoreConnection(queryClient);
    succeed(name);
  });
  useEffect(() => (step === 'auth' ? listenForProcoreConnected(onAnnounced) : undefined), [step]);

  const autoClose = useEffectEvent(() => close());
  useEffect(() => {
    if (step !== 'success') return;
    const timer = setTimeout(autoClose, AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [step]);

  return {
    step,
    code,
    setCode,
    authUrl,
    companyName,
    start,
    isStarting: startAuth.isPending,
    connect,
    isConnecting: exchange.isPending,
    close,
  };
}
