import { lazy, Suspense } from 'react';
import { useMediaQuery } from '@/hooks/use-media-query';
import { usePreferences } from '@/stores/preferences';

/** One toast at a time, 5 s each, swiped right, F8 to reach it (docs/product-rules.md, Toasts and tooltips). */
const TOAST_DURATION_MS = 5000;

// Nothing is said before first paint, so sonner loads after it (issue 17); toasts raised in
// the meantime wait in sonner's store and show once the Toaster mounts.
const Sonner = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/** The toast area: at the top on small screens, bottom-right from sm (640 px) up. */
export function Toaster() {
  const { darkMode } = usePreferences();
  const wide = useMediaQuery('(min-width: 640px)');
  return (
    <Suspense>
      <Sonner
        position={wide ? 'bottom-right' : 'top-center'}
        theme={darkMode ? 'dark' : 'light'}
        duration={TOAST_DURATION_MS}
        visibleToasts={1}
        swipeDirections={['right']}
        hotkey={['F8']}
        closeButton
        richColors
      />
    </Suspense>
  );
}
