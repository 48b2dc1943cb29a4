import type { ChatMessage } from '@contract/chat';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildChatExport, chatExportFileName, downloadTextFile } from './export-chat';

const messages: ChatMessage[] = [
  { id: 'u1', role: 'user', content: 'How do I add\na vendor?', createdAt: '2025-03-04T10:00:00.000Z', metadata: null },
  {
    id: 'a1',
    role: 'assistant',
    content: 'Open **Vendors**.\r\n\r\n1. Click New\n2. Save',
    createdAt: '2025-03-04T10:00:05.000Z',
    metadata: { sources: [] },
  },
];

describe('buildChatExport', () => {
  it('writes a title, the generated time, the session and one line per message', () => {
    const text = buildChatExport(messages, 7, new Date('2025-03-04T12:30:00.000Z'));
    expect(text.split('\n')).toEqual([
      'KAI Chat Export',
      'Generated: 2025-03-04T12:30:00.000Z',
      'Session: 7',
      '',
      '[2025-03-04T10:00:00.000Z] You: How do I add a vendor?',
      '[2025-03-04T10:00:05.000Z] KAI: Open **Vendors**. 1. Click New 2. Save',
      '',
    ]);
  });

  it('names the file after the session and the local date', () => {
    expect(chatExportFileName(12, new Date(2025, 0, 5, 23, 59))).toBe('kai-chat-session-12-2025-01-05.txt');
  });
});

describe('downloadTextFile', () => {
  const { createObjectURL, revokeObjectURL } = URL;
  afterEach(() => {
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
    vi.restoreAllMocks();
  });

  it('clicks a download link for a text blob', () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:export');
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    let clicked: HTMLAnchorElement | undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked = this;
    });

    downloadTextFile('kai-chat-session-1-2025-01-05.txt', 'hello');

    expect(clicked?.download).toBe('kai-chat-session-1-2025-01-05.txt');
    expect(clicked?.href).toBe('blob:export');
    const blob = createObjectURL.mock.calls[0][0];
    expect([blob.size, blob.type]).toEqual([5, 'text/plain;charset=utf-8']);
  });
});
