import { useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { ActorOptions, ActorRefFrom, AnyActorLogic, InspectionEvent, Observer } from 'xstate';
import {
  cancelPlanMachine,
  isAnswered,
  selectCancelAnswers,
  selectCancellationQuestions,
  selectCancelOutcome,
  selectCancelPlanBusy,
  selectCancelPlanError,
  selectCancelPlanStep,
  selectCancelSubscription,
  selectConfirmingCancel,
  type CancelAnswer,
  type CancelPlanSnapshot,
} from '../../../machines/cancelPlan.machine';
import type { CancellationQuestion, Subscription } from '../../../schemas/plans.schema';
import { api } from '../../api/client';
import { cancelPlanActors } from '../../app/planActors';
import { useJourneyActor } from '../../app/inspection';
import { bankDateText } from '../../i18n/formatDate';
import { LinkRow, Options } from '../../ui/Blocks';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Alert, Card, Muted, Page, Row } from '../../ui/Layout';
import { notify } from '../../ui/notify';
import { PageSpinner } from '../../ui/Spinner';
import { TextArea } from '../../ui/TextArea';
import { cancelPlanErrorText, cancelText as m, optionText, questionText } from './accountMessages';

type CancelActor = ActorRefFrom<typeof cancelPlanMachine>;

function useJourney<T>(journey: CancelActor, selector: (snapshot: CancelPlanSnapshot) => T) {
  return useSelector(journey, selector);
}

function ErrorAlert({ journey }: { journey: CancelActor }) {
  const intl = useIntl();
  const error = useJourney(journey, selectCancelPlanError);
  if (!error) return null;
  return <Alert role="alert">{cancelPlanErrorText(intl, error)}</Alert>;
}

/** The period's end as a day on the bank's calendar, or nothing when the subscription has no period. */
function useEndDate(subscription: Subscription | null): string {
  const intl = useIntl();
  return subscription?.current_period_end ? bankDateText(intl, subscription.current_period_end, 'long') : '';
}

type Draft = Record<string, { options: string[]; text: string }>;

function draftOf(questions: CancellationQuestion[], answers: CancelAnswer[]): Draft {
  const draft: Draft = {};
  for (const question of questions) {
    const answer = answers.find((one) => one.question_id === question.id);
    draft[question.id] = { options: answer?.options ?? [], text: answer?.text ?? '' };
  }
  return draft;
}

function answersOf(questions: CancellationQuestion[], draft: Draft): CancelAnswer[] {
  return questions.flatMap((question): CancelAnswer[] => {
    const entry = draft[question.id];
    if (!entry) return [];
    if (question.type === 'text') {
      const text = entry.text.trim();
      return text ? [{ question_id: question.id, text }] : [];
    }
    return entry.options.length ? [{ question_id: question.id, options: entry.options }] : [];
  });
}

function Question({
  question,
  value,
  error,
  disabled,
  onChange,
}: {
  question: CancellationQuestion;
  value: { options: string[]; text: string };
  error: string | null;
  disabled: boolean;
  onChange: (value: { options: string[]; text: string }) => void;
}) {
  const intl = useIntl();
  const errorId = useId();
  const label = `${questionText(intl, question.id)} ${intl.formatMessage(question.required ? m.required : m.optional)}`;
  if (question.type === 'text') {
    return (
      <TextArea
        label={label}
        name={question.id}
        maxLength={1000}
        disabled={disabled}
        value={value.text}
        error={error}
        onChange={(event) => onChange({ ...value, text: event.target.value })}
      />
    );
  }
  const single = question.type === 'single';
  return (
    <Options disabled={disabled} aria-describedby={error ? errorId : undefined}>
      <legend>{label}</legend>
      {question.options.map((option) => (
        <label key={option}>
          <input
            type={single ? 'radio' : 'checkbox'}
            name={question.id}
            value={option}
            checked={value.options.includes(option)}
            onChange={(event) =>
              onChange({
                ...value,
                options: single
                  ? [option]
                  : event.target.checked
                    ? [...value.options, option]
                    : value.options.filter((one) => one !== option),
              })
            }
          />
          {optionText(intl, option)}
        </label>
      ))}
      {error ? (
        <Alert as="p" id={errorId}>
          {error}
        </Alert>
      ) : null}
    </Options>
  );
}

/** The questionnaire, and the "Cancel your plan?" dialog over it. */
function QuestionsStep({ journey }: { journey: CancelActor }) {
  const intl = useIntl();
  const questions = useJourney(journey, selectCancellationQuestions);
  const answers = useJourney(journey, selectCancelAnswers);
  const subscription = useJourney(journey, selectCancelSubscription);
  const confirming = useJourney(journey, selectConfirmingCancel);
  const busy = useJourney(journey, selectCancelPlanBusy);
  const endDate = useEndDate(subscription);
  const [draft, setDraft] = useState<Draft>(() => draftOf(questions, answers));
  const [missing, setMissing] = useState<string[]>([]);
  const plan = subscription?.plan_name ?? '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const list = answersOf(questions, draft);
    const unanswered = questions
      .filter((question) => question.required)
      .filter((question) => !isAnswered(list.find((answer) => answer.question_id === question.id)))
      .map((question) => question.id);
    setMissing(unanswered);
    if (unanswered.length) return;
    journey.send({ type: 'answers.submit', answers: list });
  };

  return (
    <>
      <h1>{intl.formatMessage(m.title)}</h1>
      <p>{intl.formatMessage(m.intro, { plan, date: endDate })}</p>
      <ErrorAlert journey={journey} />
      <form noValidate onSubmit={submit}>
        {questions.map((question) => (
          <Question
            key={question.id}
            question={question}
            value={draft[question.id] ?? { options: [], text: '' }}
            error={missing.includes(question.id) ? intl.formatMessage(m.answerThis) : null}
            disabled={busy || confirming}
            onChange={(value) => setDraft({ ...draft, [question.id]: value })}
          />
        ))}
        <Row>
          <Button type="submit" variant="danger" disabled={busy || confirming}>
            {intl.formatMessage(m.submit)}
          </Button>
        </Row>
      </form>
      <LinkRow>
        <Link to="/plans">{intl.formatMessage(m.keep)}</Link>
      </LinkRow>
      {confirming ? (
        <Dialog
          title={intl.formatMessage(m.confirmTitle, { plan })}
          onEscape={busy ? undefined : () => journey.send({ type: 'cancel.back' })}
          actions={
            <>
              <Button
                variant="secondary"
                disabled={busy}
                onClick={() => journey.send({ type: 'cancel.back' })}
              >
                {intl.formatMessage(m.back)}
              </Button>
              <Button
                variant="danger"
                busy={busy}
                disabled={busy}
                onClick={() => journey.send({ type: 'cancel.confirm' })}
              >
                {intl.formatMessage(m.confirm)}
              </Button>
            </>
          }
        >
          <p>{intl.formatMessage(m.confirmBody, { date: endDate })}</p>
        </Dialog>
      ) : null}
    </>
  );
}

function Journey({ journey }: { journey: CancelActor }) {
  const intl = useIntl();
  const step = useJourney(journey, selectCancelPlanStep);
  const subscription = useJourney(journey, selectCancelSubscription);
  const outcome = useJourney(journey, selectCancelOutcome);
  const busy = useJourney(journey, selectCancelPlanBusy);
  const endDate = useEndDate(subscription);
  const plan = subscription?.plan_name ?? '';

  useEffect(() => {
    if (outcome === 'cancelled') notify('success', intl.formatMessage(m.cancelledToast));
    if (outcome === 'undone') notify('success', intl.formatMessage(m.undoneToast));
  }, [outcome, intl]);

  const plansLink = (
    <LinkRow>
      <Link to="/plans">{intl.formatMessage(m.seePlans)}</Link>
    </LinkRow>
  );

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
    case 'free':
      return (
        <>
          <h1>{intl.formatMessage(m.title)}</h1>
          <p>{intl.formatMessage(m.free)}</p>
          {plansLink}
        </>
      );
    case 'questions':
      return <QuestionsStep journey={journey} />;
    case 'cancelled':
      return (
        <>
          <h1>{intl.formatMessage(m.cancelledTitle)}</h1>
          <ErrorAlert journey={journey} />
          <p>{intl.formatMessage(m.cancelledBody, { plan, date: endDate })}</p>
          <Muted>{intl.formatMessage(m.undoHint, { date: endDate })}</Muted>
          <Row>
            <Button busy={busy} disabled={busy} onClick={() => journey.send({ type: 'undo.request' })}>
              {intl.formatMessage(m.undo)}
            </Button>
          </Row>
          {plansLink}
        </>
      );
    case 'kept':
      return (
        <>
          <h1>{intl.formatMessage(m.keptTitle)}</h1>
          <p>{intl.formatMessage(m.keptBody, { plan, date: endDate })}</p>
          <Row>
            <Button variant="secondary" onClick={() => journey.send({ type: 'cancel.restart' })}>
              {intl.formatMessage(m.title)}
            </Button>
          </Row>
          {plansLink}
        </>
      );
  }
}

type InspectionObserver = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

export type CancelPlanScreenProps = {
  /** The journey with its effects; the app's API calls unless a test passes its own. */
  logic?: typeof cancelPlanMachine;
  inspect?: InspectionObserver;
  clock?: ActorOptions<AnyActorLogic>['clock'];
};

/** SPEC §2 /account/cancellation: the questionnaire, cancel (SPEC §4: Free at the period's end) and undo. */
export function CancelPlanScreen({ logic, inspect, clock }: CancelPlanScreenProps) {
  const machine = useMemo(
    () => logic ?? cancelPlanMachine.provide({ actors: cancelPlanActors(api) }),
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
      </Card>
    </Page>
  );
}

export default CancelPlanScreen;
