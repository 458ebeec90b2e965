import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom lacks a few browser APIs the screens touch. Each stand-in answers the way a plain desktop browser would.

if (typeof window !== 'undefined') {
  // react-hot-toast's Toaster asks for prefers-reduced-motion.
  if (!window.matchMedia) {
    window.matchMedia = (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    });
  }

  if (!window.ResizeObserver) {
    window.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }

  // react-hot-toast styles itself with goober, which finds its <style id="_goober"> through the window's named
  // access to elements (`window._goober`). jsdom has no named access, so every toast added another <style> to the
  // head, and every later query (getComputedStyle walks all rules) got slower: one model file took 5 min for 2 of work.
  if (!('_goober' in window)) {
    Object.defineProperty(window, '_goober', {
      configurable: true,
      get: () => document.getElementById('_goober') ?? undefined,
    });
  }

  if (!Element.prototype.scrollIntoView) {
    Element.prototype.scrollIntoView = () => {};
  }
}

// Two cores shared with other work: give React a few seconds, not one, before a wait counts as failed.
configure({ asyncUtilTimeout: 5_000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});
