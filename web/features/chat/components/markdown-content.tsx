import { lazy, Suspense } from 'react';

// The markdown renderer is its own chunk so the app shell loads without it.
const AssistantMarkdown = lazy(() => import('./assistant-markdown'));

export function MarkdownContent({ content }: { content: string }) {
  return (
    <Suspense fallback={<p className="break-words whitespace-pre-wrap">{content}</p>}>
      <AssistantMarkdown content={content} />
    </Suspense>
  );
}
