import { fromPromise } from 'xstate';
import {
  inviteEmployeeMachine,
  type CancelInvitationInput,
  type InviteInput,
} from '../../machines/inviteEmployee.machine';
import { teamMachine, type UpdateStatusInput } from '../../machines/team.machine';
import type { Employee, Invitation } from '../../schemas/employees.schema';
import { unwrap, type ApiClient } from '../api/client';
import { attemptKeys } from './attemptKeys';

/** The team page's effects (machines/team.machine.ts), each rejecting with an ApiFailure. */
export function teamActors(client: ApiClient) {
  return {
    loadEmployees: fromPromise<Employee[], void>(async ({ signal }) => {
      const employees = await unwrap(client.GET('/api/merchants/employees/', { signal }));
      return employees.items;
    }),
    updateEmployeeStatus: fromPromise<Employee, UpdateStatusInput>(({ input, signal }) =>
      unwrap(
        client.PATCH('/api/merchants/employees/{id}/status/', {
          params: { path: { id: input.id } },
          body: { status: input.status },
          signal,
        }),
      ),
    ),
  };
}

export function createTeamLogic(client: ApiClient) {
  return teamMachine.provide({ actors: teamActors(client) });
}

/** The invite page's effects (machines/inviteEmployee.machine.ts), each rejecting with an ApiFailure. */
export function inviteEmployeeActors(client: ApiClient) {
  const withKey = attemptKeys();
  return {
    loadInvitations: fromPromise<Invitation[], void>(async ({ signal }) => {
      const invitations = await unwrap(client.GET('/api/merchants/invitations/', { signal }));
      return invitations.items;
    }),
    // An invitation sent again after no answer carries the same key: one invitation, one email.
    inviteEmployee: fromPromise<Invitation, InviteInput>(({ input, signal }) =>
      withKey(input.body, (key) =>
        unwrap(
          client.POST('/api/merchants/invitations/', {
            params: { header: { 'idempotency-key': key } },
            body: input.body,
            signal,
          }),
        ),
      ),
    ),
    cancelInvitation: fromPromise<Invitation, CancelInvitationInput>(({ input, signal }) =>
      unwrap(
        client.POST('/api/merchants/invitations/{id}/cancel/', {
          params: { path: { id: input.id } },
          signal,
        }),
      ),
    ),
  };
}

export function createInviteEmployeeLogic(client: ApiClient) {
  return inviteEmployeeMachine.provide({ actors: inviteEmployeeActors(client) });
}
