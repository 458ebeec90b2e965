import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import styled from 'styled-components';
import type { ActorOptions, ActorRefFrom, AnyActorLogic, InspectionEvent, Observer } from 'xstate';
import { selectUser } from '../../../machines/session.machine';
import {
  selectEmployees,
  selectSavingStatus,
  selectStatusActions,
  selectStatusDialog,
  selectStatusOutcome,
  selectTeamBusy,
  selectTeamError,
  selectTeamReadOnly,
  selectTeamStep,
  teamMachine,
} from '../../../machines/team.machine';
import type { Employee } from '../../../schemas/employees.schema';
import { api } from '../../api/client';
import { useSessionActor } from '../../app/session';
import { createTeamLogic } from '../../app/teamActors';
import { useJourneyActor } from '../../app/inspection';
import { Button } from '../../ui/Button';
import { Figures, LinkRow, PlainList } from '../../ui/Blocks';
import { Dialog } from '../../ui/Dialog';
import { Alert, Card, Muted, Page } from '../../ui/Layout';
import { notify } from '../../ui/notify';
import { PageSpinner } from '../../ui/Spinner';
import { accessText, employeeStatusText, roleDescriptionText, roleText } from '../../i18n/teamText';
import { employeesText as m, teamErrorText } from './teamMessages';

type TeamActor = ActorRefFrom<typeof teamMachine>;

/** What the role can open and change, under its name (schemas/permissions.ts `roleDescriptions`). */
const RoleDescription = styled(Muted).attrs({ as: 'span' })`
  display: block;
`;

const Person = styled.li`
  padding: ${({ theme }) => `${theme.space(3)} 0`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  h2 {
    font-size: 1.125rem;
    margin: 0;
  }
  ${Figures} {
    margin-bottom: ${({ theme }) => theme.space(2)};
  }
`;

function useTeam<T>(journey: TeamActor, selector: (snapshot: ReturnType<TeamActor['getSnapshot']>) => T) {
  return useSelector(journey, selector);
}

const fullName = (employee: Pick<Employee, 'first_name' | 'last_name'>) =>
  `${employee.first_name} ${employee.last_name}`;

function EmployeeItem({ journey, employee }: { journey: TeamActor; employee: Employee }) {
  const intl = useIntl();
  const busy = useTeam(journey, selectTeamBusy);
  const next = useTeam(journey, (snapshot) => selectStatusActions(snapshot)[employee.id] ?? null);
  const me = useSelector(useSessionActor(), selectUser);
  const name = fullName(employee);
  const role = employee.is_owner || employee.role === null ? 'owner' : employee.role;
  const access = employee.is_owner || employee.access_level === null ? 'full' : employee.access_level;
  return (
    <Person>
      <h2>{me?.id === employee.id ? intl.formatMessage(m.you, { name }) : name}</h2>
      <Muted as="span">{employee.email}</Muted>
      <Figures>
        <dt>{intl.formatMessage(m.role)}</dt>
        <dd>
          {roleText(intl, role)}
          <RoleDescription>
            {roleDescriptionText(intl, role, employee.is_owner ? null : employee.access_level, 'they')}
          </RoleDescription>
        </dd>
        <dt>{intl.formatMessage(m.status)}</dt>
        <dd data-status={employee.status}>{employeeStatusText(intl, employee.status)}</dd>
        <dt>{intl.formatMessage(m.access)}</dt>
        <dd>{accessText(intl, access)}</dd>
        <dt>{intl.formatMessage(m.cards)}</dt>
        <dd>
          {employee.cards.length === 0
            ? intl.formatMessage(m.noCards)
            : employee.cards
                .map((card) => intl.formatMessage(m.card, { name: card.name, last4: card.last4 }))
                .join(', ')}
        </dd>
      </Figures>
      {next ? (
        <Button
          variant={next === 'disabled' ? 'secondary' : 'primary'}
          disabled={busy}
          aria-label={intl.formatMessage(next === 'disabled' ? m.disableName : m.enableName, { name })}
          onClick={() => journey.send({ type: 'status.request', id: employee.id, status: next })}
        >
          {intl.formatMessage(next === 'disabled' ? m.disable : m.enable)}
        </Button>
      ) : null}
    </Person>
  );
}

/** SPEC §4: enabling or disabling asks first, saying what it means. */
function StatusDialog({ journey }: { journey: TeamActor }) {
  const intl = useIntl();
  const dialog = useTeam(journey, selectStatusDialog);
  const saving = useTeam(journey, selectSavingStatus);
  if (!dialog) return null;
  const name = fullName(dialog.employee);
  const disabling = dialog.status === 'disabled';
  return (
    <Dialog
      title={intl.formatMessage(disabling ? m.disableTitle : m.enableTitle, { name })}
      onEscape={saving ? undefined : () => journey.send({ type: 'status.cancel' })}
      actions={
        <>
          <Button
            variant="secondary"
            disabled={saving}
            onClick={() => journey.send({ type: 'status.cancel' })}
          >
            {intl.formatMessage(m.cancel)}
          </Button>
          <Button
            variant={disabling ? 'danger' : 'primary'}
            busy={saving}
            data-autofocus
            onClick={() => journey.send({ type: 'status.confirm' })}
          >
            {intl.formatMessage(disabling ? m.disable : m.enable)}
          </Button>
        </>
      }
    >
      <p>{intl.formatMessage(disabling ? m.disableBody : m.enableBody, { name })}</p>
    </Dialog>
  );
}

function Team({ journey }: { journey: TeamActor }) {
  const intl = useIntl();
  const step = useTeam(journey, selectTeamStep);
  const error = useTeam(journey, selectTeamError);
  const employees = useTeam(journey, selectEmployees);
  const readOnly = useTeam(journey, selectTeamReadOnly);
  const outcome = useTeam(journey, selectStatusOutcome);

  useEffect(() => {
    // Each outcome is a new object: the same result twice is told twice (SPEC §8).
    if (!outcome) return;
    notify(outcome.ok ? 'success' : 'danger', intl.formatMessage(outcome.ok ? m.updated : m.updateFailed));
  }, [outcome, intl]);

  if (step === 'loading') return <PageSpinner />;
  if (step === 'loadFailed') {
    return (
      <>
        {error ? <Alert role="alert">{teamErrorText(intl, error)}</Alert> : null}
        <Button onClick={() => journey.send({ type: 'load.retry' })}>{intl.formatMessage(m.retry)}</Button>
      </>
    );
  }
  const others = (employees ?? []).filter((employee) => !employee.is_owner);
  return (
    <>
      {readOnly ? <Muted>{intl.formatMessage(m.readOnly)}</Muted> : null}
      <PlainList aria-label={intl.formatMessage(m.listLabel)}>
        {(employees ?? []).map((employee) => (
          <EmployeeItem key={employee.id} journey={journey} employee={employee} />
        ))}
      </PlainList>
      {others.length === 0 ? <Muted>{intl.formatMessage(m.empty)}</Muted> : null}
      <StatusDialog journey={journey} />
    </>
  );
}

type InspectionObserver = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

export type EmployeesScreenProps = {
  /** The journey with its effects; the app's API calls unless a test passes its own. */
  logic?: typeof teamMachine;
  inspect?: InspectionObserver;
  clock?: ActorOptions<AnyActorLogic>['clock'];
};

/**
 * SPEC §2 /my-employees: everyone on the team with role, status, access and cards; the owner enables and disables
 * them (SPEC §4, with a confirmation). A viewer sees the same and changes nothing.
 */
export function EmployeesScreen({ logic, inspect, clock }: EmployeesScreenProps) {
  const intl = useIntl();
  const user = useSelector(useSessionActor(), selectUser);
  // A viewer only reads; the server refuses the rest anyway.
  const readOnly = !user?.is_owner && user?.employee_type === 'viewer';
  const machine = useMemo(() => logic ?? createTeamLogic(api), [logic]);
  const journey = useJourneyActor(machine, {
    input: { readOnly },
    ...(inspect ? { inspect } : {}),
    ...(clock ? { clock } : {}),
  });
  return (
    <Page>
      <h1>{intl.formatMessage(m.title)}</h1>
      <Muted>{intl.formatMessage(m.intro)}</Muted>
      <LinkRow>
        <Link to="/my-employees/add-employees">
          {intl.formatMessage(readOnly ? m.invitations : m.invite)}
        </Link>
      </LinkRow>
      <Card>
        <Team journey={journey} />
      </Card>
    </Page>
  );
}

export default EmployeesScreen;
