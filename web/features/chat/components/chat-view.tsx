import type { ChatMessage, SendChatResponse } from '@contract/chat';
import type { VoiceStatus } from '@contract/voice';
import { lazy, Suspense } from 'react';
import { Button } from '@/components/ui/button';
import { useInformationSource } from '@/stores/information-source';
import { useMessages } from '../api/get-messages';
import { useAnswerAudio } from '../hooks/use-answer-audio';
import { useChatStream, type LiveAnswer } from '../hooks/use-chat-stream';
import { useStickToBottom } from '../hooks/use-stick-to-bottom';
import { useRecordShortcut, useVoiceRecorder } from '../hooks/use-voice-recorder';
import { ChatInputBar } from './chat-input-bar';
import { ChatWelcome } from './chat-welcome';
import { AssistantBubble, MessageBubble, UserBubble } from './message-bubble';
import { MessageSkeletons } from './message-skeletons';
import { TypingIndicator } from './typing-indicator';

// Closed until a recording starts, so not in the first download (issue 17).
const VoiceInputDialog = lazy(() => import('./voice-input-dialog').then((m) => ({ default: m.VoiceInputDialog })));

export type ChatViewProps = {
  /** The chat shown; without one, the first answer's sessionId becomes current via onMessageSent. */
  sessionId?: number;
  onMessageSent?: (response: SendChatResponse) => void;
  onOpenDocument?: (documentId: string) => void;
  onAttachFile?: () => void;
  /** The server's speech engines (GET /api/app/config); until known, the microphone is offered. */
  voice?: VoiceStatus;
};

/** Whether the stored messages have taken over from the live answer. */
function isSettled(live: LiveAnswer, messages: ChatMessage[], dataUpdatedAt: number): boolean {
  if (live.stored) return messages.some((message) => message.id === live.stored?.message.id);
  return live.stoppedAt !== undefined && dataUpdatedAt >= live.stoppedAt;
}

export function ChatView({ sessionId, onMessageSent, onOpenDocument, onAttachFile, voice }: ChatViewProps) {
  const { source } = useInformationSource();
  const messagesQuery = useMessages(sessionId);
  const { send, stop, live, isSending } = useChatStream({ sessionId, source, onMessageSent });
  const recorder = useVoiceRecorder({ onTranscript: send });
  const answerAudio = useAnswerAudio();
  const voiceUnavailable = voice !== undefined && voice.inputEngine === null;
  // One question at a time: no recording while an answer or a transcript is on its way.
  const canRecord = !voiceUnavailable && !isSending && recorder.status !== 'transcribing';
  useRecordShortcut(recorder.toggle, canRecord);
  const isTranscribing = recorder.status === 'transcribing';
  const messages = messagesQuery.data ?? [];
  const shownLive = live && live.sessionId === sessionId && !isSettled(live, messages, messagesQuery.dataUpdatedAt) ? live : null;
  const isThinking = shownLive !== null && shownLive.text === '' && !shownLive.stored && shownLive.stoppedAt === undefined;

  const { scrollRef, contentRef, onScroll } = useStickToBottom<HTMLDivElement, HTMLDivElement>([
    sessionId,
    messages,
    shownLive?.question,
    isThinking,
    isTranscribing,
  ]);

  let body;
  if (messagesQuery.isLoading) {
    body = <MessageSkeletons />;
  } else if (messagesQuery.isError) {
    body = (
      <div role="alert" className="flex flex-col items-center gap-3 py-10 text-sm text-slate-600 dark:text-slate-400">
        <p>Could not load this chat.</p>
        <Button variant="outline" size="sm" onClick={() => void messagesQuery.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (messages.length === 0 && !shownLive && !isTranscribing) {
    body = <ChatWelcome />;
  } else {
    body = (
      <div role="log" aria-label="Chat messages" className="space-y-6">
        {messages.map((message) => (
          <MessageBubble
            key={message.id}
            message={message}
            onOpenDocument={onOpenDocument}
            onPlayAudio={answerAudio.toggle}
            audioState={answerAudio.stateOf(message.id)}
          />
        ))}
        {shownLive && <UserBubble content={shownLive.question} />}
        {shownLive && shownLive.text !== '' && (
          <AssistantBubble
            content={shownLive.text}
            // Once stored, the answer's own metadata (an answer without a model shows its passages collapsed).
            metadata={shownLive.stored?.message.metadata ?? { sources: shownLive.sources }}
            onOpenDocument={onOpenDocument}
            streaming
          />
        )}
        {isThinking && <TypingIndicator />}
        {isTranscribing && !shownLive && <TypingIndicator label="Processing voice..." />}
      </div>
    );
  }

  return (
    <div className="flex h-full flex-col">
      <div ref={scrollRef} onScroll={onScroll} className="min-h-0 flex-1 overflow-y-auto">
        <div ref={contentRef} className="mx-auto w-full max-w-3xl px-3 py-6 sm:px-4">
          {body}
        </div>
      </div>
      <div className="shrink-0 border-t border-slate-200 bg-slate-50/95 dark:border-slate-800 dark:bg-slate-950/95">
        <ChatInputBar
          onSend={send}
          isSending={isSending}
          onStop={stop}
          onAttachFile={onAttachFile}
          onRecordVoice={canRecord ? recorder.toggle : undefined}
          isRecording={recorder.status === 'recording'}
          voiceUnavailableHint={voiceUnavailable ? (voice.inputHint ?? '') : undefined}
        />
      </div>
      <Suspense>
        <VoiceInputDialog status={recorder.status} onStop={() => void recorder.stop()} onCancel={recorder.cancel} />
      </Suspense>
    </div>
  );
}
