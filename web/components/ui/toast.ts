/** Title, description and variant, nothing more (docs/product-rules.md, Toasts and tooltips). */
export type ToastInput = {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
};

// Loaded on first use (issue 17); one promise, so toasts keep the order they were raised in.
let sonner: Promise<typeof import('sonner')> | undefined;

/** Shows a toast in the app's Toaster; it takes the place of any toast already shown (one at a time). */
export function toast({ title, description, variant = 'default' }: ToastInput): void {
  sonner ??= import('sonner');
  void sonner.then(({ toast: show }) => {
    show.dismiss();
    if (variant === 'destructive') show.error(title, { description });
    else show(title, { description });
  });
}
