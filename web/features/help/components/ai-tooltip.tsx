import { useState, type ReactNode } from 'react';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { useHelpTip } from '../api/get-help-tip';

type AiTooltipProps = {
  /** Where the control is, e.g. 'Chat input bar'. */
  context: string;
  /** Which control, e.g. 'Microphone button'. */
  element: string;
  fallback?: string;
  /** One focusable element (the trigger). */
  children: ReactNode;
};

/**
 * A tooltip whose text KAI writes for the control the first time it opens. The open and skip
 * delays are the app-wide TooltipProvider's (700 ms and 300 ms).
 */
export function AiTooltip({ context, element, fallback = 'Loading help...', children }: AiTooltipProps) {
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  const tip = useHelpTip({ context, element }, { enabled: asked });
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) setAsked(true);
  };
  return (
    <Tooltip open={open} onOpenChange={onOpenChange}>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent>{tip.isError ? fallback : (tip.data ?? 'Generating helpful tip...')}</TooltipContent>
    </Tooltip>
  );
}
