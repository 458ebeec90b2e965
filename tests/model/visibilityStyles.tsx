import type { ComponentProps, ReactNode } from 'react';
import { StyleSheetManager } from 'styled-components';

type StylisPlugin = NonNullable<ComponentProps<typeof StyleSheetManager>['stylisPlugins']>[number];

/**
 * jsdom lays nothing out: of the app's CSS, only what decides whether an element is shown, named or clickable
 * reaches a test (Testing Library's role queries and accessible names read `display`, `visibility` and a pseudo
 * element's `content`; user-event refuses a click through `pointer-events: none`; jest-dom's visibility reads
 * `opacity`). Yet jsdom cascades every declaration of every matching rule for each computed style it is asked for, and
 * the role queries ask for the style of each candidate and its ancestors: most of a model test's CPU. So the model
 * tests' styles keep those declarations and drop the rest (colours, spacing, borders, fonts); a rule left empty is
 * not written at all. The browser tests (tests/e2e) see every rule, colours and contrast included.
 */
const shownOrHidden = new Set(['display', 'visibility', 'content', 'pointer-events', 'opacity']);

const keepVisibilityOnly: StylisPlugin = function tameioVisibilityOnly(element) {
  if (element.type === 'decl' && !shownOrHidden.has(String(element.props).toLowerCase())) {
    // stylis writes a declaration as its `return` or else its `value`: both empty, it writes nothing.
    element.value = '';
    element.return = '';
  }
};

export function VisibilityStyles({ children }: { children: ReactNode }) {
  return <StyleSheetManager stylisPlugins={[keepVisibilityOnly]}>{children}</StyleSheetManager>;
}
