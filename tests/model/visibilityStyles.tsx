import type { ComponentProps, ReactNode } from 'react';
import { StyleSheetManager } from 'styled-components';

type StylisPlugin = NonNullable<ComponentProps<typeof StyleSheetManager>['stylisPlugins']>[number];

/**
 * jsdom lays nothing out: of the app's CSS, only what decides whether an element is shown, named or clickable
 * reaches a test (Testing Library's role queries and accessible names read `display`, `visibility` and a pseudo
 * element's `content`; user-event refuses a click through `pointer-events: none`; jest-dom's visibility reads
 * `opacity`). Yet jsdom cascades every declaration of every matching rule for each computed style it is asked for, and
 * the role queries ask for the style of each candidate and its ancestors: most of a model test's CPU. So the model
 * tests' styles keep those declarations and drop the rest (colours, spacing, borders, fonts); of `display` only
 * `none`, since flex, grid and block show alike and most rules set one. A rule left empty is not written at all, so
 * fewer rules are matched against each element. The app's styles set `display: none` nowhere today; one that a later
 * `display: flex` overrides would read as hidden here, so hide with `none` alone or with the `hidden` attribute. The
 * browser tests (tests/e2e) see every rule, colours and contrast included.
 */
const shownOrHidden = new Set(['display', 'visibility', 'content', 'pointer-events', 'opacity']);

/** Whether a declaration can hide, name or block: `display` only when it is `none` (flex or grid show alike). */
function decides(element: Parameters<StylisPlugin>[0]): boolean {
  const property = String(element.props).toLowerCase();
  if (property === 'display') return /^none\b/i.test(String(element.children).trim());
  return shownOrHidden.has(property);
}

const keepVisibilityOnly: StylisPlugin = function tameioVisibilityOnly(element) {
  if (element.type === 'decl' && !decides(element)) {
    // stylis writes a declaration as its `return` or else its `value`: both empty, it writes nothing.
    element.value = '';
    element.return = '';
  }
};

export function VisibilityStyles({ children }: { children: ReactNode }) {
  return <StyleSheetManager stylisPlugins={[keepVisibilityOnly]}>{children}</StyleSheetManager>;
}
