import type { IntlShape } from 'react-intl';
import type { OnboardingStep } from '../../../machines/onboarding.machine';

/** The heading of each step (also the names of the review's sections and of the missing-information list). */
export function stepTitle(intl: IntlShape, step: OnboardingStep): string {
  switch (step) {
    case 'representative':
      return intl.formatMessage({ id: 'onboarding.step.representative', defaultMessage: 'Representative' });
    case 'company':
      return intl.formatMessage({ id: 'onboarding.step.company', defaultMessage: 'Company information' });
    case 'directors':
      return intl.formatMessage({ id: 'onboarding.step.directors', defaultMessage: 'Directors' });
    case 'shareholders':
      return intl.formatMessage({ id: 'onboarding.step.shareholders', defaultMessage: 'Shareholders' });
    case 'documents':
      return intl.formatMessage({ id: 'onboarding.step.documents', defaultMessage: 'Documents' });
    case 'funding':
      return intl.formatMessage({ id: 'onboarding.step.funding', defaultMessage: 'Funding and activity' });
    case 'identity':
      return intl.formatMessage({ id: 'onboarding.step.identity', defaultMessage: 'Identity verification' });
    case 'review':
      return intl.formatMessage({ id: 'onboarding.step.review', defaultMessage: 'Review and submit' });
  }
}
