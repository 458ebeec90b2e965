import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { formatAmount } from '../../src/ui/Amount';
import { contrastRatio } from '../../src/ui/cardColours';
import { theme } from '../../src/ui/theme';

const root = path.resolve(import.meta.dirname, '..', '..');

/*
 * Issue 19 "contrast AA in every state": every pair of colour tokens the components paint together, at rest, on hover,
 * focused, disabled and in error, held to WCAG 2.2 AA: 4.5:1 for text (1.4.3), 3:1 for the edges of controls and the
 * focus ring (1.4.11). A new pairing in a component adds a line here; a new colour token must appear in one.
 */

type Colour = keyof typeof theme.colors;
type Pair = { where: string; fore: Colour; back: Colour };

const textPairs: Pair[] = [
  { where: 'body text on a card', fore: 'text', back: 'surface' },
  { where: 'body text on the page', fore: 'text', back: 'background' },
  { where: 'the current navigation link', fore: 'text', back: 'navCurrent' },
  { where: 'muted text (hints, labels of figures) on a card', fore: 'textMuted', back: 'surface' },
  { where: 'muted text on the page', fore: 'textMuted', back: 'background' },
  { where: 'a link on a card', fore: 'primary', back: 'surface' },
  { where: 'a link on the page', fore: 'primary', back: 'background' },
  { where: 'a link in the current navigation entry', fore: 'primary', back: 'navCurrent' },
  { where: 'a hovered link on a card', fore: 'primaryStrong', back: 'surface' },
  { where: 'a hovered link on the page', fore: 'primaryStrong', back: 'background' },
  { where: 'the current navigation link, hovered', fore: 'primaryStrong', back: 'navCurrent' },
  { where: 'a primary button', fore: 'onPrimary', back: 'primary' },
  { where: 'a primary button, hovered', fore: 'onPrimary', back: 'primaryStrong' },
  { where: 'a secondary button', fore: 'primary', back: 'surface' },
  { where: 'a secondary button, hovered', fore: 'primaryStrong', back: 'surface' },
  { where: 'a danger button', fore: 'onPrimary', back: 'danger' },
  { where: 'a danger button, hovered', fore: 'onPrimary', back: 'dangerStrong' },
  { where: 'a disabled button', fore: 'disabledText', back: 'disabledSurface' },
  { where: 'text in a disabled input', fore: 'text', back: 'background' },
  { where: 'a field’s error message on a card', fore: 'danger', back: 'surface' },
  { where: 'a field’s error message on the page', fore: 'danger', back: 'background' },
  { where: 'an alert', fore: 'danger', back: 'dangerSurface' },
  { where: 'an incoming amount on a card', fore: 'success', back: 'surface' },
  { where: 'an incoming amount on the page or a selected row', fore: 'success', back: 'background' },
  { where: 'a success toast', fore: 'onPrimary', back: 'success' },
  { where: 'text on the warning colour', fore: 'text', back: 'warning' },
  { where: 'a default toast', fore: 'surface', back: 'text' },
];

const nonTextPairs: Pair[] = [
  { where: 'the focus ring around a control on a card', fore: 'focus', back: 'surface' },
  { where: 'the focus ring on the page', fore: 'focus', back: 'background' },
  { where: 'the focus ring on the current navigation entry', fore: 'focus', back: 'navCurrent' },
  { where: 'an input’s edge on a card', fore: 'inputBorder', back: 'surface' },
  { where: 'a disabled input’s edge against its fill', fore: 'inputBorder', back: 'background' },
  { where: 'an invalid input’s edge', fore: 'danger', back: 'surface' },
  { where: 'a secondary button’s edge', fore: 'primary', back: 'surface' },
  { where: 'a primary button against the page', fore: 'primary', back: 'background' },
];

/** Tokens that never carry information by their contrast alone: dividers and the dimming behind a dialog. */
const decorative: Colour[] = ['border', 'overlay'];

const ratio = ({ fore, back }: Pair) => contrastRatio(theme.colors[fore], theme.colors[back]);

describe('design tokens reach WCAG 2.2 AA', () => {
  it.each(textPairs)('text: $where ($fore on $back) at least 4.5:1', (pair) => {
    expect(ratio(pair)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(nonTextPairs)('non-text: $where ($fore on $back) at least 3:1', (pair) => {
    expect(ratio(pair)).toBeGreaterThanOrEqual(3);
  });

  it('every colour token is either checked above or decorative', () => {
    const checked = new Set<string>(
      [...textPairs, ...nonTextPairs].flatMap(({ fore, back }) => [fore, back]),
    );
    const unchecked = Object.keys(theme.colors).filter(
      (name) => !checked.has(name) && !decorative.includes(name as Colour),
    );
    expect(unchecked).toEqual([]);
  });

  it('every colour a pair uses is a plain #rrggbb (the contrast maths reads no alpha)', () => {
    for (const { fore, back } of [...textPairs, ...nonTextPairs]) {
      expect(theme.colors[fore]).toMatch(/^#[0-9a-f]{6}$/i);
      expect(theme.colors[back]).toMatch(/^#[0-9a-f]{6}$/i);
    }
  });
});

describe('type scale, radii and elevation', () => {
  it('sizes step up from small text to the headline figure', () => {
    const rem = (size: string) => Number.parseFloat(size);
    const { caption, small, body, h3, h2, h1, amountLarge } = theme.type;
    const order = [caption, small, body, h3, h2, h1, amountLarge].map(({ size }) => rem(size));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('body text is at least 16 px and 1.5 lines apart (WCAG 1.4.12 leaves room to space it further)', () => {
    expect(theme.type.body.size).toBe('1rem');
    expect(theme.type.body.lineHeight).toBeGreaterThanOrEqual(1.5);
  });

  it('keeps the older names working: theme.shadow is the raised elevation', () => {
    expect(theme.shadow).toBe(theme.elevation.raised);
  });
});

describe('amounts mean the same everywhere (src/ui/Amount.tsx)', () => {
  const en = createIntl({ locale: 'en-GB' });
  const el = createIntl({ locale: 'el' });
  const euro = (amountMinor: string) => ({ amount_minor: amountMinor, currency: 'EUR' });
  const plain = (text: string) => text.replace(/\u00a0/g, ' ');

  it('money received has a plus, money paid a typographic minus, whatever sign the API gave', () => {
    expect(formatAmount(en, euro('25000'), 'in')).toBe('+€250.00');
    expect(formatAmount(en, euro('-25000'), 'in')).toBe('+€250.00');
    expect(formatAmount(en, euro('30000'), 'out')).toBe('−€300.00');
    expect(formatAmount(en, euro('-30000'), 'out')).toBe('−€300.00');
    expect(plain(formatAmount(el, euro('30000'), 'out'))).toBe('−300,00 €');
    expect(plain(formatAmount(el, euro('25000'), 'in'))).toBe('+250,00 €');
  });

  it('a balance takes no sign unless negative, and then the same minus; zero never has one', () => {
    expect(formatAmount(en, euro('213580'))).toBe('€2,135.80');
    expect(formatAmount(en, euro('-500'))).toBe('−€5.00');
    expect(formatAmount(en, euro('0'), 'out')).toBe('€0.00');
    expect(formatAmount(en, euro('0'), 'in')).toBe('€0.00');
  });

  it('no hyphen-minus reaches the screen in either language', () => {
    for (const intl of [en, el])
      for (const direction of ['in', 'out', undefined] as const)
        expect(formatAmount(intl, euro('-123456'), direction)).not.toContain('-');
  });
});

describe('icons', () => {
  // Issue 19: one maintained icon set. Any other icon package, or an icon font, would be a second visual language.
  const otherIconSources =
    /from '(react-icons|@heroicons|@mui\/icons|@fortawesome|@tabler\/icons|phosphor-react|@phosphor-icons|react-feather|@radix-ui\/react-icons|bootstrap-icons)/;

  it('come from lucide-react only', () => {
    const offenders = readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(ts|tsx)$/.test(file))
      .filter((file) => otherIconSources.test(readFileSync(path.join(root, 'src', file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
