import { useRef } from 'react';

/**
 * Moves focus to the control registered under a key once it renders after `expect(key)`: a fix
 * button goes away once it has done its work, and a keyboard user carries on at what it changed.
 */
export function usePendingFocus<T extends HTMLElement>() {
  const pending = useRef<number | null>(null);
  return {
    /** Call before the change that renders the control under `key`. */
    expect(key: number) {
      pending.current = key;
    },
    /** The ref for the control under `key`; a new callback each render, so React calls it again. */
    ref(key: number) {
      return (element: T | null) => {
        if (!element || pending.current !== key) return;
        pending.current = null;
        element.focus();
      };
    },
  };
}
