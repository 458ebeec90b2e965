import { useSelector } from '@xstate/react';
import { useEffect, useRef, type JSX } from 'react';
import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';
import { botCheckMachine, selectBotCheckPhase, selectVerifiedPayload } from '../../machines/botCheck.machine';
import { api } from '../api/client';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';
import { botCheckActors } from './botCheckActors';
import { useJourneyActor, type InspectionObserver } from './inspection';

/**
 * The bot check on the credentials step (docs/product.md "Identity and sessions": ALTCHA, self-hosted proof of work). It
 * reports a solved payload, or that the payload it reported is no longer good. `round` changes when the previous
 * payload was spent (each one is single use); the login screen then mounts a fresh one, which solves a new challenge.
 */
export type BotCheckComponent = (props: {
  round: number;
  onVerified: (payload: string) => void;
  onReset: () => void;
}) => JSX.Element;

const Status = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  /* As tall as the tallest phase (the failed one's 44-pixel button, or the solving text on two lines of a narrow
     phone) with the padding and border below, so the form under it never moves when the phase changes. */
  min-height: calc(44px + 2 * ${({ theme }) => theme.space(2)} + 2px);
  margin-bottom: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.small};
  font-size: 0.9rem;
`;

const Tick = styled.span`
  color: ${({ theme }) => theme.colors.success};
  font-weight: 700;
  &::before {
    content: '✓';
  }
`;

/** The bot check with the app's effect: the challenge through the API client, solved in the page. */
const appBotCheck = botCheckMachine.provide({ actors: botCheckActors(api) });

export type AltchaBotCheckProps = Parameters<BotCheckComponent>[0] & {
  /** The journey with its effects; the app's own unless given. Model tests provide their own. */
  logic?: typeof botCheckMachine | undefined;
  /** A test's observer of the journey. */
  inspect?: InspectionObserver | undefined;
};

/**
 * Our own small ALTCHA client: shows the bot-check journey (machines/botCheck.machine.ts), which fetches a signed
 * challenge through the API client and solves it in the page as soon as it is shown. The widget's third-party bundle
 * cost /login about 29 KB of gzipped JS (ADR 004).
 */
export function AltchaBotCheck({ onVerified, onReset, logic, inspect }: AltchaBotCheckProps): JSX.Element {
  const journey = useJourneyActor(logic ?? appBotCheck, inspect ? { inspect } : {});
  const phase = useSelector(journey, selectBotCheckPhase);
  const payload = useSelector(journey, selectVerifiedPayload);
  const callbacks = useRef({ onVerified, onReset });

  useEffect(() => {
    callbacks.current = { onVerified, onReset };
  });

  // Each round of solving (the first, and each "Try again") drops the payload the form held; a solved one is handed
  // to the form once.
  useEffect(() => {
    if (phase === 'solving') callbacks.current.onReset();
    if (phase === 'verified' && payload !== null) callbacks.current.onVerified(payload);
  }, [phase, payload]);

  return (
    <Status role="status" aria-live="polite">
      {phase === 'solving' && (
        <>
          <Spinner size={18} />
          <FormattedMessage id="login.botCheck.solving" defaultMessage="Checking that you are not a robot…" />
        </>
      )}
      {phase === 'verified' && (
        <>
          <Tick aria-hidden="true" />
          <FormattedMessage id="login.botCheck.verified" defaultMessage="You are not a robot." />
        </>
      )}
      {phase === 'failed' && (
        <>
          <FormattedMessage id="login.botCheck.failed" defaultMessage="The robot check could not finish." />
          <Button type="button" variant="secondary" onClick={() => journey.send({ type: 'check.retry' })}>
            <FormattedMessage id="login.botCheck.retry" defaultMessage="Try again" />
          </Button>
        </>
      )}
    </Status>
  );
}
