import { cva, type VariantProps } from 'class-variance-authority';
import { X } from 'lucide-react';
import { Dialog as SheetPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import { focusRing } from './button';

/** A slide-in drawer built on Radix Dialog: overlay click and Escape close it. */
export const Sheet = SheetPrimitive.Root;
export const SheetTitle = SheetPrimitive.Title;
export const SheetDescription = SheetPrimitive.Description;

const sheetVariants = cva('fixed z-50 flex flex-col bg-white shadow-xl transition-transform duration-200 dark:bg-slate-900', {
  variants: {
    side: {
      left: 'inset-y-0 left-0 h-full w-72 max-w-[85vw] border-r border-slate-200 dark:border-slate-800',
      right: 'inset-y-0 right-0 h-full w-80 max-w-[85vw] border-l border-slate-200 dark:border-slate-800',
    },
  },
  defaultVariants: { side: 'left' },
});

export type SheetContentProps = ComponentProps<typeof SheetPrimitive.Content> & VariantProps<typeof sheetVariants>;

export function SheetContent({ side, className, children, ...props }: SheetContentProps) {
  return (
    <SheetPrimitive.Portal>
      <SheetPrimitive.Overlay data-testid="sheet-overlay" className="fixed inset-0 z-50 bg-slate-950/60" />
      <SheetPrimitive.Content className={cn(sheetVariants({ side }), className)} {...props}>
        {children}
        <SheetPrimitive.Close
          className={cn(
            'absolute top-4 right-4 rounded-sm text-slate-500 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-50',
            focusRing,
          )}
        >
          <X className="size-4" aria-hidden="true" />
          <span className="sr-only">Close</span>
        </SheetPrimitive.Close>
      </SheetPrimitive.Content>
    </SheetPrimitive.Portal>
  );
}
