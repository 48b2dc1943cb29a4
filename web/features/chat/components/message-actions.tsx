import { Check, Copy, LoaderCircle, Square, Volume2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { cn } from '@/lib/utils';
import type { AnswerAudioState } from '../hooks/use-answer-audio';

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

const AUDIO_ICONS = { idle: Volume2, loading: LoaderCircle, playing: Square } as const;

/** Reads the answer aloud; while its audio loads it spins, while it plays it stops it. */
export function PlayAudioButton({ onPlay, state = 'idle' }: { onPlay?: () => void; state?: AnswerAudioState }) {
  const Icon = AUDIO_ICONS[state];
  return (
    <Button
      variant="ghost"
      size="icon"
      className="size-7"
      aria-label={state === 'idle' ? 'Play audio' : 'Stop audio'}
      aria-busy={state === 'loading' || undefined}
      onClick={onPlay}
    >
      <Icon aria-hidden="true" className={cn(state === 'loading' && 'animate-spin', state === 'playing' && 'fill-current')} />
    </Button>
  );
}
