import { toast as sonner } from 'sonner';

/** Title, description and variant, nothing more (docs/product-rules.md, Toasts and tooltips). */
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
