import { Toaster as Sonner } from 'sonner';
import { useMediaQuery } from '@/hooks/use-media-query';
import { usePreferences } from '@/stores/preferences';

/** Spec part 1, section 9: shown 5000 ms, one at a time, swipe right, hotkey F8. */
export const TOAST_DURATION_MS = 5000;

/** The toast area: at the top on small screens, bottom-right from sm (640 px) up. */
export function Toaster() {
  const { darkMode } = usePreferences();
  const wide = useMediaQuery('(min-width: 640px)');
  return (
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
  );
}
