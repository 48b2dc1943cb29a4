import { useEffect, useLayoutEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '@/components/ui/button';
import type { Tutorial } from '../lib/tutorials';

/** Walks through a tutorial, outlining each step's control on the real screen. */
export function TutorialTour({ tutorial, onEnd }: { tutorial: Tutorial; onEnd: () => void }) {
  const [index, setIndex] = useState(0);
  const [rect, setRect] = useState<DOMRect | null>(null);
  const step = tutorial.steps[index];
  const last = index === tutorial.steps.length - 1;

  useLayoutEffect(() => {
    const target = [...document.querySelectorAll('[data-tour]')].find((element) => element.getAttribute('data-tour') === step.target);
    target?.scrollIntoView?.({ block: 'nearest' });
    setRect(target ? target.getBoundingClientRect() : null);
  }, [step.target]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onEnd();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onEnd]);

  const below = rect ? rect.bottom + 12 : undefined;
  return createPortal(
    <>
      {rect && (
        <div
          aria-hidden="true"
          data-testid="tour-highlight"
          className="pointer-events-none fixed z-50 rounded-md ring-4 ring-blue-500"
          style={{ top: rect.top - 4, left: rect.left - 4, width: rect.width + 8, height: rect.height + 8 }}
        />
      )}
      <div
        role="dialog"
        aria-label={tutorial.title}
        className="fixed z-50 w-80 rounded-lg border border-slate-200 bg-white p-4 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        style={
          below !== undefined && below < window.innerHeight - 160
            ? { top: below, left: Math.max(8, Math.min(rect!.left, window.innerWidth - 336)) }
            : { bottom: 16, right: 16 }
        }
      >
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {tutorial.title}: step {index + 1} of {tutorial.steps.length}
        </p>
        <p className="mt-2 text-sm text-slate-900 dark:text-slate-50">{step.text}</p>
        <div className="mt-3 flex justify-end gap-2">
          <Button variant="ghost" size="sm" onClick={onEnd}>
            End tour
          </Button>
          {index > 0 && (
            <Button variant="outline" size="sm" onClick={() => setIndex(index - 1)}>
              Back
            </Button>
          )}
          <Button size="sm" onClick={last ? onEnd : () => setIndex(index + 1)}>
            {last ? 'Done' : 'Next'}
          </Button>
        </div>
      </div>
    </>,
    document.body,
  );
}
