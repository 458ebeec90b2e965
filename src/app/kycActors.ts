import { fromPromise } from 'xstate';
import type {
  EvaluateInput,
  InitiateInput,
  UploadImageInput,
} from '../../machines/identityVerification.machine';
import type { KycCriteria, KycImage, KycInitiateResponse, KycVerification } from '../../schemas/kyc.schema';
import type { StepUpMethodsResponse } from '../../schemas/stepUp.schema';
import { unwrap, type ApiClient } from '../api/client';
import { createOneTimeCodeLogic } from './requestMoneyActors';

/** The identity verification journey's effects (machines/identityVerification.machine.ts), each rejecting with an ApiFailure. */
export function kycActors(client: ApiClient) {
  return {
    loadCriteria: fromPromise<KycCriteria, void>(({ signal }) =>
      unwrap(client.GET('/api/merchants/kyc/criteria/', { signal })),
    ),
    loadStepUpMethods: fromPromise<StepUpMethodsResponse, void>(({ signal }) =>
      unwrap(client.GET('/api/merchants/step-up/methods/', { signal })),
    ),
    oneTimeCode: createOneTimeCodeLogic(client),
    initiateKyc: fromPromise<KycInitiateResponse, InitiateInput>(({ input, signal }) =>
      unwrap(
        client.POST('/api/merchants/kyc/initiate/', {
          // The grant of the fresh one-time code; the server uses it up with the new verification.
          params: { header: { 'x-step-up-token': input.stepUpToken } },
          body: input.details,
          signal,
        }),
      ),
    ),
    uploadKycImage: fromPromise<KycImage, UploadImageInput>(({ input, signal }) => {
      const form = new FormData();
      form.append('side', input.side);
      form.append('file', input.file);
      return unwrap(
        client.POST('/api/merchants/kyc/{id}/images/', {
          params: { path: { id: input.verificationId } },
          // multipart: the browser sets the boundary; the typed body says what the form carries.
          body: { side: input.side, file: input.file.name },
          bodySerializer: () => form,
          signal,
        }),
      );
    }),
    evaluateKyc: fromPromise<KycVerification, EvaluateInput>(({ input, signal }) =>
      unwrap(
        client.POST('/api/merchants/kyc/{id}/evaluate/', {
          params: { path: { id: input.verificationId } },
          signal,
        }),
      ),
    ),
  };
}
