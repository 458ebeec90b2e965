import type { CardColour } from '../../schemas/cards.schema';

/**
 * The five card faces (schemas/cards.schema.ts `cardColours`): each background with the text colour painted on it.
 * Every pair reaches WCAG 2.2 AA for normal text (4.5:1); the ratios are in the comments and checked by
 * tests/unit/cardColours.test.ts with `contrastRatio` below.
 */
export const cardFaceColours = {
  /** The primary blue (SPEC §1). White on it: 5.4:1. */
  blue: { background: '#005aff', text: '#ffffff' },
  /** White on it: 14.2:1. */
  midnight: { background: '#1b2a4a', text: '#ffffff' },
  /** White on it: 10.0:1. */
  graphite: { background: '#3d434d', text: '#ffffff' },
  /** White on it: 6.1:1. */
  emerald: { background: '#08704e', text: '#ffffff' },
  /** Dark text (#141a26) on it: 7.6:1. */
  coral: { background: '#ff8a70', text: '#141a26' },
} as const satisfies Record<CardColour, { background: string; text: string }>;

/** WCAG 2.x relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG 2.x contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}
