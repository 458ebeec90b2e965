import { fromPromise } from 'xstate';
import type { LoadBeneficiaryInput, SaveBeneficiaryInput } from '../../machines/beneficiaryForm.machine';
import type { Beneficiary } from '../../schemas/beneficiaries.schema';
import { unwrap, type ApiClient } from '../api/client';

/** The beneficiary form's effects (SPEC §7 beneficiaries), rejecting with ApiFailure. */
export function beneficiaryFormActors(client: ApiClient) {
  const save = fromPromise<Beneficiary, SaveBeneficiaryInput>(({ input, signal }) => {
    const body = input.body;
    return unwrap(
      input.id === null
        ? client.POST('/api/merchants/beneficiaries/', { body, signal })
        : client.PUT('/api/merchants/beneficiaries/{id}/', {
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
