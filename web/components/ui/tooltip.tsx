import { Tooltip as TooltipPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** Tooltips do not flash as the pointer passes; the next one within 300 ms opens at once (docs/product-rules.md, Toasts and tooltips). */
const TOOLTIP_DELAY_MS = 700;
const TOOLTIP_SKIP_DELAY_MS = 300;

export function TooltipProvider(props: ComponentProps<typeof TooltipPrimitive.Provider>) {
  return <TooltipPrimitive.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS} {...props} />;
}

export const Tooltip = TooltipPrimitive.Root;
/**
 * Opens on hover and on keyboard focus, not on focus that a click or a closing dialog puts there:
 * such a tooltip would pop up unasked and take the user's next Escape.
 */
export function TooltipTrigger({ onFocus, ...props }: ComponentProps<typeof TooltipPrimitive.Trigger>) {
  return (
    <TooltipPrimitive.Trigger
      onFocus={(event) => {
        onFocus?.(event);
        if (!event.currentTarget.matches(':focus-visible')) event.preventDefault();
      }}
      {...props}
    />
  );
}

export function TooltipContent({ className, sideOffset = 4, ...props }: ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        sideOffset={sideOffset}
        className={cn(
          'z-50 max-w-xs rounded-md bg-slate-900 px-3 py-1.5 text-xs text-slate-50 shadow-md dark:bg-slate-100 dark:text-slate-900',
          className,
        )}
        {...props}
      />
    </TooltipPrimitive.Portal>
  );
}
