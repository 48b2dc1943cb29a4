import { MAX_MESSAGE_LENGTH } from '@contract/chat';
import { useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';

export type ChatInputOptions = {
  /** Resolves false when the message did not go out, so the typed text is put back. */
  onSend: (text: string) => Promise<boolean> | boolean;
  isSending: boolean;
};

/** The message being typed: its limit, the growing textarea, and sending on Enter or submit. */
export function useChatInput({ onSend, isSending }: ChatInputOptions) {
  const [text, setText] = useState('');
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const trimmed = text.trim();
  const tooLong = trimmed.length > MAX_MESSAGE_LENGTH;
  const canSend = trimmed.length > 0 && !tooLong && !isSending;

  // Grows with the text; CSS max-height caps it at about six lines, then it scrolls.
  useLayoutEffect(() => {
    const textarea = textareaRef.current;
    if (!textarea) return;
    textarea.style.height = 'auto';
    textarea.style.height = `${textarea.scrollHeight}px`;
  }, [text]);

  const submit = async () => {
    if (!canSend) return;
    const typed = text;
    setText('');
    const sent = await onSend(trimmed);
    // Nothing the user typed is lost when the send fails, unless they already typed anew.
    if (!sent) setText((current) => (current === '' ? typed : current));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  const fillPrompt = (prompt: string) => {
    setText(prompt);
    textareaRef.current?.focus();
  };

  return { text, setText, textareaRef, length: trimmed.length, tooLong, canSend, onSubmit, onKeyDown, fillPrompt };
}
