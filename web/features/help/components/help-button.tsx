import { CircleHelp } from 'lucide-react';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils';
import { useHelp } from '../hooks/use-help';
import type { HelpCategoryFilter } from '../lib/search-help';

const SIZES = {
  sm: { button: 'size-6', icon: 'size-3.5' },
  md: { button: 'size-8', icon: 'size-4' },
  lg: { button: 'size-10', icon: 'size-5' },
} as const;

type HelpButtonProps = { topic: string; category?: HelpCategoryFilter; size?: keyof typeof SIZES; className?: string };

/** The (?) beside a feature: opens the Help Glossary at that feature's topic. */
export function HelpButton({ topic, category, size = 'md', className }: HelpButtonProps) {
  const { openHelp } = useHelp();
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <button
          type="button"
          aria-label="Get help with this feature"
          data-size={size}
          onClick={() => openHelp({ topicId: topic, category })}
          className={cn(
            'inline-flex shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-50',
            SIZES[size].button,
            className,
          )}
        >
          <CircleHelp className={SIZES[size].icon} aria-hidden="true" />
        </button>
      </TooltipTrigger>
      <TooltipContent>Get help with this feature</TooltipContent>
    </Tooltip>
  );
}
