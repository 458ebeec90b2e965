import { useIntl } from 'react-intl';

/** The hint under every onboarding phone field: the formats schemas/onboarding.schema.ts `Phone` reads. */
export function usePhoneHint(): string {
  const intl = useIntl();
  return intl.formatMessage({
    id: 'onboarding.phone.hint',
    defaultMessage:
      'A Greek number as you dial it (69… or 2…), or any number with its country code, e.g. +357 96123456.',
  });
}
