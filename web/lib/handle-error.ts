import { toast } from '@/components/ui/use-toast';
import { ApiError } from './api-client';

/** The readable part of any thrown value, fit for a toast. */
export function getErrorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.displayMessage;
  if (err instanceof Error && err.message) return err.message;
  if (typeof err === 'string' && err) return err;
  return 'Something went wrong. Please try again.';
}

/** The one place errors become a user-facing toast (STYLE.md #4). */
export function handleError(err: unknown, title = 'Something went wrong'): void {
  console.error(err);
  toast({ variant: 'destructive', title, description: getErrorMessage(err) });
}
