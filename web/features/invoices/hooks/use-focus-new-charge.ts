import { useRef } from 'react';

/**
 * Moves focus to a charge's description as soon as it is added: the button that added it goes
 * away once the lines tie, and a keyboard user carries on where the new line is.
 */
export function useFocusNewCharge() {
  const pending = useRef<number | null>(null);
  return {
    /** Call before adding the charge numbered `lineNumber`. */
    expect(lineNumber: number) {
      pending.current = lineNumber;
    },
    /** The ref for the description field of the charge numbered `lineNumber`. */
    ref(lineNumber: number) {
      return (element: HTMLInputElement | null) => {
        if (!element || pending.current !== lineNumber) return;
        pending.current = null;
        element.focus();
      };
    },
  };
}
