import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { ActorRefFrom, InspectionEvent, Observer } from 'xstate';
import {
  profileChangeMachine,
  selectCanEdit,
  selectDraft,
  selectFieldErrors,
  selectPendingChange,
  selectProfile,
  selectProfileChangeBusy,
  selectProfileChangeError,
  selectProfileChangeStep,
  selectSentChange,
  type ProfileChangeData,
  type ProfileChangeError,
} from '../../../machines/profileChange.machine';
import type { CompanyProfile, ProfileChangeKind } from '../../../schemas/profile.schema';
import { api } from '../../api/client';
import { createProfileChangeLogic } from '../../app/profileActors';
import { errorMessages } from '../../i18n/errorMessages';
import { Button } from '../../ui/Button';
import { Alert, Card, Muted, Page, Row } from '../../ui/Layout';
import { PageSpinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { translateIssue } from '../onboarding/fields';
import { profileMessages as m } from './profileMessages';
import { Badge, ChangeNotice, latestChange, Notice } from './profileParts';

export type ProfileChangeActor = ActorRefFrom<typeof profileChangeMachine>;
type InspectionObserver = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

export type LegalField = {
  key: string;
  label: MessageDescriptor;
  type?: 'text' | 'date';
  autoComplete?: string;
};

export type ReviewedDetailsProps = {
  kind: ProfileChangeKind;
  title: MessageDescriptor;
  intro: MessageDescriptor;
  editLabel: MessageDescriptor;
  /** The fields the form edits, and their current values in the profile. */
  fields: LegalField[];
  current: (profile: CompanyProfile) => Record<string, string> | null;
  /** The change to send: the edited values over the rest of the current data. */
  toData: (profile: CompanyProfile, values: Record<string, string>) => ProfileChangeData;
  /** What the page shows of the current data while not editing. */
  view: (profile: CompanyProfile) => ReactNode;
  /** More of the page, below the legal details (a logo, the contact form). */
  children?: (profile: CompanyProfile) => ReactNode;
  logic?: typeof profileChangeMachine;
  inspect?: InspectionObserver;
};

function errorText(intl: ReturnType<typeof useIntl>, error: ProfileChangeError, loading: boolean): string {
  if (error === 'network') return intl.formatMessage(errorMessages.network);
  if (loading) return intl.formatMessage(errorMessages.unknown);
  if (error === 'unchanged') return intl.formatMessage(m.unchanged);
  if (error === 'pending') return intl.formatMessage(m.alreadyPending);
  return intl.formatMessage(m.sendFailed);
}

function Editor({
  journey,
  profile,
  props,
}: {
  journey: ProfileChangeActor;
  profile: CompanyProfile;
  props: ReviewedDetailsProps;
}) {
  const intl = useIntl();
  const busy = useSelector(journey, selectProfileChangeBusy);
  const fieldErrors = useSelector(journey, selectFieldErrors);
  const error = useSelector(journey, selectProfileChangeError);
  const draft = useSelector(journey, selectDraft);
  const [values, setValues] = useState<Record<string, string>>(() => {
    const current = props.current(profile) ?? {};
    const sent = (draft ?? {}) as Record<string, unknown>;
    return Object.fromEntries(
      props.fields.map(({ key }) => [key, typeof sent[key] === 'string' ? sent[key] : (current[key] ?? '')]),
    );
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    journey.send({ type: 'edit.submit', data: props.toData(profile, values) });
  };
  const hasFieldErrors = Object.keys(fieldErrors).length > 0;
  return (
    <form onSubmit={submit} noValidate>
      {error ? <Alert role="alert">{errorText(intl, error, false)}</Alert> : null}
      {hasFieldErrors ? <Alert role="alert">{intl.formatMessage(m.checkFields)}</Alert> : null}
      {props.fields.map((field) => (
        <TextField
          key={field.key}
          label={intl.formatMessage(field.label)}
          type={field.type ?? 'text'}
          autoComplete={field.autoComplete ?? 'off'}
          value={values[field.key] ?? ''}
          disabled={busy}
          error={fieldErrors[field.key] ? translateIssue(intl, fieldErrors[field.key] ?? '') : null}
          onChange={(event) => setValues((old) => ({ ...old, [field.key]: event.target.value }))}
        />
      ))}
      <Row>
        <Button type="submit" busy={busy} disabled={busy}>
          {intl.formatMessage(m.sendForReview)}
        </Button>
        <Button
          type="button"
          variant="secondary"
          disabled={busy}
          onClick={() => journey.send({ type: 'edit.cancel' })}
        >
          {intl.formatMessage(m.cancel)}
        </Button>
      </Row>
    </form>
  );
}

/**
 * A page of legal details that change only through review (machines/profileChange.machine.ts): the current data,
 * "Pending review" while a change waits, and the edit form that sends one.
 */
export function ReviewedDetails(props: ReviewedDetailsProps) {
  const intl = useIntl();
  const { logic, inspect, kind } = props;
  const machine = useMemo(() => logic ?? createProfileChangeLogic(api), [logic]);
  const journey = useActorRef(machine, { input: { kind }, ...(inspect ? { inspect } : {}) });
  const step = useSelector(journey, selectProfileChangeStep);
  const profile = useSelector(journey, selectProfile);
  const pending = useSelector(journey, selectPendingChange);
  const canEdit = useSelector(journey, selectCanEdit);
  const error = useSelector(journey, selectProfileChangeError);
  const sent = useSelector(journey, selectSentChange);
  const title = intl.formatMessage(props.title);

  if (step === 'loading') return <PageSpinner />;
  if (step === 'loadFailed' || !profile) {
    return (
      <Page>
        <h1>{title}</h1>
        <Alert role="alert">{errorText(intl, error ?? 'unknown', true)}</Alert>
        <Button variant="secondary" onClick={() => journey.send({ type: 'load.retry' })}>
          {intl.formatMessage({ id: 'screen.retry', defaultMessage: 'Try again' })}
        </Button>
      </Page>
    );
  }
  const current = props.current(profile);
  return (
    <Page>
      <h1>{title}</h1>
      <Muted>{intl.formatMessage(props.intro)}</Muted>
      <Card>
        {current === null ? (
          <Muted>{intl.formatMessage(m.noOnboarding)}</Muted>
        ) : step === 'editing' ? (
          <Editor journey={journey} profile={profile} props={props} />
        ) : (
          <>
            {error ? <Alert role="alert">{errorText(intl, error, false)}</Alert> : null}
            {sent ? (
              <Notice role="status">
                <p>
                  <Badge>{intl.formatMessage(m.pendingReview)}</Badge>
                </p>
                <p>{intl.formatMessage(m.sentForReview)}</p>
              </Notice>
            ) : (
              <ChangeNotice change={pending ?? latestChange(profile.changes, kind)} />
            )}
            {props.view(profile)}
            <Muted>{intl.formatMessage(profile.editable ? m.legalIntro : m.readOnly)}</Muted>
            {canEdit ? (
              <Button variant="secondary" onClick={() => journey.send({ type: 'edit.start' })}>
                {intl.formatMessage(props.editLabel)}
              </Button>
            ) : null}
          </>
        )}
      </Card>
      {props.children?.(profile)}
    </Page>
  );
}
