import { describe, expect, it } from 'vitest';
import { cardColours } from '../../schemas/cards.schema';
import { theme } from '../../src/ui/theme';
import { cardFaceColours, contrastRatio } from '../../src/ui/cardColours';

// docs/engineering.md "Front end": WCAG 2.2 AA. The text on every card face reaches 4.5:1 (SPEC §3 card colour).

describe('card faces', () => {
  it('have a face for every colour the API offers', () => {
    expect(Object.keys(cardFaceColours).sort()).toEqual([...cardColours].sort());
  });

  it.each(cardColours)('paint %s text at 4.5:1 or more', (colour) => {
    const { background, text } = cardFaceColours[colour];
    expect(contrastRatio(background, text)).toBeGreaterThanOrEqual(4.5);
  });

  it('measure contrast as WCAG does', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio(theme.colors.primary, theme.colors.onPrimary)).toBeCloseTo(5.38, 2);
  });
});
