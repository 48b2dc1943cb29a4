import { useCallback, useEffect, useLayoutEffect, useRef, type DependencyList } from 'react';

/** How close (px) to the end still counts as "reading the latest message". */
const NEAR_BOTTOM_PX = 80;

/**
 * Keeps a scroll container at its end: always when `jumpDeps` change (new messages, another
 * session), and while content grows (streamed tokens, late-loading markdown) only if the
 * reader has not scrolled up to read something earlier.
 */
export function useStickToBottom<Scroll extends HTMLElement, Content extends HTMLElement>(jumpDeps: DependencyList) {
  const scrollRef = useRef<Scroll>(null);
  const contentRef = useRef<Content>(null);
  const nearBottom = useRef(true);

  const scrollToBottom = useCallback(() => {
    const element = scrollRef.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, []);

  const onScroll = useCallback(() => {
    const element = scrollRef.current;
    if (!element) return;
    nearBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight <= NEAR_BOTTOM_PX;
  }, []);

  useLayoutEffect(() => {
    nearBottom.current = true;
    scrollToBottom();
  }, jumpDeps); // The caller names what should make the list jump.

  useEffect(() => {
    const content = contentRef.current;
    if (!content) return;
    const observer = new ResizeObserver(() => {
      if (nearBottom.current) scrollToBottom();
    });
    observer.observe(content);
    return () => observer.disconnect();
  }, [scrollToBottom]);

  return { scrollRef, contentRef, onScroll };
}
