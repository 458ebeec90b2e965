import { useId, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { formatMoneyTick } from '../../i18n/formatMoney';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Layout';
import { analyticsText as m } from './analyticsMessages';

/*
 * Charts drawn as plain SVG and HTML (no chart library): each is a picture for the eye (role="img" with a summary in
 * words) and has the same figures in a table behind "Show as table" (WCAG 1.1.1, 1.3.1).
 */

/** Colours of money in and out: told apart by hue and lightness (safe for the common colour blindnesses). */
export const chartColours = { in: '#005aff', out: '#c2410c' } as const;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(3)};
  h2 {
    margin: 0;
    font-size: 1.2rem;
  }
`;

const Scroll = styled.div`
  overflow-x: auto;
`;

export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-variant-numeric: tabular-nums;
  caption {
    text-align: left;
    font-weight: 600;
    margin-bottom: ${({ theme }) => theme.space(2)};
  }
  th,
  td {
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(2)}`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: right;
  }
  th:first-child,
  td:first-child {
    text-align: left;
  }
  thead th {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
  }
`;

/** A report's card: its heading, the chart, and a button that shows the same figures as a table instead. */
export function ChartCard({
  title,
  description,
  chart,
  table,
}: {
  title: string;
  description?: ReactNode;
  chart: ReactNode;
  table: ReactNode;
}) {
  const intl = useIntl();
  const headingId = useId();
  const bodyId = useId();
  const [asTable, setAsTable] = useState(false);
  return (
    <Card aria-labelledby={headingId}>
      <Head>
        <h2 id={headingId}>{title}</h2>
        <Button
          variant="quiet"
          aria-controls={bodyId}
          aria-pressed={asTable}
          onClick={() => setAsTable((shown) => !shown)}
        >
          {intl.formatMessage(m.showAsTable)}
        </Button>
      </Head>
      {description}
      {/* A chart or table wider than a phone scrolls sideways: the keyboard must reach it to scroll it (WCAG 2.1.1). */}
      <Scroll id={bodyId} tabIndex={0} role="group" aria-labelledby={headingId}>
        {asTable ? table : chart}
      </Scroll>
    </Card>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Money in and out over time: bars side by side per day or month.

export type InOutPoint = {
  /** The mark under the bars ("Thu 14", "May"). */
  tick: string;
  /** The bucket in words, for the tooltip ("May 14, 2026"). */
  name: string;
  in: number;
  out: number;
  inText: string;
  outText: string;
};

/** A round top for the axis: 1, 2, 2.5 or 5 times a power of ten, at least `max`. */
export function niceMax(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

const Legend = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(4)};
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space(2)};
  padding: 0;
  li {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
  }
`;

const Swatch = styled.span<{ $colour: string }>`
  display: inline-block;
  width: 0.9rem;
  height: 0.9rem;
  border-radius: 3px;
  background: ${({ $colour }) => $colour};
`;

export function InOutLegend() {
  const intl = useIntl();
  return (
    <Legend aria-hidden="true">
      <li>
        <Swatch $colour={chartColours.in} />
        {intl.formatMessage(m.moneyIn)}
      </li>
      <li>
        <Swatch $colour={chartColours.out} />
        {intl.formatMessage(m.moneyOut)}
      </li>
    </Legend>
  );
}

const Svg = styled.svg`
  display: block;
  width: 100%;
  min-width: 32rem;
  height: auto;
  font-family: inherit;
  text {
    fill: ${({ theme }) => theme.colors.textMuted};
    font-size: 12px;
  }
  line.grid {
    stroke: ${({ theme }) => theme.colors.border};
  }
  line.axis {
    stroke: ${({ theme }) => theme.colors.inputBorder};
  }
`;

const width = 720;
const height = 260;
const margin = { top: 12, right: 8, bottom: 28, left: 72 };

/**
 * Money in and out per bucket as bars side by side, with a money axis. `summary` says in words what the picture shows
 * (its accessible name); each bar also has a tooltip.
 */
export function InOutBars({
  points,
  currency,
  summary,
}: {
  points: InOutPoint[];
  currency: string;
  summary: string;
}) {
  const intl = useIntl();
  const plotWidth = width - margin.left - margin.right;
  const plotHeight = height - margin.top - margin.bottom;
  const top = niceMax(Math.max(0, ...points.map((point) => Math.max(point.in, point.out))));
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((share) => share * top);
  const y = (value: number) => margin.top + plotHeight - (value / top) * plotHeight;
  const slot = plotWidth / Math.max(points.length, 1);
  const bar = Math.max(1, Math.min(22, (slot - 4) / 2));
  // At most about twelve marks under the axis, so they never overlap.
  const every = Math.max(1, Math.ceil(points.length / 12));
  return (
    <>
      <InOutLegend />
      <Svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={summary}>
        {ticks.map((tick) => (
          <g key={tick}>
            <line className="grid" x1={margin.left} x2={width - margin.right} y1={y(tick)} y2={y(tick)} />
            <text x={margin.left - 8} y={y(tick)} dy="0.32em" textAnchor="end">
              {formatMoneyTick(intl, tick, currency)}
            </text>
          </g>
        ))}
        {points.map((point, index) => {
          const centre = margin.left + slot * index + slot / 2;
          return (
            <g key={`${point.tick}-${index}`}>
              <rect
                x={centre - bar}
                y={y(point.in)}
                width={bar}
                height={Math.max(0, y(0) - y(point.in))}
                fill={chartColours.in}
                rx={2}
              >
                <title>{intl.formatMessage(m.barIn, { name: point.name, amount: point.inText })}</title>
              </rect>
              <rect
                x={centre}
                y={y(point.out)}
                width={bar}
                height={Math.max(0, y(0) - y(point.out))}
                fill={chartColours.out}
                rx={2}
              >
                <title>{intl.formatMessage(m.barOut, { name: point.name, amount: point.outText })}</title>
              </rect>
              {index % every === 0 ? (
                <text x={centre} y={height - 8} textAnchor="middle">
                  {point.tick}
                </text>
              ) : null}
            </g>
          );
        })}
        <line className="axis" x1={margin.left} x2={width - margin.right} y1={y(0)} y2={y(0)} />
      </Svg>
    </>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Shares: horizontal bars with their label and figures beside them (readable without the bars).

export type ShareRow = {
  key: string;
  label: string;
  /** Length of the bar, any unit; the longest fills the width. */
  value: number;
  /** The exact figure, formatted. */
  valueText: string;
  /** Further words under the label ("12 payments · 34.5%"). */
  detail: string;
};

const Rows = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
`;

const RowItem = styled.li`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${({ theme }) => `${theme.space(1)} ${theme.space(3)}`};
  align-items: baseline;
  strong {
    font-variant-numeric: tabular-nums;
  }
  small {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Track = styled.span`
  grid-column: 1 / -1;
  display: block;
  height: 0.75rem;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.background};
  overflow: hidden;
`;

const Fill = styled.span<{ $colour: string; $share: number }>`
  display: block;
  height: 100%;
  width: ${({ $share }) => `${Math.max($share * 100, 1)}%`};
  background: ${({ $colour }) => $colour};
  border-radius: ${({ theme }) => theme.radii.pill};
`;

/** Rows of label, exact figure and a bar proportional to the value: a list, read in order by screen readers. */
export function ShareBars({ rows, colour, label }: { rows: ShareRow[]; colour: string; label: string }) {
  const largest = Math.max(0, ...rows.map((row) => row.value));
  return (
    <Rows aria-label={label}>
      {rows.map((row) => (
        <RowItem key={row.key}>
          <span>
            {row.label}
            <br />
            <small>{row.detail}</small>
          </span>
          <strong>{row.valueText}</strong>
          <Track aria-hidden="true">
            <Fill $colour={colour} $share={largest > 0 ? row.value / largest : 0} />
          </Track>
        </RowItem>
      ))}
    </Rows>
  );
}
