import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach } from 'vitest';

// jsdom lacks the layout APIs Radix primitives touch.
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

// Lazily loaded chunks (markdown, highlighting) take longer than the 1 s default when the whole
// suite runs in parallel on two cores.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  // Sonner keeps toasts in a module-wide store and replays the live ones to the next Toaster.
  toast.dismiss();
  window.localStorage.clear();
  document.documentElement.classList.remove('dark');
});

// A toast closed during a test removes itself 200 ms later (sonner's exit animation). Should that
// timer outlive the file, it fires after jsdom is gone and fails the run ("window is not defined").
afterAll(async () => {
  if (toast.getHistory().length > 0) await new Promise((resolve) => setTimeout(resolve, 250));
});
