import { useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import styled from 'styled-components';
import type { ActorOptions, ActorRefFrom, AnyActorLogic, InspectionEvent, Observer } from 'xstate';
import {
  inviteEmployeeMachine,
  selectCancelDialog,
  selectCancelling,
  selectInviteBusy,
  selectInviteError,
  selectInviteFieldErrors,
  selectInviteOutcome,
  selectInviteReadOnly,
  selectInviteStep,
  selectInviting,
  selectLastInvited,
  selectPendingInvitations,
} from '../../../machines/inviteEmployee.machine';
import { selectUser } from '../../../machines/session.machine';
import {
  invitationTtlHours,
  type AccessLevel,
  type EmployeeRole,
  type Invitation,
} from '../../../schemas/employees.schema';
import { nameMaxLength, PersonName } from '../../../schemas/registration.schema';
import { api } from '../../api/client';
import { useSessionActor } from '../../app/session';
import { createInviteEmployeeLogic } from '../../app/teamActors';
import { useJourneyActor } from '../../app/inspection';
import { Button } from '../../ui/Button';
import { LinkRow, Options, PlainList, SelectField } from '../../ui/Blocks';
import { Dialog } from '../../ui/Dialog';
import { Alert, Card, Muted, Page } from '../../ui/Layout';
import { notify } from '../../ui/notify';
import { PageSpinner } from '../../ui/Spinner';
import { useFocusFirstError } from '../../ui/formErrors';
import { TextField } from '../../ui/TextField';
import { accessText, roleHintText, roleText } from '../../i18n/teamText';
import { inviteErrorText, invitesText as m } from './teamMessages';

type InviteActor = ActorRefFrom<typeof inviteEmployeeMachine>;

const Pending = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => `${theme.space(3)} 0`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  p {
    margin: 0;
  }
`;

/** The roles in the order offered (SPEC §1: Admin, Viewer, Cardholder). */
const roleChoices: EmployeeRole[] = ['admin', 'viewer', 'employee'];
const accessChoices: AccessLevel[] = ['own', 'company'];

// Only a shape check so a typo is caught at once; the server validates for real.
const emailShape = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function useInvites<T>(
  journey: InviteActor,
  selector: (snapshot: ReturnType<InviteActor['getSnapshot']>) => T,
) {
  return useSelector(journey, selector);
}

const fullName = (invitation: Pick<Invitation, 'first_name' | 'last_name'>) =>
  `${invitation.first_name} ${invitation.last_name}`;

type Draft = {
  email: string;
  first_name: string;
  last_name: string;
  role: EmployeeRole;
  access: AccessLevel;
};
type DraftField = 'email' | 'first_name' | 'last_name';

function InviteForm({ journey }: { journey: InviteActor }) {
  const intl = useIntl();
  const busy = useInvites(journey, selectInviteBusy);
  const inviting = useInvites(journey, selectInviting);
  const error = useInvites(journey, selectInviteError);
  const serverFields = useInvites(journey, selectInviteFieldErrors);
  const accessId = useId();
  const [draft, setDraft] = useState<Draft>({
    email: '',
    first_name: '',
    last_name: '',
    role: 'employee',
    access: 'own',
  });
  const [shown, setShown] = useState<Partial<Record<DraftField, boolean>>>({});
  const { formRef, failed, summary } = useFocusFirstError(serverFields);

  const nameProblem = (value: string): string | null => {
    if (PersonName.safeParse(value).success) return null;
    if (value.trim() === '') return intl.formatMessage(m.required);
    if (value.trim().length > nameMaxLength)
      return intl.formatMessage(m.maxLength, { n: String(nameMaxLength) });
    return intl.formatMessage(m.latinOnly);
  };
  const problems: Record<DraftField, string | null> = {
    email: emailShape.test(draft.email.trim()) ? null : intl.formatMessage(m.emailInvalid),
    first_name: nameProblem(draft.first_name),
    last_name: nameProblem(draft.last_name),
  };
  const errorOf = (field: DraftField) =>
    (shown[field] ? problems[field] : null) ?? serverFields[field] ?? null;

  const text = (field: DraftField, label: string, autoComplete: string, type = 'text') => (
    <TextField
      label={label}
      name={field}
      type={type}
      autoComplete={autoComplete}
      required
      aria-required="true"
      disabled={busy}
      value={draft[field]}
      error={errorOf(field)}
      onChange={(event) => setDraft((current) => ({ ...current, [field]: event.target.value }))}
      onBlur={() => setShown((current) => ({ ...current, [field]: draft[field].trim() !== '' }))}
    />
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShown({ email: true, first_name: true, last_name: true });
    if (Object.values(problems).some((problem) => problem !== null)) {
      failed();
      return;
    }
    journey.send({
      type: 'invite.submit',
      body: {
        email: draft.email.trim().toLowerCase(),
        first_name: draft.first_name.trim(),
        last_name: draft.last_name.trim(),
        role: draft.role,
        access_level: draft.access,
      },
    });
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit}>
      <h2>{intl.formatMessage(m.formTitle)}</h2>
      {summary}
      {error ? <Alert role="alert">{inviteErrorText(intl, error)}</Alert> : null}
      {text('email', intl.formatMessage(m.email), 'off', 'email')}
      {text('first_name', intl.formatMessage(m.firstName), 'off')}
      {text('last_name', intl.formatMessage(m.lastName), 'off')}
      <SelectField>
        <label htmlFor={`${accessId}-role`}>{intl.formatMessage(m.role)}</label>
        <select
          id={`${accessId}-role`}
          name="role"
          disabled={busy}
          value={draft.role}
          aria-describedby={`${accessId}-role-hint`}
          onChange={(event) => {
            const role = roleChoices.find((choice) => choice === event.target.value);
            if (role) setDraft((current) => ({ ...current, role }));
          }}
        >
          {roleChoices.map((role) => (
            <option key={role} value={role}>
              {roleText(intl, role)}
            </option>
          ))}
        </select>
        <Muted as="span" id={`${accessId}-role-hint`}>
          {roleHintText(intl, draft.role, draft.access)}
        </Muted>
      </SelectField>
      <Options disabled={busy}>
        <legend>{intl.formatMessage(m.access)}</legend>
        {accessChoices.map((access) => (
          <label key={access}>
            <input
              type="radio"
              name="access_level"
              value={access}
              checked={draft.access === access}
              onChange={() => setDraft((current) => ({ ...current, access }))}
            />
            {accessText(intl, access)}
          </label>
        ))}
      </Options>
      <Button type="submit" busy={inviting} disabled={busy}>
        {intl.formatMessage(m.send)}
      </Button>
    </form>
  );
}

function PendingList({ journey }: { journey: InviteActor }) {
  const intl = useIntl();
  const pending = useInvites(journey, selectPendingInvitations) ?? [];
  const busy = useInvites(journey, selectInviteBusy);
  const readOnly = useInvites(journey, selectInviteReadOnly);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{intl.formatMessage(m.pendingTitle)}</h2>
      {pending.length === 0 ? <Muted>{intl.formatMessage(m.pendingEmpty)}</Muted> : null}
      <PlainList aria-labelledby={headingId}>
        {pending.map((invitation) => {
          const name = fullName(invitation);
          return (
            <Pending key={invitation.id}>
              <div>
                <p>
                  <strong>{intl.formatMessage(m.item, { name, email: invitation.email })}</strong>
                </p>
                <Muted as="p">
                  {intl.formatMessage(m.itemMeta, {
                    role: roleText(intl, invitation.role),
                    access: accessText(intl, invitation.access_level),
                    expires: intl.formatDate(invitation.expires_at, {
                      dateStyle: 'medium',
                      timeStyle: 'short',
                    }),
                  })}
                </Muted>
              </div>
              {readOnly ? null : (
                <Button
                  variant="secondary"
                  disabled={busy}
                  aria-label={intl.formatMessage(m.cancelName, { name })}
                  onClick={() => journey.send({ type: 'invitation.cancel', id: invitation.id })}
                >
                  {intl.formatMessage(m.confirmCancel)}
                </Button>
              )}
            </Pending>
          );
        })}
      </PlainList>
    </section>
  );
}

function CancelDialog({ journey }: { journey: InviteActor }) {
  const intl = useIntl();
  const invitation = useInvites(journey, selectCancelDialog);
  const cancelling = useInvites(journey, selectCancelling);
  if (!invitation) return null;
  const name = fullName(invitation);
  return (
    <Dialog
      title={intl.formatMessage(m.cancelTitle, { name })}
      onEscape={cancelling ? undefined : () => journey.send({ type: 'cancel.back' })}
      actions={
        <>
          <Button
            variant="secondary"
            disabled={cancelling}
            onClick={() => journey.send({ type: 'cancel.back' })}
          >
            {intl.formatMessage(m.keep)}
          </Button>
          <Button
            variant="danger"
            busy={cancelling}
            data-autofocus
            onClick={() => journey.send({ type: 'cancel.confirm' })}
          >
            {intl.formatMessage(m.confirmCancel)}
          </Button>
        </>
      }
    >
      <p>{intl.formatMessage(m.cancelBody, { email: invitation.email })}</p>
    </Dialog>
  );
}

function Invites({ journey }: { journey: InviteActor }) {
  const intl = useIntl();
  const step = useInvites(journey, selectInviteStep);
  const error = useInvites(journey, selectInviteError);
  const readOnly = useInvites(journey, selectInviteReadOnly);
  const outcome = useInvites(journey, selectInviteOutcome);
  // The form starts empty again after each invitation sent.
  const formKey = useInvites(journey, (snapshot) => selectLastInvited(snapshot)?.id ?? 'new');

  useEffect(() => {
    // Each outcome is a new object: the same result twice is told twice (SPEC §8).
    if (!outcome) return;
    if (outcome.task === 'invite') notify('success', intl.formatMessage(m.sent));
    else
      notify(
        outcome.ok ? 'success' : 'danger',
        intl.formatMessage(outcome.ok ? m.cancelled : m.cancelFailed),
      );
  }, [outcome, intl]);

  if (step === 'loading') return <PageSpinner />;
  if (step === 'loadFailed') {
    return (
      <>
        {error ? <Alert role="alert">{inviteErrorText(intl, error)}</Alert> : null}
        <Button onClick={() => journey.send({ type: 'load.retry' })}>{intl.formatMessage(m.retry)}</Button>
      </>
    );
  }
  return (
    <>
      {readOnly ? (
        <Muted>{intl.formatMessage(m.readOnly)}</Muted>
      ) : (
        <InviteForm key={formKey} journey={journey} />
      )}
      <PendingList journey={journey} />
      <CancelDialog journey={journey} />
    </>
  );
}

type InspectionObserver = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

export type AddEmployeesScreenProps = {
  /** The journey with its effects; the app's API calls unless a test passes its own. */
  logic?: typeof inviteEmployeeMachine;
  inspect?: InspectionObserver;
  clock?: ActorOptions<AnyActorLogic>['clock'];
};

/**
 * SPEC §2 /my-employees/add-employees: invite by email with a role and an access level; the pending invitations, each
 * of which can be cancelled (with a confirmation). A viewer sees the pending invitations and changes nothing.
 */
export function AddEmployeesScreen({ logic, inspect, clock }: AddEmployeesScreenProps) {
  const intl = useIntl();
  const user = useSelector(useSessionActor(), selectUser);
  // A viewer only reads; the server refuses the rest anyway.
  const readOnly = !user?.is_owner && user?.employee_type === 'viewer';
  const machine = useMemo(() => logic ?? createInviteEmployeeLogic(api), [logic]);
  const journey = useJourneyActor(machine, {
    input: { readOnly },
    ...(inspect ? { inspect } : {}),
    ...(clock ? { clock } : {}),
  });
  return (
    <Page $narrow>
      <h1>{intl.formatMessage(m.title)}</h1>
      <Muted>{intl.formatMessage(m.intro, { hours: String(invitationTtlHours) })}</Muted>
      <Card>
        <Invites journey={journey} />
      </Card>
      <LinkRow>
        <Link to="/my-employees">{intl.formatMessage(m.backToTeam)}</Link>
      </LinkRow>
    </Page>
  );
}

export default AddEmployeesScreen;
