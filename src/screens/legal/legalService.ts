import type { AcceptTermsBody, LegalAcceptanceStatus } from '../../../schemas/public.schema';
import { api, unwrap } from '../../api/client';

/** What the legal pages ask the server for a signed-in user; tests give their own. */
export type LegalServices = {
  /** GET accept_terms: which versions this user accepted, and whether a current one is pending. */
  loadAcceptance: (signal: AbortSignal) => Promise<LegalAcceptanceStatus>;
  /** POST accept_terms: records the acceptance of the versions named (the current ones). */
  acceptTerms: (body: AcceptTermsBody) => Promise<LegalAcceptanceStatus>;
};

export const legalServicesFromApi: LegalServices = {
  loadAcceptance: (signal) => unwrap(api.GET('/api/merchants/accounts/accept_terms/', { signal })),
  acceptTerms: (body) => unwrap(api.POST('/api/merchants/accounts/accept_terms/', { body })),
};
