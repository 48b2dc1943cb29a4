import { Check, Copy, Volume2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';

const COPIED_ICON_MS = 2000;

/** Copies an answer's text; the toasts' wording is the product's (docs/product-rules.md, Chat). */
export function CopyMessageButton({ content }: { content: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timeout = setTimeout(() => setCopied(false), COPIED_ICON_MS);
    return () => clearTimeout(timeout);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(content);
      setCopied(true);
      toast({ title: 'Copied to clipboard', description: 'Message content copied successfully.' });
    } catch (err) {
      console.error(err);
      toast({ variant: 'destructive', title: 'Copy failed', description: 'Could not copy message content.' });
    }
  };

  return (
    <Button variant="ghost" size="icon" className="size-7" aria-label="Copy message" onClick={() => void copy()}>
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
    </Button>
  );
}

export function PlayAudioButton({ onPlay }: { onPlay?: () => void }) {
  return (
    <Button variant="ghost" size="icon" className="size-7" aria-label="Play audio" onClick={onPlay}>
      <Volume2 aria-hidden="true" />
    </Button>
  );
}
