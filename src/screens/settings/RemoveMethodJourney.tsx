import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { ActorOptions, ActorRefFrom, AnyActorLogic, InspectionEvent, Observer } from 'xstate';
import {
  removeMfaMethodMachine,
  selectRemovedMethod,
  selectRemoveMfaMethodCodeActor,
  selectRemoveMfaMethodError,
  selectRemoveMfaMethodStep,
} from '../../../machines/removeMfaMethod.machine';
import type { LoginMfaMethod } from '../../../schemas/auth.schema';
import type { SecuritySettings } from '../../../schemas/settings.schema';
import { api } from '../../api/client';
import { createRemoveMfaMethodLogic } from '../../app/settingsActors';
import { useJourneyActor } from '../../app/inspection';
import { Button } from '../../ui/Button';
import { Alert, Muted, Row } from '../../ui/Layout';
import { notify } from '../../ui/notify';
import { OneTimeCodeStep } from '../../ui/OneTimeCodeStep';
import { PageSpinner } from '../../ui/Spinner';
import { methodName, removeMethodErrorText, removeMethodText as m } from './settingsMessages';

type Journey = ActorRefFrom<typeof removeMfaMethodMachine>;
type InspectionObserver = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

function ErrorAlert({ journey }: { journey: Journey }) {
  const intl = useIntl();
  const error = useSelector(journey, selectRemoveMfaMethodError);
  return error ? <Alert role="alert">{removeMethodErrorText(intl, error)}</Alert> : null;
}

function Steps({ journey }: { journey: Journey }) {
  const intl = useIntl();
  const step = useSelector(journey, selectRemoveMfaMethodStep);
  const method = useSelector(journey, selectRemovedMethod);
  const child = useSelector(journey, selectRemoveMfaMethodCodeActor);
  const title = intl.formatMessage(m.title, { method: methodName(intl, method) });
  switch (step) {
    case 'confirm':
      return (
        <>
          <h1>{title}</h1>
          <Muted>{intl.formatMessage(m.intro)}</Muted>
          <Row>
            <Button onClick={() => journey.send({ type: 'remove.confirm' })}>
              {intl.formatMessage(m.confirm)}
            </Button>
            <Button variant="secondary" onClick={() => journey.send({ type: 'remove.cancel' })}>
              {intl.formatMessage(m.keep)}
            </Button>
          </Row>
        </>
      );
    case 'code':
      return child ? (
        <OneTimeCodeStep
          actor={child}
          intro={intl.formatMessage(m.codeIntro)}
          notice={<ErrorAlert journey={journey} />}
        />
      ) : (
        <PageSpinner />
      );
    case 'failed':
      return (
        <>
          <h1>{intl.formatMessage(m.failedTitle)}</h1>
          <ErrorAlert journey={journey} />
          <Row>
            <Button onClick={() => journey.send({ type: 'remove.confirm' })}>
              {intl.formatMessage(m.retry)}
            </Button>
            <Button variant="secondary" onClick={() => journey.send({ type: 'remove.cancel' })}>
              {intl.formatMessage(m.back)}
            </Button>
          </Row>
        </>
      );
    case 'loading':
    case 'removed':
    case 'cancelled':
      return <PageSpinner />;
  }
}

export type RemoveMethodJourneyProps = {
  method: LoginMfaMethod;
  /** Told when the journey ends: the user's methods after a removal, or null when nothing was removed. */
  onEnded: (settings: SecuritySettings | null) => void;
  logic?: typeof removeMfaMethodMachine;
  inspect?: InspectionObserver;
  clock?: ActorOptions<AnyActorLogic>['clock'];
};

/** SPEC §2 /settings/security: removing a second-factor method, confirmed with a fresh one-time code. */
export function RemoveMethodJourney({ method, onEnded, logic, inspect, clock }: RemoveMethodJourneyProps) {
  const intl = useIntl();
  const machine = useMemo(() => logic ?? createRemoveMfaMethodLogic(api), [logic]);
  const journey = useJourneyActor(machine, {
    input: { method },
    ...(inspect ? { inspect } : {}),
    ...(clock ? { clock } : {}),
  });
  useEffect(() => {
    const subscription = journey.subscribe({
      complete: () => {
        const settings = journey.getSnapshot().output ?? null;
        if (settings) notify('success', intl.formatMessage(m.removed));
        onEnded(settings);
      },
    });
    return () => subscription.unsubscribe();
  }, [journey, onEnded, intl]);
  return <Steps journey={journey} />;
}
