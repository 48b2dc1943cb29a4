import { toast } from '@/components/ui/toast';
import { ApiError } from './api-client';

const GENERIC_MESSAGE = 'Something went wrong. Please try again.';

/** The readable part of any thrown value, fit for a toast; `fallback` when it has none. */
export function getErrorMessage(err: unknown, fallback = GENERIC_MESSAGE): string {
  if (err instanceof ApiError) return err.displayMessage;
  if (err instanceof Error && err.message) return err.message;
  if (typeof err === 'string' && err) return err;
  return fallback;
}

/**
 * The server's own words, when it answered with a typed error (`{ error: { code, message } }`).
 * Undefined for status lines, network and parser errors, which mean nothing to the user: the
 * caller shows the product's own wording instead.
 */
export function serverMessage(err: unknown): string | undefined {
  return err instanceof ApiError && err.code ? err.displayMessage : undefined;
}

/** The one place errors become a user-facing toast (STYLE.md #4). */
export function handleError(err: unknown, title = 'Something went wrong'): void {
  console.error(err);
  toast({ variant: 'destructive', title, description: getErrorMessage(err) });
}
