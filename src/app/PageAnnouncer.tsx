import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { VisuallyHidden } from '../ui/Layout';
import { routeTitleOf, titleWithBrand } from './routeTitles';

/** How long a new page may take to show its heading (a lazy chunk, then its data) before focus stays where it is. */
const headingWaitMs = 10_000;

const mainHeading = () => document.querySelector<HTMLHeadingElement>('main h1');

/**
 * Whether focus may be moved to the page's heading: nobody has placed it since `before` (it is still there, or was
 * dropped to the body with the element that held it), and it is not inside a dialog. A screen that focuses its own
 * part on purpose (a transaction's details beside the list) keeps it.
 */
function focusIsFree(before: Element | null): boolean {
  const active = document.activeElement;
  if (!active || active === document.body || !active.isConnected) return true;
  if (active.closest('[role="dialog"], dialog')) return false;
  return active === before || !active.closest('main');
}

/**
 * On a step change within a page, focus moves unless the user is somewhere it should not leave: typing in a field
 * (a failed submit focuses the field in error), in a dialog, or outside the page (the header).
 */
function stepFocusIsFree(): boolean {
  const active = document.activeElement;
  if (!active || active === document.body || !active.isConnected) return true;
  if (active.closest('[role="dialog"], dialog') || !active.closest('main')) return false;
  return !active.matches('input, select, textarea, [contenteditable="true"]');
}

function focusHeading(heading: HTMLHeadingElement) {
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
}

/**
 * WCAG 2.2 2.4.2, 2.4.3 and 4.1.3 for a single-page app: every route sets the document's title (in the user's
 * language), and after a move to another page, or to another step whose heading replaces the last one, focus goes to
 * the main heading and the change is announced, so keyboard and screen-reader users start at the top of what is new
 * instead of on a button that no longer exists. The first page of a visit keeps the browser's own start.
 */
export function PageAnnouncer() {
  const intl = useIntl();
  const { pathname } = useLocation();
  const [announcement, setAnnouncement] = useState('');
  const first = useRef(true);
  const page = intl.formatMessage(routeTitleOf(pathname));

  useEffect(() => {
    document.title = intl.formatMessage(titleWithBrand, { page });
  }, [intl, page]);

  // Focus before paint where the heading is already there; otherwise when it appears.
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const before = document.activeElement;
    // The last page's heading stays while the next page's code loads (navigation is a transition): wait for another
    // heading, or other words in it (a journey whose frame stays while its step's address changes).
    const old = mainHeading();
    const oldWords = old?.textContent;
    let done = false;
    const settle = () => {
      const heading = mainHeading();
      if (done || !heading || (heading === old && heading.textContent === oldWords)) return;
      done = true;
      if (focusIsFree(before)) focusHeading(heading);
      setAnnouncement(heading.textContent?.trim() || page);
    };
    const observer = new MutationObserver(settle);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    const giveUp = window.setTimeout(() => observer.disconnect(), headingWaitMs);
    // After this commit's own effects, so a screen that focuses something itself has done so first.
    const frame = window.requestAnimationFrame(settle);
    return () => {
      done = true;
      observer.disconnect();
      window.clearTimeout(giveUp);
      window.cancelAnimationFrame(frame);
    };
    // The page changes with the address only; the title's words follow the language without moving focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);

  // A step of a journey that puts another heading on the same address (a wizard's next step): the words change.
  useEffect(() => {
    const main = document.querySelector('main');
    if (!main) return;
    let words = mainHeading()?.textContent?.trim() ?? null;
    const observer = new MutationObserver(() => {
      const heading = mainHeading();
      const now = heading?.textContent?.trim();
      if (!heading || !now || now === words) return;
      const before = words;
      words = now;
      // The page's first heading (after its spinner) is the address change's to handle, above.
      if (before === null) return;
      if (stepFocusIsFree()) focusHeading(heading);
      setAnnouncement(now);
    });
    observer.observe(main, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [pathname]);

  return (
    <VisuallyHidden aria-live="polite" aria-atomic="true" data-testid="page-announcer">
      {announcement}
    </VisuallyHidden>
  );
}
