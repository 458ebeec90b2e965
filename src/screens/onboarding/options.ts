import { useIntl } from 'react-intl';
import type { ReferenceItem } from '../../../schemas/onboarding.schema';
import { itemName } from '../../ui/stepForm';

/**
 * Reference items as select options in the order of `codes` (a scale: company sizes, turnover bands), named in the
 * current language. Sorting a scale by its names reads "11 to 50, 2 to 10…"; its own order is the natural one.
 */
export function useScaleOptions(
  items: ReferenceItem[],
  codes: readonly string[],
): Array<{ code: string; name: string }> {
  const intl = useIntl();
  return inScaleOrder(items, codes).map((item) => ({
    code: item.code,
    name: itemName(intl, items, item.code),
  }));
}

/** `items` in the order of `codes`; items not among them last, as they came. */
export function inScaleOrder<T extends { code: string }>(items: readonly T[], codes: readonly string[]): T[] {
  const rank = (code: string) => {
    const at = codes.indexOf(code);
    return at === -1 ? codes.length : at;
  };
  return [...items].sort((a, b) => rank(a.code) - rank(b.code));
}

/**
 * A whole number as a reader of `locale` writes it: digits, grouped in thousands with that language's separator or
 * not at all ("20.000" in Greek, "20,000" in English, "20000" in both); spaces between groups are fine too.
 */
export function wholeUnits(locale: string, typed: string): string | null {
  const group = new Intl.NumberFormat(locale)
    .formatToParts(10000)
    .find((part) => part.type === 'group')?.value;
  const compact = typed.trim().replace(/[\s\u00a0\u202f]/g, '');
  if (/^\d+$/.test(compact)) return compact;
  if (!group) return null;
  const escaped = group.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^\\d{1,3}(${escaped}\\d{3})+$`).test(compact) ? compact.split(group).join('') : null;
}
