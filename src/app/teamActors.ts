import { fromPromise } from 'xstate';
import {
  inviteEmployeeMachine,
  type CancelInvitationInput,
  type InviteInput,
} from '../../machines/inviteEmployee.machine';
import { teamMachine, type UpdateStatusInput } from '../../machines/team.machine';
import type { Employee, Invitation } from '../../schemas/employees.schema';
import { unwrap, type ApiClient } from '../api/client';

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
  return {
    loadInvitations: fromPromise<Invitation[], void>(async ({ signal }) => {
      const invitations = await unwrap(client.GET('/api/merchants/invitations/', { signal }));
      return invitations.items;
    }),
    inviteEmployee: fromPromise<Invitation, InviteInput>(({ input, signal }) =>
      unwrap(client.POST('/api/merchants/invitations/', { body: input.body, signal })),
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
