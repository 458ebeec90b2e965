import { createContext, useContext } from 'react';
import type { OnboardingDocument, VatCheckResponse } from '../../../schemas/onboarding.schema';

/** Calls the onboarding screens make outside the journey (they change no step): VAT check, previews, the logo. */
export type OnboardingServices = {
  vatCheck: (body: { country: string; vat_number: string }) => Promise<VatCheckResponse>;
  /** The stored file as a Blob, for a preview through an object URL. */
  downloadDocument: (id: string) => Promise<Blob>;
  /** Replaces the company logo (PNG or JPEG); optional, so it is not a step of the journey. */
  uploadCompanyLogo: (file: File) => Promise<OnboardingDocument>;
};

export const OnboardingServicesContext = createContext<OnboardingServices | null>(null);

export function useOnboardingServices(): OnboardingServices {
  const services = useContext(OnboardingServicesContext);
  if (!services) throw new Error('useOnboardingServices needs <OnboardingServicesContext.Provider>');
  return services;
}
