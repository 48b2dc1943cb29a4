import { MAX_RECORDING_SECONDS } from '@contract/voice';
import { Mic, Square } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { cn } from '@/lib/utils';
import { RECORD_SHORTCUT, type VoiceRecorderStatus } from '../hooks/use-voice-recorder';

type VoiceInputDialogProps = {
  status: VoiceRecorderStatus;
  /** Ends the recording and sends what was said. */
  onStop: () => void;
  /** Drops the recording: Cancel, Escape or the close button. */
  onCancel: () => void;
};

function formatSeconds(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Whole seconds since `running` became true; 0 while it is false. */
function useElapsedSeconds(running: boolean): number {
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    if (!running) return;
    const startedAt = Date.now();
    const interval = setInterval(() => setElapsed(Math.floor((Date.now() - startedAt) / 1000)), 250);
    return () => {
      clearInterval(interval);
      setElapsed(0);
    };
  }, [running]);
  return elapsed;
}

/**
 * The 'Voice Input' dialog (spec part 1, section 2): open while the microphone is being asked for
 * and while recording; it closes itself when recording stops.
 */
export function VoiceInputDialog({ status, onStop, onCancel }: VoiceInputDialogProps) {
  const isRecording = status === 'recording';
  const open = status === 'starting' || isRecording;
  const stopRef = useRef<HTMLButtonElement>(null);
  const elapsed = useElapsedSeconds(isRecording);

  // Cancel gives way to Stop Recording once the microphone is on; focus follows it.
  useEffect(() => {
    if (isRecording) stopRef.current?.focus();
  }, [isRecording]);

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onCancel()}>
      <DialogContent
        className="max-w-sm"
        onOpenAutoFocus={(event) => {
          if (!stopRef.current) return;
          event.preventDefault();
          stopRef.current.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Voice Input</DialogTitle>
          <DialogDescription className="sr-only">
            Ask your question by speaking. Press {RECORD_SHORTCUT.label} or Stop Recording when you are done.
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col items-center gap-3 py-4 text-center">
          <div
            aria-hidden="true"
            className={cn(
              'flex size-16 items-center justify-center rounded-full',
              isRecording ? 'animate-pulse bg-red-600 text-white' : 'bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400',
            )}
          >
            <Mic className="size-7" />
          </div>
          <div aria-live="polite" className="space-y-1">
            <p className="font-medium text-slate-900 dark:text-slate-50">{isRecording ? 'Listening...' : 'Ready to record'}</p>
            {isRecording && <p className="text-sm text-slate-600 dark:text-slate-400">Speak your question clearly</p>}
          </div>
          {isRecording && (
            <p className="text-xs text-slate-500 tabular-nums dark:text-slate-400">
              <span className="sr-only">Recorded </span>
              {formatSeconds(elapsed)} / {formatSeconds(MAX_RECORDING_SECONDS)}
            </p>
          )}
        </div>
        <DialogFooter>
          {isRecording ? (
            <Button ref={stopRef} variant="destructive" onClick={onStop} aria-keyshortcuts={RECORD_SHORTCUT.aria}>
              <Square aria-hidden="true" className="fill-current" />
              Stop Recording
            </Button>
          ) : (
            <Button variant="outline" onClick={onCancel}>
              Cancel
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
