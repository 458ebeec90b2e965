import { fromPromise } from 'xstate';
import { profileChangeMachine, type RequestProfileChangeInput } from '../../machines/profileChange.machine';
import type { OnboardingReference } from '../../machines/onboarding.machine';
import type { OnboardingDocument } from '../../schemas/onboarding.schema';
import type {
  CompanyContactBody,
  CompanyLogo,
  CompanyProfile,
  ProfileChange,
  RepresentativeContactBody,
} from '../../schemas/profile.schema';
import { failureFromResponse, unwrap, type ApiClient } from '../api/client';

/** The profile pages' calls (schemas/profile.schema.ts), each rejecting with an ApiFailure. */
export type ProfileServices = {
  loadProfile: (signal: AbortSignal) => Promise<CompanyProfile>;
  loadReference: (signal: AbortSignal) => Promise<OnboardingReference>;
  updateContact: (body: CompanyContactBody) => Promise<CompanyProfile>;
  updateRepresentative: (body: RepresentativeContactBody) => Promise<CompanyProfile>;
  latestDocuments: (signal: AbortSignal) => Promise<OnboardingDocument[]>;
  uploadDocument: (type: string, file: File) => Promise<OnboardingDocument>;
  downloadDocument: (id: string) => Promise<Blob>;
  uploadLogo: (file: File) => Promise<CompanyLogo>;
  /** The logo's bytes, or null when the company has none. */
  loadLogo: (signal: AbortSignal) => Promise<Blob | null>;
};

export function profileServices(client: ApiClient): ProfileServices {
  return {
    loadProfile: (signal) => unwrap(client.GET('/api/merchants/profile/', { signal })),
    loadReference: async (signal) => {
      const [legalForms, industries, sizes, turnovers, countries] = await Promise.all([
        unwrap(client.GET('/api/onboarding/legal_entity_types/', { signal })),
        unwrap(client.GET('/api/onboarding/industries/', { signal })),
        unwrap(client.GET('/api/onboarding/sizes/', { signal })),
        unwrap(client.GET('/api/onboarding/turnovers/', { signal })),
        unwrap(client.GET('/api/onboarding/countries/', { signal })),
      ]);
      return {
        legalForms: legalForms.items,
        industries: industries.items,
        sizes: sizes.items,
        turnovers: turnovers.items,
        countries: countries.items,
      };
    },
    updateContact: (body) => unwrap(client.PATCH('/api/merchants/profile/contact/', { body })),
    updateRepresentative: (body) => unwrap(client.PATCH('/api/merchants/profile/representative/', { body })),
    latestDocuments: async (signal) =>
      (await unwrap(client.GET('/api/merchants/profile/documents/', { signal }))).items,
    uploadDocument: (type, file) => {
      const form = new FormData();
      form.append('type', type);
      form.append('file', file);
      return unwrap(
        client.POST('/api/merchants/profile/documents/', {
          // multipart: the browser sets the boundary; the typed body only says what the form carries.
          body: { type: type as OnboardingDocument['type'] as never, file: file.name },
          bodySerializer: () => form,
        }),
      );
    },
    downloadDocument: async (id) => {
      const result = await client.GET('/api/merchants/profile/documents/{id}/', {
        params: { path: { id } },
        parseAs: 'blob',
      });
      if (!result.response.ok || !result.data) throw failureFromResponse(result.response, result.error);
      return result.data;
    },
    uploadLogo: (file) => {
      const form = new FormData();
      form.append('file', file);
      return unwrap(
        client.POST('/api/merchants/profile/company_logo/', {
          body: { file: file.name },
          bodySerializer: () => form,
        }),
      );
    },
    loadLogo: async (signal) => {
      const result = await client.GET('/api/merchants/profile/company_logo/', { parseAs: 'blob', signal });
      if (result.response.status === 404) return null;
      if (!result.response.ok || !result.data) throw failureFromResponse(result.response, result.error);
      return result.data;
    },
  };
}

/** The edit-and-send-for-review journey's effects (machines/profileChange.machine.ts). */
export function profileChangeActors(client: ApiClient) {
  return {
    loadProfile: fromPromise<CompanyProfile, void>(({ signal }) =>
      unwrap(client.GET('/api/merchants/profile/', { signal })),
    ),
    requestProfileChange: fromPromise<ProfileChange, RequestProfileChangeInput>(({ input, signal }) =>
      unwrap(client.POST('/api/merchants/profile/changes/', { body: input.body, signal })),
    ),
  };
}

export function createProfileChangeLogic(client: ApiClient) {
  return profileChangeMachine.provide({ actors: profileChangeActors(client) });
}
