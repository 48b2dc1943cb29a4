import { Popover as PopoverPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export const Popover = PopoverPrimitive.Root;
export const PopoverTrigger = PopoverPrimitive.Trigger;

export function PopoverContent({ className, align = 'start', sideOffset = 4, ...props }: ComponentProps<typeof PopoverPrimitive.Content>) {
  return (
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content
        align={align}
        sideOffset={sideOffset}
        className={cn(
          'z-50 rounded-md border border-slate-200 bg-white p-0 text-slate-900 shadow-lg outline-none',
          'dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100',
          className,
        )}
        {...props}
      />
    </PopoverPrimitive.Portal>
  );
}
