import type { ChatStreamEvent } from '@contract/chat';

/** Reads a whole SSE answer into its events, the way the browser client does. */
export async function readEvents(response: Response): Promise<ChatStreamEvent[]> {
  const text = await response.text();
  return text
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const type = block.match(/^event: (.+)$/m)?.[1];
      const data = block.match(/^data: (.+)$/m)?.[1];
      return { type, data: JSON.parse(data ?? 'null') } as ChatStreamEvent;
    });
}
