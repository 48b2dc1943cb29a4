import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useLayoutEffect, useRef, type ComponentProps, type RefObject } from 'react';
import { cn } from '@/lib/utils';
import { focusRing } from './button';

export const Dialog = DialogPrimitive.Root;
export const DialogClose = DialogPrimitive.Close;
const DialogPortal = DialogPrimitive.Portal;

function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return <DialogPrimitive.Overlay className={cn('fixed inset-0 z-50 bg-slate-950/60', className)} {...props} />;
}

/**
 * The last control focused outside dialogs and menus. Our dialogs open from code (a menu item, a
 * button's handler), not from a Radix trigger, so Radix would hand focus to the page body on close.
 */
let lastFocusedOutside: HTMLElement | null = null;
document.addEventListener(
  'focusin',
  (event) => {
    if (event.target instanceof HTMLElement && !event.target.closest('[role="dialog"], [role="alertdialog"], [role="menu"]')) {
      lastFocusedOutside = event.target;
    }
  },
  true,
);

/**
 * The control that opened the dialog: the focused one, or for a menu item (about to vanish) the
 * button that opened the menu, which Radix names in the menu's aria-labelledby.
 */
function currentOpener(): HTMLElement | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return lastFocusedOutside;
  const menu = active.closest('[role="menu"]');
  if (!menu) return active;
  const menuButton = document.getElementById(menu.getAttribute('aria-labelledby') ?? '');
  return menuButton ?? lastFocusedOutside;
}

/**
 * Rendered first inside the content, so it mounts each time the dialog opens. Its layout effect runs
 * before a field's autoFocus and before Radix moves focus in (a passive effect).
 */
function RememberOpener({ opener }: { opener: RefObject<HTMLElement | null> }) {
  useLayoutEffect(() => {
    opener.current = currentOpener();
  }, [opener]);
  return null;
}

export function DialogContent({ className, children, onOpenAutoFocus, onCloseAutoFocus, ...props }: ComponentProps<typeof DialogPrimitive.Content>) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        onOpenAutoFocus={(event) => {
          onOpenAutoFocus?.(event);
          if (event.defaultPrevented) return;
          // The dialog itself takes focus, so screen readers read its title and a help button's
          // tooltip does not pop open (and eat the first Escape); a field that should start
          // focused says so with autoFocus.
          event.preventDefault();
          (event.currentTarget as HTMLElement | null)?.focus();
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (event.defaultPrevented || !opener.current?.isConnected) return;
          event.preventDefault();
          opener.current.focus();
        }}
        className={cn(
          'fixed top-1/2 left-1/2 z-50 grid max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto',
          'rounded-lg border border-slate-200 bg-white p-6 shadow-xl dark:border-slate-800 dark:bg-slate-900',
          className,
        )}
        {...props}
      >
        <RememberOpener opener={opener} />
        {children}
        <DialogPrimitive.Close
          className={cn(
            'absolute top-4 right-4 rounded-sm text-slate-500 opacity-80 transition-opacity hover:opacity-100 dark:text-slate-400',
            focusRing,
          )}
        >
          <X className="size-4" aria-hidden="true" />
          <span className="sr-only">Close</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 pr-6 text-left', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg font-semibold text-slate-900 dark:text-slate-50', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-slate-600 dark:text-slate-400', className)} {...props} />;
}
