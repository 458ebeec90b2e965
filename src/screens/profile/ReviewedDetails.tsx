import { useSelector } from '@xstate/react';
import { useMemo, type ComponentType, type ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import styled from 'styled-components';
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
  type ProfileChangeSnapshot,
} from '../../../machines/profileChange.machine';
import type { CompanyProfile, ProfileChangeKind } from '../../../schemas/profile.schema';
import { api } from '../../api/client';
import { createProfileChangeLogic } from '../../app/profileActors';
import { useJourneyActor } from '../../app/inspection';
import { errorMessages } from '../../i18n/errorMessages';
import { Button } from '../../ui/Button';
import { Alert, Card, Muted, Page, Row } from '../../ui/Layout';
import { PageSpinner } from '../../ui/Spinner';
import { ReferenceContext } from '../../ui/stepForm';
import { profileMessages as m } from './profileMessages';
import { Badge, ChangeNotice, latestChange, Notice, Section, useReference } from './profileParts';

export type ProfileChangeActor = ActorRefFrom<typeof profileChangeMachine>;
export type InspectionObserver = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

/** The review journey's logic and inspector, which tests provide. */
export type ReviewJourneyProps = {
  logic?: typeof profileChangeMachine | undefined;
  inspect?: InspectionObserver | undefined;
};

/** What a form editing one kind of legal data gets from the journey (machines/profileChange.machine.ts). */
export type ReviewEditorProps = {
  profile: CompanyProfile;
  /** The data last sent, while editing goes on after a refusal; null on a fresh edit. */
  draft: ProfileChangeData | null;
  /** The server's message per refused field, keyed by its path inside the data ("directors.0.first_name"). */
  fieldErrors: Record<string, string>;
  busy: boolean;
  /** Sends the checked data for review. */
  submit: (data: ProfileChangeData) => void;
  cancel: () => void;
};

export type ReviewEditor = ComponentType<ReviewEditorProps>;

function errorText(intl: ReturnType<typeof useIntl>, error: ProfileChangeError, loading: boolean): string {
  if (error === 'network') return intl.formatMessage(errorMessages.network);
  if (loading) return intl.formatMessage(errorMessages.unknown);
  if (error === 'unchanged') return intl.formatMessage(m.unchanged);
  if (error === 'pending') return intl.formatMessage(m.alreadyPending);
  return intl.formatMessage(m.sendFailed);
}

/** One edit-and-send-for-review journey of `kind`, started with the page. */
export function useProfileChange(
  kind: ProfileChangeKind,
  { logic, inspect }: ReviewJourneyProps = {},
): ProfileChangeActor {
  const machine = useMemo(() => logic ?? createProfileChangeLogic(api), [logic]);
  return useJourneyActor(machine, { input: { kind }, ...(inspect ? { inspect } : {}) });
}

const selectKind = (snapshot: ProfileChangeSnapshot): ProfileChangeKind => snapshot.context.kind;

/** Until the journey has the profile: a spinner, or the failure with "Try again"; then `children` with it. */
export function ProfileLoadGate({
  journey,
  title,
  children,
}: {
  journey: ProfileChangeActor;
  title: MessageDescriptor;
  children: (profile: CompanyProfile) => ReactNode;
}) {
  const intl = useIntl();
  const step = useSelector(journey, selectProfileChangeStep);
  const profile = useSelector(journey, selectProfile);
  const error = useSelector(journey, selectProfileChangeError);
  if (step === 'loading') return <PageSpinner />;
  if (step === 'loadFailed' || !profile) {
    return (
      <Page>
        <h1>{intl.formatMessage(title)}</h1>
        <Alert role="alert">{errorText(intl, error ?? 'unknown', true)}</Alert>
        <Button variant="secondary" onClick={() => journey.send({ type: 'load.retry' })}>
          {intl.formatMessage({ id: 'screen.retry', defaultMessage: 'Try again' })}
        </Button>
      </Page>
    );
  }
  return children(profile);
}

const Controls = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  min-width: 0;
`;

/** An editor's form: its fields (greyed out while sending), "Send for review" and "Cancel". */
export function ReviewForm({
  busy,
  onSubmit,
  onCancel,
  children,
}: {
  busy: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const intl = useIntl();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      noValidate
    >
      <Controls disabled={busy}>{children}</Controls>
      <Row>
        <Button type="submit" busy={busy} disabled={busy}>
          {intl.formatMessage(m.sendForReview)}
        </Button>
        <Button type="button" variant="secondary" disabled={busy} onClick={onCancel}>
          {intl.formatMessage(m.cancel)}
        </Button>
      </Row>
    </form>
  );
}

export type ReviewedCardProps = {
  journey: ProfileChangeActor;
  /** A heading of its own, when the page has several cards. */
  title?: MessageDescriptor;
  editLabel: MessageDescriptor;
  /** Whether onboarding gave this part of the profile at all. */
  hasData: (profile: CompanyProfile) => boolean;
  /** What the card shows of the current data while not editing. */
  view?: (profile: CompanyProfile) => ReactNode;
  /** The form that edits the data and sends it. */
  editor: ReviewEditor;
  /** Shown under the data while the owner may edit; `null`: nothing. */
  note?: MessageDescriptor | null;
};

/**
 * One kind of legal data that changes only through review: the current data, "Pending review" while a change waits
 * (or the reviewer's last refusal), "Edit …" while the owner may send one, and the editor that sends it.
 */
export function ReviewedCard({
  journey,
  title,
  editLabel,
  hasData,
  view,
  editor: Editor,
  note = m.legalIntro,
}: ReviewedCardProps) {
  const intl = useIntl();
  const reference = useReference();
  const kind = useSelector(journey, selectKind);
  const step = useSelector(journey, selectProfileChangeStep);
  const profile = useSelector(journey, selectProfile);
  const pending = useSelector(journey, selectPendingChange);
  const canEdit = useSelector(journey, selectCanEdit);
  const error = useSelector(journey, selectProfileChangeError);
  const sent = useSelector(journey, selectSentChange);
  const busy = useSelector(journey, selectProfileChangeBusy);
  const fieldErrors = useSelector(journey, selectFieldErrors);
  const draft = useSelector(journey, selectDraft);
  if (!profile) return null;

  let content: ReactNode;
  if (!hasData(profile)) {
    content = <Muted>{intl.formatMessage(m.noOnboarding)}</Muted>;
  } else if (step === 'editing') {
    content = (
      <ReferenceContext.Provider value={reference}>
        {error ? <Alert role="alert">{errorText(intl, error, false)}</Alert> : null}
        {Object.keys(fieldErrors).length > 0 ? (
          <Alert role="alert">{intl.formatMessage(m.checkFields)}</Alert>
        ) : null}
        <Editor
          profile={profile}
          draft={draft}
          fieldErrors={fieldErrors}
          busy={busy}
          submit={(data) => journey.send({ type: 'edit.submit', data })}
          cancel={() => journey.send({ type: 'edit.cancel' })}
        />
      </ReferenceContext.Provider>
    );
  } else {
    const shownNote: MessageDescriptor | null = profile.editable ? note : m.readOnly;
    content = (
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
        {view?.(profile)}
        {shownNote ? <Muted>{intl.formatMessage(shownNote)}</Muted> : null}
        {canEdit ? (
          <Button variant="secondary" onClick={() => journey.send({ type: 'edit.start' })}>
            {intl.formatMessage(editLabel)}
          </Button>
        ) : null}
      </>
    );
  }
  return <Card>{title ? <Section title={intl.formatMessage(title)}>{content}</Section> : content}</Card>;
}

export type ReviewedDetailsProps = Omit<ReviewedCardProps, 'journey' | 'title'> &
  ReviewJourneyProps & {
    kind: ProfileChangeKind;
    title: MessageDescriptor;
    intro: MessageDescriptor;
    /** More of the page, below the legal details (a logo, the contact form). */
    children?: (profile: CompanyProfile) => ReactNode;
  };

/**
 * A page of legal details that change only through review (machines/profileChange.machine.ts): the current data,
 * "Pending review" while a change waits, and the edit form that sends one.
 */
export function ReviewedDetails({
  kind,
  title,
  intro,
  children,
  logic,
  inspect,
  ...card
}: ReviewedDetailsProps) {
  const intl = useIntl();
  const journey = useProfileChange(kind, { logic, inspect });
  return (
    <ProfileLoadGate journey={journey} title={title}>
      {(profile) => (
        <Page>
          <h1>{intl.formatMessage(title)}</h1>
          <Muted>{intl.formatMessage(intro)}</Muted>
          <ReviewedCard journey={journey} {...card} />
          {children?.(profile)}
        </Page>
      )}
    </ProfileLoadGate>
  );
}
