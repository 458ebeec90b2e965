import { fromPromise } from 'xstate';
import type { LoadBeneficiaryInput, SaveBeneficiaryInput } from '../../machines/beneficiaryForm.machine';
import type { Beneficiary } from '../../schemas/beneficiaries.schema';
import { unwrap, type ApiClient } from '../api/client';
import { attemptKeys } from './attemptKeys';

/** The beneficiary form's effects (SPEC §7 beneficiaries), rejecting with ApiFailure. */
export function beneficiaryFormActors(client: ApiClient) {
  // A save sent again after no answer carries the same key: one beneficiary. Confirming a name mismatch is another
  // request (accept_name_mismatch), so another key.
  const withKey = attemptKeys();
  const save = fromPromise<Beneficiary, SaveBeneficiaryInput>(({ input, signal }) => {
    const body = input.body;
    if (input.id === null) {
      return withKey(body, (key) =>
        unwrap(
          client.POST('/api/merchants/beneficiaries/', {
            params: { header: { 'idempotency-key': key } },
            body,
            signal,
          }),
        ),
      );
    }
    return unwrap(
      client.PUT('/api/merchants/beneficiaries/{id}/', {
        params: { path: { id: input.id } },
        body,
        signal,
      }),
    );
  });
  return {
    loadBeneficiary: fromPromise<Beneficiary, LoadBeneficiaryInput>(({ input, signal }) =>
      unwrap(
        client.GET('/api/merchants/beneficiaries/{id}/', { params: { path: { id: input.id } }, signal }),
      ),
    ),
    checkAndSaveBeneficiary: save,
    saveBeneficiary: save,
  };
}
