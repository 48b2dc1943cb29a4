import { toast as sonner } from 'sonner';

/** A toast as the spec describes it (part 1, section 3): title, description, variant. */
export type ToastInput = {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
};

/** Shows a toast in the app's Toaster; it takes the place of any toast already shown (one at a time). */
export function toast({ title, description, variant = 'default' }: ToastInput): void {
  sonner.dismiss();
  if (variant === 'destructive') sonner.error(title, { description });
  else sonner(title, { description });
}
