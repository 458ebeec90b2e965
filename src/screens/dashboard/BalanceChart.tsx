import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import type { BalanceHistory } from '../../../schemas/home.schema';
import { formatMoney } from '../../i18n/formatMoney';
import { VisuallyHidden } from '../../ui/Layout';

const width = 300;
const height = 80;

const Figure = styled.figure`
  margin: ${({ theme }) => `${theme.space(3)} 0 0`};
  svg {
    display: block;
    width: 100%;
    height: auto;
    color: ${({ theme }) => theme.colors.primary};
  }
  figcaption {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.875rem;
    display: flex;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space(2)};
  }
`;

/** The points as SVG coordinates (a drawing: floating point is precise enough), oldest on the left. */
function coordinates(points: BalanceHistory['points']): Array<[number, number]> {
  const values = points.map((point) => Number(point.balance_minor));
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low || 1;
  const step = points.length > 1 ? width / (points.length - 1) : 0;
  return values.map((value, index) => [index * step, height - 4 - ((value - low) / span) * (height - 8)]);
}

/**
 * The booked balance of one currency over the last days (schemas/home.schema.ts `BalanceHistory`), as a line a
 * glance reads, with the same figures in words for a screen reader: where it started, where it is, lowest and
 * highest. Decorative colours only: the words carry the meaning.
 */
export function BalanceChart({ history }: { history: BalanceHistory }) {
  const intl = useIntl();
  const summaryId = useId();
  const { points, currency } = history;
  if (points.length < 2) return null;
  const money = (minor: string | bigint) => formatMoney(intl, { amount_minor: String(minor), currency });
  const amounts = points.map((point) => BigInt(point.balance_minor));
  const low = amounts.reduce((a, b) => (b < a ? b : a));
  const high = amounts.reduce((a, b) => (b > a ? b : a));
  const xy = coordinates(points);
  const line = xy.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
  const area = `0,${height} ${line} ${width},${height}`;
  const day = (date: string) => intl.formatDate(`${date}T12:00:00Z`, { day: 'numeric', month: 'short' });
  const first = points[0]!;
  const last = points.at(-1)!;
  return (
    <Figure aria-describedby={summaryId}>
      <svg viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
        <polygon points={area} fill="currentColor" opacity={0.08} />
        <polyline
          points={line}
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <figcaption>
        <span aria-hidden="true">{day(first.date)}</span>
        <span aria-hidden="true">
          <FormattedMessage id="dashboard.chart.today" defaultMessage="Today" />
        </span>
        <VisuallyHidden id={summaryId}>
          <FormattedMessage
            id="dashboard.chart.summary"
            defaultMessage="{currency} balance over the last {days} days: {start} on {startDate}, {end} today; lowest {low}, highest {high}."
            values={{
              currency,
              days: points.length,
              start: money(first.balance_minor),
              startDate: day(first.date),
              end: money(last.balance_minor),
              low: money(low),
              high: money(high),
            }}
          />
        </VisuallyHidden>
      </figcaption>
    </Figure>
  );
}
