import type { ReactNode } from 'react';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils';

/** A link that leaves the app: new tab, no opener, no referrer, no endorsement. */
export function ExternalLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <a
          href={href}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className={cn(
            'break-words text-blue-700 underline underline-offset-2 hover:text-blue-900 dark:text-blue-400 dark:hover:text-blue-300',
            className,
          )}
        >
          {children}
        </a>
      </TooltipTrigger>
      <TooltipContent>Click to open in new tab</TooltipContent>
    </Tooltip>
  );
}
