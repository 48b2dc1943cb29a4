import { Mic } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils';
import { RECORD_SHORTCUT } from '../hooks/use-voice-recorder';

export type VoiceRecordButtonProps = {
  /** Absent while recording cannot start (an answer or a clip is on its way). */
  onRecordVoice?: () => void;
  isRecording?: boolean;
  /**
   * Set when the server has no speech-to-text engine: the button then does nothing but stays
   * focusable, so keyboard and screen-reader users learn why, and how to set voice input up.
   */
  voiceUnavailableHint?: string;
};

/** The input bar's microphone: red while recording. */
export function VoiceRecordButton({ onRecordVoice, isRecording = false, voiceUnavailableHint }: VoiceRecordButtonProps) {
  const hintId = useId();
  const unavailable = voiceUnavailableHint !== undefined;
  const tip = unavailable
    ? ['Voice input is not set up.', voiceUnavailableHint].filter(Boolean).join(' ')
    : `Record voice (${RECORD_SHORTCUT.label})`;
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Record voice"
          aria-pressed={isRecording}
          aria-keyshortcuts={unavailable ? undefined : RECORD_SHORTCUT.aria}
          aria-disabled={unavailable || undefined}
          aria-describedby={unavailable ? hintId : undefined}
          disabled={!unavailable && !onRecordVoice}
          onClick={unavailable ? undefined : onRecordVoice}
          className={cn(
            isRecording && 'bg-red-600 text-white hover:bg-red-700 hover:text-white dark:bg-red-600 dark:text-white',
            unavailable && 'cursor-not-allowed opacity-50 hover:bg-transparent dark:hover:bg-transparent',
          )}
        >
          <Mic aria-hidden="true" />
          {unavailable && (
            <span id={hintId} className="sr-only">
              {tip}
            </span>
          )}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{tip}</TooltipContent>
    </Tooltip>
  );
}
