import { MAX_MESSAGE_LENGTH } from '@contract/chat';
import { Paperclip, Send, Square } from 'lucide-react';
import { useId } from 'react';
import { Button, focusRing } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useChatInput, type ChatInputOptions } from '../hooks/use-chat-input';
import { VoiceRecordButton, type VoiceRecordButtonProps } from './voice-record-button';

const QUICK_PROMPTS = ['Vendor Setup', 'Invoice Processing', 'Generate Report'] as const;

type ChatInputBarProps = ChatInputOptions &
  VoiceRecordButtonProps & {
    onStop?: () => void;
    onAttachFile?: () => void;
  };

/** Buttons that put a ready-made prompt into the message box. */
function QuickPrompts({ onPick }: { onPick: (prompt: string) => void }) {
  return (
    <div className="flex flex-wrap gap-2">
      {QUICK_PROMPTS.map((prompt) => (
        <button
          key={prompt}
          type="button"
          onClick={() => onPick(prompt)}
          className={cn(
            'rounded-full border border-slate-300 bg-white px-3 py-1 text-xs text-slate-700 hover:bg-slate-100',
            'dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300 dark:hover:bg-slate-800',
            focusRing,
          )}
        >
          {prompt}
        </button>
      ))}
    </div>
  );
}

export function ChatInputBar({ onSend, isSending, onStop, onAttachFile, ...voice }: ChatInputBarProps) {
  const errorId = useId();
  const { text, setText, textareaRef, length, tooLong, canSend, onSubmit, onKeyDown, fillPrompt } = useChatInput({ onSend, isSending });

  return (
    <form onSubmit={onSubmit} className="mx-auto w-full max-w-3xl space-y-2 px-3 pt-2 pb-3 sm:px-4">
      <QuickPrompts onPick={fillPrompt} />
      <div
        className={cn(
          'flex items-end gap-1 rounded-xl border bg-white p-1.5 shadow-sm focus-within:ring-2 focus-within:ring-blue-500 dark:bg-slate-900',
          tooLong ? 'border-red-400 dark:border-red-700' : 'border-slate-300 dark:border-slate-700',
        )}
      >
        <Button variant="ghost" size="icon" aria-label="Attach file" disabled={!onAttachFile} onClick={onAttachFile}>
          <Paperclip aria-hidden="true" />
        </Button>
        <textarea
          data-tour="chat-input"
          ref={textareaRef}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          rows={1}
          aria-label="Message"
          aria-invalid={tooLong || undefined}
          aria-describedby={tooLong ? errorId : undefined}
          placeholder="Ask me anything about Structure ERP..."
          className="max-h-36 min-h-9 flex-1 resize-none bg-transparent px-2 py-2 text-sm leading-5 text-slate-900 outline-none placeholder:text-slate-400 dark:text-slate-100 dark:placeholder:text-slate-500"
        />
        <VoiceRecordButton {...voice} />
        {isSending && onStop && (
          <Button variant="outline" size="icon" aria-label="Stop" onClick={onStop}>
            <Square aria-hidden="true" className="fill-current" />
          </Button>
        )}
        <Button type="submit" size="icon" aria-label="Send" data-tour="send-button" disabled={!canSend}>
          <Send aria-hidden="true" />
        </Button>
      </div>
      {tooLong && (
        <p id={errorId} role="alert" className="text-xs text-red-700 dark:text-red-400">
          Your message is {length.toLocaleString()} characters long; the limit is {MAX_MESSAGE_LENGTH.toLocaleString()}.
        </p>
      )}
    </form>
  );
}
