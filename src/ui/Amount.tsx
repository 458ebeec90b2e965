import type { IntlShape } from 'react-intl';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { Money } from '../../schemas/overview.schema';
import { formatMoney } from '../i18n/formatMoney';

/** Money received (`in`), money paid (`out`); no direction for a balance, a price or a total. */
export type AmountDirection = 'in' | 'out';

/** U+2212: the typographic minus, as wide as the plus, so signed amounts line up in a column of tabular figures. */
const minusSign = '\u2212';

/**
 * A money amount as text, with the same sign rules as {@link Amount}: incoming "+€250.00", outgoing "−€300.00" whatever
 * sign the API gave, a balance as it is (a negative one with the same minus). Zero never takes a sign.
 */
export function formatAmount(
  intl: Pick<IntlShape, 'formatNumber'>,
  money: Money,
  direction?: AmountDirection,
): string {
  const magnitude = money.amount_minor.replace(/^-/, '');
  const minor =
    direction === 'out' && !/^0+$/.test(magnitude)
      ? `-${magnitude}`
      : direction
        ? magnitude
        : money.amount_minor;
  const text = formatMoney(
    intl,
    { ...money, amount_minor: minor },
    direction ? { signDisplay: 'exceptZero' } : {},
  );
  return text.replace('-', minusSign);
}

const Figure = styled.span<{
  $direction: AmountDirection | undefined;
  $size: 'inherit' | 'large';
  $strong: boolean;
}>`
  font-variant-numeric: tabular-nums;
  color: ${({ theme, $direction }) =>
    $direction === 'in' ? theme.colors.success : $direction === 'out' ? theme.colors.text : 'inherit'};
  ${({ theme, $size }) =>
    $size === 'large'
      ? `font-size: ${theme.type.amountLarge.size}; line-height: ${theme.type.amountLarge.lineHeight};`
      : ''}
  ${({ theme, $size, $strong }) =>
    $size === 'large'
      ? `font-weight: ${theme.type.amountLarge.weight};`
      : $strong
        ? `font-weight: ${theme.weights.bold};`
        : ''}
`;

export type AmountProps = {
  money: Money;
  /** `in` adds "+" and the success colour, `out` a minus in the text colour; without it, a balance: no sign added. */
  direction?: AmountDirection;
  /** `large` for a headline figure (a balance on the dashboard); otherwise the size of the text around it. */
  size?: 'inherit' | 'large';
  /** Bold, for an amount that leads its row (a transaction's). */
  strong?: boolean;
};

/**
 * Every money amount on screen (docs/design.md "Amounts"): tabular figures so columns line up, a sign and a colour
 * that mean the same everywhere. Colour is never the only cue: the sign says it too (WCAG 1.4.1).
 */
export function Amount({ money, direction, size = 'inherit', strong = false }: AmountProps) {
  const intl = useIntl();
  return (
    <Figure $direction={direction} $size={size} $strong={strong}>
      {formatAmount(intl, money, direction)}
    </Figure>
  );
}
