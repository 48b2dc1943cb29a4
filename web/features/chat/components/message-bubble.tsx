import type { ChatMessage, MessageMetadata } from '@contract/chat';
import { Bot, User } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { ASSISTANT_NAME } from '@/config/constants';
import { cn } from '@/lib/utils';
import { usePreferences } from '@/stores/preferences';
import type { AnswerAudioState } from '../hooks/use-answer-audio';
import { splitRetrievalAnswer } from '../lib/retrieval-answer';
import { MarkdownContent } from './markdown-content';
import { CopyMessageButton, PlayAudioButton } from './message-actions';
import { MessageSources } from './message-sources';
import { QuotedPassages } from './quoted-passages';
import { UserMessageText } from './user-message-text';

export type MessageBubbleProps = {
  message: ChatMessage;
  onOpenDocument?: (documentId: string) => void;
  onPlayAudio?: (message: ChatMessage) => void;
  /** Whether this answer's audio is loading or playing. */
  audioState?: AnswerAudioState;
};

/** An answer is labelled with its first source, else the assistant's name (docs/product-rules.md, Chat). */
function assistantLabel(metadata: MessageMetadata | null | undefined): string {
  return metadata?.sources?.[0]?.title || ASSISTANT_NAME;
}

function Avatar({ role }: { role: ChatMessage['role'] }) {
  const Icon = role === 'user' ? User : Bot;
  return (
    <div
      aria-hidden="true"
      className={cn(
        'flex size-9 shrink-0 items-center justify-center rounded-full',
        role === 'user' ? 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200' : 'bg-blue-600 text-white',
      )}
    >
      <Icon className="size-5" />
    </div>
  );
}

export function UserBubble({ content }: { content: string }) {
  return (
    <div className="flex flex-row-reverse gap-3">
      <Avatar role="user" />
      <div className="flex min-w-0 max-w-[85%] flex-col items-end">
        <p className="mb-1 text-xs font-medium text-slate-500 dark:text-slate-400">You</p>
        <div className="rounded-2xl rounded-tr-sm bg-blue-600 px-4 py-2.5 text-sm leading-relaxed text-white shadow-sm dark:bg-blue-700">
          <UserMessageText content={content} />
        </div>
      </div>
    </div>
  );
}

/** An answer built without a model shows its cited sentences, its passages collapsed below them. */
function AnswerBody({ content, metadata }: { content: string; metadata: MessageMetadata | null }) {
  const split = metadata?.mode === 'retrieval' ? splitRetrievalAnswer(content) : null;
  if (!split) return <MarkdownContent content={content} />;
  return (
    <>
      {split.lead && <MarkdownContent content={split.lead} />}
      <QuotedPassages passages={split.passages} />
    </>
  );
}

type AssistantBubbleProps = {
  content: string;
  metadata: MessageMetadata | null;
  onOpenDocument?: (documentId: string) => void;
  /** Copy and audio buttons; absent while the answer is still streaming. */
  actions?: ReactNode;
  streaming?: boolean;
};

export function AssistantBubble({ content, metadata, onOpenDocument, actions, streaming = false }: AssistantBubbleProps) {
  const isError = Boolean(metadata?.error);
  return (
    <div className="flex gap-3" aria-busy={streaming || undefined}>
      <Avatar role="assistant" />
      <div className="min-w-0 flex-1">
        <div className="mb-1 flex flex-wrap items-center gap-2">
          <p className="truncate text-xs font-medium text-slate-500 dark:text-slate-400">{assistantLabel(metadata)}</p>
          {/* A plain "not found" (nothing cited) quotes no passages. */}
          {metadata?.mode === 'retrieval' && Boolean(metadata.sources?.length) && <Badge variant="secondary">Retrieved passages</Badge>}
        </div>
        <div
          className={cn(
            'rounded-2xl rounded-tl-sm border px-4 py-3 text-sm leading-relaxed shadow-sm',
            isError
              ? 'border-red-200 bg-red-50 text-red-900 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-200'
              : 'border-slate-200 bg-white text-slate-800 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-200',
          )}
        >
          <AnswerBody content={content} metadata={metadata} />
          {metadata?.stopped && <p className="mt-2 text-xs text-slate-500 italic dark:text-slate-400">Stopped</p>}
          <MessageSources sources={metadata?.sources ?? []} onOpenDocument={onOpenDocument} />
        </div>
        {actions && <div className="mt-1 flex gap-1 text-slate-500">{actions}</div>}
      </div>
    </div>
  );
}

export function MessageBubble({ message, onOpenDocument, onPlayAudio, audioState }: MessageBubbleProps) {
  const { voiceMode } = usePreferences();
  if (message.role === 'user') return <UserBubble content={message.content} />;
  return (
    <AssistantBubble
      content={message.content}
      metadata={message.metadata}
      onOpenDocument={onOpenDocument}
      actions={
        <>
          <CopyMessageButton content={message.content} />
          {voiceMode && <PlayAudioButton onPlay={() => onPlayAudio?.(message)} state={audioState} />}
        </>
      }
    />
  );
}
