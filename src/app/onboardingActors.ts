import { fromPromise } from 'xstate';
import type {
  DeleteInput,
  LoadInput,
  LoadOutput,
  SaveStepInput,
  UploadInput,
} from '../../machines/onboarding.machine';
import type { OnboardingDocument, OnboardingState } from '../../schemas/onboarding.schema';
import { expectOk, failureFromResponse, unwrap, type ApiClient } from '../api/client';
import { canTrackUploads, xhrFetch } from '../api/xhrFetch';
import type { OnboardingServices } from '../screens/onboarding/services';

/**
 * Saves one step with its own endpoint (PUT merchants/onboarding/<step>/). The values are the step schema's input;
 * its optional texts also accept null, which the generated body types (JSON Schema of the input) leave out.
 */
function saveStep(client: ApiClient, input: SaveStepInput, signal: AbortSignal): Promise<OnboardingState> {
  switch (input.step) {
    case 'representative':
      return unwrap(client.PUT('/api/merchants/onboarding/representative/', { body: input.values, signal }));
    case 'company':
      return unwrap(
        client.PUT('/api/merchants/onboarding/company/', { body: input.values as never, signal }),
      );
    case 'directors':
      return unwrap(
        client.PUT('/api/merchants/onboarding/directors/', { body: input.values as never, signal }),
      );
    case 'shareholders':
      return unwrap(client.PUT('/api/merchants/onboarding/shareholders/', { body: input.values, signal }));
    case 'funding':
      return unwrap(
        client.PUT('/api/merchants/onboarding/funding/', { body: input.values as never, signal }),
      );
  }
}

/** The onboarding journey's effects (machines/onboarding.machine.ts), each rejecting with an ApiFailure. */
export function onboardingActors(client: ApiClient) {
  return {
    loadOnboarding: fromPromise<LoadOutput, LoadInput>(async ({ signal }) => {
      const [state, legalForms, industries, sizes, turnovers, countries] = await Promise.all([
        unwrap(client.GET('/api/merchants/onboarding/', { signal })),
        unwrap(client.GET('/api/onboarding/legal_entity_types/', { signal })),
        unwrap(client.GET('/api/onboarding/industries/', { signal })),
        unwrap(client.GET('/api/onboarding/sizes/', { signal })),
        unwrap(client.GET('/api/onboarding/turnovers/', { signal })),
        unwrap(client.GET('/api/onboarding/countries/', { signal })),
      ]);
      return {
        state,
        reference: {
          legalForms: legalForms.items,
          industries: industries.items,
          sizes: sizes.items,
          turnovers: turnovers.items,
          countries: countries.items,
        },
      };
    }),
    saveStep: fromPromise<OnboardingState, SaveStepInput>(({ input, signal }) =>
      saveStep(client, input, signal),
    ),
    uploadDocument: fromPromise<OnboardingDocument, UploadInput>(({ input, signal }) => {
      const form = new FormData();
      form.append('type', input.kind);
      form.append('file', input.file);
      return unwrap(
        client.POST('/api/merchants/onboarding/documents/', {
          // multipart: the browser sets the boundary; openapi-fetch must not serialise the body as JSON.
          // The typed body says what the form carries; the FormData itself is what is sent.
          body: { type: input.kind, file: input.file.name },
          bodySerializer: () => form,
          signal,
          // fetch reports no upload progress: in the browser this one request goes out through XMLHttpRequest,
          // after the client's middleware (bearer token) and answered back through its error handling.
          ...(canTrackUploads() ? { fetch: xhrFetch(form, input.onProgress) } : {}),
        }),
      );
    }),
    deleteDocument: fromPromise<void, DeleteInput>(({ input, signal }) =>
      expectOk(
        client.DELETE('/api/merchants/onboarding/documents/{id}/', {
          params: { path: { id: input.documentId } },
          signal,
        }),
      ),
    ),
    submitForReview: fromPromise<OnboardingState, LoadInput>(({ signal }) =>
      unwrap(client.POST('/api/merchants/onboarding/submit_for_review/', { signal })),
    ),
  };
}

/** VAT check, document download and the company logo for the onboarding screens. */
export function onboardingServices(client: ApiClient): OnboardingServices {
  return {
    vatCheck: (body) => unwrap(client.POST('/api/merchants/onboarding/vat_check/', { body })),
    uploadCompanyLogo: (file) => {
      const form = new FormData();
      form.append('file', file);
      return unwrap(
        client.POST('/api/merchants/onboarding/company_logo/', {
          body: { file: file.name },
          bodySerializer: () => form,
        }),
      );
    },
    downloadDocument: async (id) => {
      const result = await client.GET('/api/merchants/onboarding/documents/{id}/', {
        params: { path: { id } },
        parseAs: 'blob',
      });
      if (!result.response.ok || !result.data) throw failureFromResponse(result.response, result.error);
      return result.data;
    },
  };
}
