import { Fragment, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import styled from 'styled-components';
import { Figures } from './Blocks';

/*
 * The frame every multi-step journey puts its steps in (issue 19): where the merchant is ("Step 2 of 3: Amount" and a
 * bar), what is decided so far (recipient, amount, fee, card, plan) beside the step on wide screens and folded above it
 * on phones, and one place for the step's actions. The step itself stays the journey's own: its h1, fields and words.
 *
 * The narrow rules follow the frame's own width (a container query), not the window's: on a phone, in a tablet's
 * column beside the navigation, or in half of the style guide, the summary folds above the step once there is no room
 * for both side by side. The wide layout is the one without a query.
 */

const progressMessage = defineMessage<Record<string, string | number>>({
  id: 'wizard.progress',
  defaultMessage: 'Step {n} of {total}: {name}',
  description: 'Above a journey step: which step of how many, and its name',
});

const gistMessage = defineMessage<Record<string, string>>({
  id: 'wizard.summary.gist',
  defaultMessage: '{title}: {gist}',
  description: 'The folded summary on phones: its name and what it holds in a few words',
});

const messages = defineMessages({
  showSummary: {
    id: 'wizard.summary.show',
    defaultMessage: 'Show',
    description: 'On phones, unfolds the summary of what is decided so far',
  },
  hideSummary: {
    id: 'wizard.summary.hide',
    defaultMessage: 'Hide',
    description: 'On phones, folds the summary of what is decided so far',
  },
});

/** Below this width of the frame the summary no longer fits beside a step of readable width. */
const narrow = '(max-width: 46rem)';

const Frame = styled.div`
  container: wizard / inline-size;
  width: 100%;
  max-width: 56rem;
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space(6)} ${theme.space(4)}`};
  @media (min-width: ${({ theme }) => theme.breakpoints.tablet}) {
    padding: ${({ theme }) => `${theme.space(10)} ${theme.space(6)}`};
  }
`;

const Progress = styled.div`
  margin-bottom: ${({ theme }) => theme.space(4)};
  p {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
  }
`;

const Bar = styled.div`
  height: 6px;
  border-radius: 3px;
  background: ${({ theme }) => theme.colors.border};
  overflow: hidden;
  span {
    display: block;
    height: 100%;
    background: ${({ theme }) => theme.colors.primary};
  }
`;

/** Step and summary side by side (summary on the right) when there is a summary; the step alone otherwise. */
const Body = styled.div<{ $withSummary: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  align-items: start;
  grid-template-columns: ${({ $withSummary }) => ($withSummary ? 'minmax(0, 1fr) 17rem' : 'minmax(0, 40rem)')};
  grid-template-areas: ${({ $withSummary }) => ($withSummary ? "'step summary'" : "'step'")};
  justify-content: center;
  @container wizard ${narrow} {
    grid-template-columns: minmax(0, 1fr);
    grid-template-areas: ${({ $withSummary }) => ($withSummary ? "'summary' 'step'" : "'step'")};
  }
`;

const Step = styled.section`
  grid-area: step;
  min-width: 0;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.medium};
  box-shadow: ${({ theme }) => theme.shadow};
  padding: ${({ theme }) => theme.space(5)};
  @media (min-width: ${({ theme }) => theme.breakpoints.tablet}) {
    padding: ${({ theme }) => theme.space(8)};
  }
`;

const Summary = styled.aside`
  grid-area: summary;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.medium};
  padding: ${({ theme }) => theme.space(4)};
  h2 {
    font-size: 1rem;
    margin: 0;
  }
  position: sticky;
  top: ${({ theme }) => theme.space(4)};
  /* A narrow column: each term above its value, values left-aligned, long ones (an IBAN) broken anywhere. */
  ${Figures} {
    grid-template-columns: minmax(0, 1fr);
    row-gap: 0;
    margin-bottom: 0;
    dt:not(:first-child) {
      margin-top: ${({ theme }) => theme.space(2)};
    }
    dd {
      text-align: left;
    }
  }
  > button {
    display: none;
  }
  @container wizard ${narrow} {
    position: static;
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
    > h2 {
      display: none;
    }
    > button {
      display: flex;
    }
    &[data-folded='true'] ${Figures} {
      display: none;
    }
  }
`;

const After = styled.div`
  margin-top: ${({ theme }) => theme.space(5)};
`;

/** The phone's fold: the summary's name and its gist on one line, a chevron-free "Show" / "Hide" at the end. */
const Fold = styled.button`
  width: 100%;
  min-height: 44px;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  padding: 0;
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  text-align: left;
  cursor: pointer;
  span:first-child {
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  span:last-child {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
    text-decoration: underline;
  }
`;

export type WizardSummaryItem = { term: string; value: ReactNode };

export type WizardFrameProps = {
  /** The journey's steps by name, in order. */
  steps: readonly string[];
  /** Which of `steps` is showing; null on a page outside the steps (an outcome, a failure to load): no progress. */
  current: number | null;
  /** The summary's heading ("Your payment"). */
  summaryTitle?: string;
  /** What is decided so far, in the order it was decided; none: no summary. */
  summary?: readonly WizardSummaryItem[];
  /** The summary in a few words for the folded line on phones ("€125.00 to Maria"). */
  summaryGist?: string;
  /** Below the step and summary, as wide as both (the requests sent so far under the request form). */
  after?: ReactNode;
  children: ReactNode;
};

export function WizardFrame({
  steps,
  current,
  summaryTitle,
  summary = [],
  summaryGist,
  after,
  children,
}: WizardFrameProps) {
  const intl = useIntl();
  const progressId = useId();
  const summaryId = useId();
  const listId = useId();
  const [folded, setFolded] = useState(true);
  const step = useRef<HTMLElement>(null);
  const progress =
    current === null
      ? null
      : intl.formatMessage(progressMessage, {
          n: current + 1,
          total: steps.length,
          name: steps[current] ?? '',
        });
  const withSummary = summary.length > 0 && Boolean(summaryTitle);

  // The step's heading takes focus on every step change (src/app/PageAnnouncer.tsx); describing it by the progress
  // lets a screen reader say which step of how many it is without the words becoming part of the heading's name.
  useLayoutEffect(() => {
    const heading = step.current?.querySelector('h1');
    if (!heading) return;
    if (progress) heading.setAttribute('aria-describedby', progressId);
    else heading.removeAttribute('aria-describedby');
  });

  return (
    <Frame>
      {progress && current !== null ? (
        <Progress>
          <p id={progressId}>{progress}</p>
          <Bar aria-hidden="true">
            <span style={{ width: `${((current + 1) / steps.length) * 100}%` }} />
          </Bar>
        </Progress>
      ) : null}
      <Body $withSummary={withSummary}>
        {withSummary ? (
          <Summary aria-labelledby={summaryId} data-folded={folded}>
            <h2 id={summaryId}>{summaryTitle}</h2>
            <Fold
              type="button"
              aria-expanded={!folded}
              aria-controls={listId}
              onClick={() => setFolded(!folded)}
            >
              <span>
                {summaryGist
                  ? intl.formatMessage(gistMessage, { title: summaryTitle ?? '', gist: summaryGist })
                  : summaryTitle}
              </span>
              <span>{intl.formatMessage(folded ? messages.showSummary : messages.hideSummary)}</span>
            </Fold>
            <Figures id={listId}>
              {summary.map((item) => (
                <Fragment key={item.term}>
                  <dt>{item.term}</dt>
                  <dd>{item.value}</dd>
                </Fragment>
              ))}
            </Figures>
          </Summary>
        ) : null}
        <Step ref={step}>{children}</Step>
      </Body>
      {after ? <After>{after}</After> : null}
    </Frame>
  );
}

/**
 * A step's actions, placed the same in every journey: the step's main action first (on the left, full width on
 * phones), then the others, and "Back" (or whatever returns to the step before) last, at the far end.
 */
export const WizardActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(5)};
  > [data-back] {
    margin-left: auto;
  }
  @container wizard ${narrow} {
    flex-direction: column;
    align-items: stretch;
    > [data-back] {
      margin-left: 0;
    }
  }
`;
