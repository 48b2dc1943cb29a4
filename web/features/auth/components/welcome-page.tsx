import { Bot, FileText, Mic } from 'lucide-react';
import { useEffect } from 'react';
import { hasAuthParams } from 'react-oidc-context';
import { Button } from '@/components/ui/button';
import { useAuth } from '../auth-context';

const FEATURES = [
  {
    icon: FileText,
    title: 'Document Analysis',
    text: 'Upload invoices, PDFs and spreadsheets and get answers from their content.',
  },
  {
    icon: Mic,
    title: 'Voice Interface',
    text: 'Ask questions out loud and hear the answers read back to you.',
  },
] as const;

export function WelcomePage() {
  const auth = useAuth();

  // Leftover query strings are stripped, but never the code/state of a sign-in in progress.
  useEffect(() => {
    if (!window.location.search) return;
    if (auth.isLoading && hasAuthParams()) return;
    window.history.replaceState(window.history.state, document.title, window.location.pathname + window.location.hash);
  }, [auth.isLoading]);

  return (
    <main className="flex min-h-dvh items-center justify-center bg-gradient-to-br from-slate-50 via-white to-blue-50 px-4 py-12 dark:from-slate-950 dark:via-slate-950 dark:to-slate-900">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-lg dark:border-slate-800 dark:bg-slate-900">
        <div className="flex flex-col items-center text-center">
          <div className="mb-4 flex size-14 items-center justify-center rounded-2xl bg-blue-600 text-white shadow-md">
            <Bot className="size-8" aria-hidden="true" />
          </div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-slate-50">KAI</h1>
          <p className="mt-2 text-slate-600 dark:text-slate-400">Your intelligent ERP assistant powered by AI</p>
        </div>

        <ul className="mt-8 grid gap-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 dark:border-slate-800 dark:bg-slate-950">
              <Icon className="mt-0.5 size-5 shrink-0 text-blue-600 dark:text-blue-400" aria-hidden="true" />
              <div>
                <h2 className="text-sm font-semibold text-slate-900 dark:text-slate-100">{title}</h2>
                <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">{text}</p>
              </div>
            </li>
          ))}
        </ul>

        {auth.error && (
          <p
            role="alert"
            className="mt-6 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-300"
          >
            Sign-in did not complete. Please try again.
          </p>
        )}

        <Button size="lg" className="mt-8 w-full" onClick={() => void auth.login()} disabled={auth.isRedirecting}>
          {auth.isRedirecting ? 'Redirecting...' : 'Sign In'}
        </Button>
      </div>
    </main>
  );
}
