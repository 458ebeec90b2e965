import { useSelector } from '@xstate/react';
import { friendlyFormatIBAN } from 'ibantools';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { ActorOptions, ActorRefFrom, AnyActorLogic, InspectionEvent, Observer } from 'xstate';
import {
  accountDeletionMachine,
  payoutIbanOf,
  selectAccountDeletionBusy,
  selectAccountDeletionError,
  selectAccountDeletionFieldErrors,
  selectAccountDeletionStep,
  selectDeletionCodeActor,
  selectDeletionDraft,
  selectDeletionOutcome,
  selectDeletionPeriodEnd,
  selectDeletionRequest,
  type AccountDeletionSnapshot,
} from '../../../machines/accountDeletion.machine';
import { api } from '../../api/client';
import { accountDeletionActors } from '../../app/planActors';
import { useJourneyActor } from '../../app/inspection';
import { bankDateText } from '../../i18n/formatDate';
import { Figures, LinkRow } from '../../ui/Blocks';
import { Button } from '../../ui/Button';
import { Alert, Card, Muted, Page, Row } from '../../ui/Layout';
import { notify } from '../../ui/notify';
import { OneTimeCodeStep } from '../../ui/OneTimeCodeStep';
import { PageSpinner } from '../../ui/Spinner';
import { TextArea } from '../../ui/TextArea';
import { TextField } from '../../ui/TextField';
import {
  accountDeletionErrorText,
  blockerText,
  deletionBlockers,
  deletionText as m,
  payoutIbanFieldText,
} from './accountMessages';

type DeletionActor = ActorRefFrom<typeof accountDeletionMachine>;

function useJourney<T>(journey: DeletionActor, selector: (snapshot: AccountDeletionSnapshot) => T) {
  return useSelector(journey, selector);
}

function ErrorAlert({ journey }: { journey: DeletionActor }) {
  const intl = useIntl();
  const error = useJourney(journey, selectAccountDeletionError);
  if (!error) return null;
  return <Alert role="alert">{accountDeletionErrorText(intl, error)}</Alert>;
}

/** When it takes effect, what happens to the money, what must be settled; the payout IBAN and a reason. */
function ExplainStep({ journey }: { journey: DeletionActor }) {
  const intl = useIntl();
  const periodEnd = useJourney(journey, selectDeletionPeriodEnd);
  const draft = useJourney(journey, selectDeletionDraft);
  const busy = useJourney(journey, selectAccountDeletionBusy);
  const serverFields = useJourney(journey, selectAccountDeletionFieldErrors);
  const [iban, setIban] = useState(draft?.payoutIban ?? '');
  const [reason, setReason] = useState(draft?.reason ?? '');
  const [ibanError, setIbanError] = useState<string | null>(null);
  const serverIban = serverFields['payout_iban'];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (payoutIbanOf(iban) === null) {
      setIbanError(intl.formatMessage(m.ibanInvalid));
      return;
    }
    setIbanError(null);
    journey.send({ type: 'deletion.submit', payoutIban: iban, reason });
  };

  return (
    <>
      <h1>{intl.formatMessage(m.title)}</h1>
      <ErrorAlert journey={journey} />
      <p>
        {periodEnd
          ? intl.formatMessage(m.whenPaid, { date: bankDateText(intl, periodEnd, 'long') })
          : intl.formatMessage(m.whenFree)}
      </p>
      <p>{intl.formatMessage(m.payout)}</p>
      <p>{intl.formatMessage(m.blockersIntro)}</p>
      <ul>
        {deletionBlockers.map((blocker) => (
          <li key={blocker}>{blockerText(intl, blocker)}</li>
        ))}
      </ul>
      <Muted>{intl.formatMessage(m.followUp)}</Muted>
      <form noValidate onSubmit={submit}>
        <TextField
          label={intl.formatMessage(m.iban)}
          hint={intl.formatMessage(m.ibanHint)}
          name="payout_iban"
          autoComplete="off"
          spellCheck={false}
          required
          disabled={busy}
          value={iban}
          error={ibanError ?? (serverIban ? payoutIbanFieldText(intl, serverIban) : null)}
          onChange={(event) => setIban(event.target.value)}
        />
        <TextArea
          label={intl.formatMessage(m.reason)}
          name="reason"
          maxLength={1000}
          disabled={busy}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <Row>
          <Button type="submit" variant="danger" disabled={busy}>
            {intl.formatMessage(m.submit)}
          </Button>
        </Row>
      </form>
    </>
  );
}

function CodeStep({ journey }: { journey: DeletionActor }) {
  const intl = useIntl();
  const child = useJourney(journey, selectDeletionCodeActor);
  const error = useJourney(journey, selectAccountDeletionError);
  if (!child) return <PageSpinner />;
  return (
    <OneTimeCodeStep
      actor={child}
      intro={intl.formatMessage(m.codeIntro)}
      notice={error ? <Alert role="alert">{accountDeletionErrorText(intl, error)}</Alert> : null}
    />
  );
}

/** The request: its dates, where the money goes, and what the server says must be settled first. */
function ScheduledStep({ journey }: { journey: DeletionActor }) {
  const intl = useIntl();
  const deletion = useJourney(journey, selectDeletionRequest);
  const busy = useJourney(journey, selectAccountDeletionBusy);
  if (!deletion) return null;
  return (
    <>
      <h1>{intl.formatMessage(m.scheduledTitle)}</h1>
      <ErrorAlert journey={journey} />
      <Figures>
        <dt>{intl.formatMessage(m.requestedOn)}</dt>
        <dd>{bankDateText(intl, deletion.requested_at, 'long')}</dd>
        <dt>{intl.formatMessage(m.effective)}</dt>
        <dd>{bankDateText(intl, deletion.effective_at, 'long')}</dd>
        <dt>{intl.formatMessage(m.payoutTo)}</dt>
        <dd>{friendlyFormatIBAN(deletion.payout_iban) ?? deletion.payout_iban}</dd>
      </Figures>
      <h2>{intl.formatMessage(m.blockersHeading)}</h2>
      {deletion.blockers.length ? (
        <ul>
          {deletion.blockers.map((blocker) => (
            <li key={blocker}>{blockerText(intl, blocker)}</li>
          ))}
        </ul>
      ) : (
        <p>{intl.formatMessage(m.noBlockers)}</p>
      )}
      <Muted>{intl.formatMessage(m.followUp)}</Muted>
      <Row>
        <Button
          variant="secondary"
          busy={busy}
          disabled={busy}
          onClick={() => journey.send({ type: 'withdraw.request' })}
        >
          {intl.formatMessage(m.withdraw)}
        </Button>
      </Row>
    </>
  );
}

function Journey({ journey }: { journey: DeletionActor }) {
  const intl = useIntl();
  const step = useJourney(journey, selectAccountDeletionStep);
  const outcome = useJourney(journey, selectDeletionOutcome);

  useEffect(() => {
    if (outcome === 'requested') notify('success', intl.formatMessage(m.requestedToast));
    if (outcome === 'withdrawn') notify('success', intl.formatMessage(m.withdrawnToast));
  }, [outcome, intl]);

  switch (step) {
    case 'loading':
      return <PageSpinner />;
    case 'loadFailed':
      return (
        <>
          <h1>{intl.formatMessage(m.title)}</h1>
          <ErrorAlert journey={journey} />
          <Button onClick={() => journey.send({ type: 'load.retry' })}>{intl.formatMessage(m.retry)}</Button>
        </>
      );
    case 'explain':
      return <ExplainStep journey={journey} />;
    case 'code':
      return <CodeStep journey={journey} />;
    case 'scheduled':
      return <ScheduledStep journey={journey} />;
  }
}

type InspectionObserver = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

export type AccountDeletionScreenProps = {
  /** The journey with its effects; the app's API calls unless a test passes its own. */
  logic?: typeof accountDeletionMachine;
  inspect?: InspectionObserver;
  clock?: ActorOptions<AnyActorLogic>['clock'];
};

/** SPEC §2 /account/deletion: the request (a fresh one-time code), its date and blockers, and withdrawing it. */
export function AccountDeletionScreen({ logic, inspect, clock }: AccountDeletionScreenProps) {
  const intl = useIntl();
  const machine = useMemo(
    () => logic ?? accountDeletionMachine.provide({ actors: accountDeletionActors(api) }),
    [logic],
  );
  const journey = useJourneyActor(machine, {
    ...(inspect ? { inspect } : {}),
    ...(clock ? { clock } : {}),
  });
  return (
    <Page $narrow>
      <Card>
        <Journey journey={journey} />
        <LinkRow>
          <Link to="/plans">{intl.formatMessage(m.seePlans)}</Link>
        </LinkRow>
      </Card>
    </Page>
  );
}

export default AccountDeletionScreen;
