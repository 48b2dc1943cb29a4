import { useMemo } from 'react';
import { linkifyText } from '../lib/linkify';
import { ExternalLink } from './external-link';

/** A user's message as they typed it; only links are recognised, never markdown formatting. */
export function UserMessageText({ content }: { content: string }) {
  const segments = useMemo(() => linkifyText(content), [content]);
  return (
    <p className="break-words whitespace-pre-wrap">
      {segments.map((segment, index) =>
        segment.type === 'link' ? (
          <ExternalLink
            key={index}
            href={segment.href}
            className="text-inherit underline hover:text-inherit dark:text-inherit dark:hover:text-inherit"
          >
            {segment.text}
          </ExternalLink>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </p>
  );
}
