import { expect, it } from 'vitest';
import { contrastRatio } from '../../src/ui/cardColours';
import { toastStyles } from '../../src/ui/notify';

// The e2e accessibility checks leave toasts out (one may be fading while axe reads the page), so their settled
// colours are held to WCAG AA here: text of normal size needs 4.5:1.
it.each(Object.entries(toastStyles))('a %s toast is readable (contrast at least 4.5:1)', (_kind, style) => {
  expect(contrastRatio(style.background, style.color)).toBeGreaterThanOrEqual(4.5);
});
