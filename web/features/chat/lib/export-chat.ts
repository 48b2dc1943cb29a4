import type { ChatMessage } from '@contract/chat';
import { ASSISTANT_NAME } from '@/config/constants';

/** A title, the generated time, the session id, one line per message (docs/product-rules.md, Sidebar). */
export function buildChatExport(messages: ChatMessage[], sessionId: number, generatedAt: Date): string {
  const lines = messages.map((message) => {
    const speaker = message.role === 'user' ? 'You' : ASSISTANT_NAME;
    // One message per line keeps the file readable in any editor and easy to grep.
    const content = message.content.replace(/\s*[\r\n]+\s*/g, ' ').trim();
    return `[${message.createdAt}] ${speaker}: ${content}`;
  });
  return [`${ASSISTANT_NAME} Chat Export`, `Generated: ${generatedAt.toISOString()}`, `Session: ${sessionId}`, '', ...lines, ''].join('\n');
}

/** kai-chat-session-{id}-{YYYY-MM-DD}.txt, dated in the user's own time zone. */
export function chatExportFileName(sessionId: number, date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `kai-chat-session-${sessionId}-${day}.txt`;
}

export function downloadTextFile(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoked on the next task: some browsers start the download only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
