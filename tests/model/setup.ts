import { cleanup, configure } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach } from 'vitest';
import { observeAttempt } from '../../src/api/serviceStatus';
import { endRenderedApps } from './rendered';

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

  memoiseComputedStyle();

  if (!Element.prototype.scrollIntoView) {
    Element.prototype.scrollIntoView = () => {};
  }
}

// Two cores shared with other work: give React a few seconds, not one, before a wait counts as failed.
configure({ asyncUtilTimeout: 5_000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup. The apps the test rendered stop
// first (their session actors, Date.now), so no timer of theirs fires while React unmounts them. The model files share
// their worker's modules (vitest.config.ts), so what a module keeps outlives a test and is reset here: react-hot-toast's
// toasts (or the next test shows "Session has expired" from the one before) and the client's view of the service (or
// the next test shows "We can't reach Tameio right now" because the one before answered 503).
afterEach(() => {
  endRenderedApps();
  cleanup();
  toast.remove();
  observeAttempt({ status: 200 });
});

/**
 * Testing Library's role queries ask jsdom for the computed style of every candidate and each of its ancestors (is it
 * hidden? what is its name?), and jsdom computes each one from scratch over every CSS rule: that was most of the model
 * tests' time. The answer can only change when the document does (elements, attributes, text, or the rules themselves,
 * which styled-components writes as text into <style> elements outside production), so answers are kept until any
 * mutation or focus change. `takeRecords` reads pending mutations synchronously: a query right after a change never
 * sees a stale style.
 */
function memoiseComputedStyle() {
  const compute = window.getComputedStyle.bind(window);
  let styles = new WeakMap<Element, Map<string, CSSStyleDeclaration>>();
  const changes = new MutationObserver(() => {
    styles = new WeakMap();
  });
  changes.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  // `:focus` and `:focus-visible` rules change styles without changing the document.
  for (const type of ['focusin', 'focusout']) {
    document.addEventListener(type, () => (styles = new WeakMap()), { capture: true });
  }
  window.getComputedStyle = (element: Element, pseudoElement?: string | null) => {
    if (changes.takeRecords().length > 0) styles = new WeakMap();
    const key = pseudoElement ?? '';
    let forElement = styles.get(element);
    if (!forElement) styles.set(element, (forElement = new Map()));
    let style = forElement.get(key);
    if (!style) forElement.set(key, (style = compute(element, pseudoElement)));
    return style;
  };
}
