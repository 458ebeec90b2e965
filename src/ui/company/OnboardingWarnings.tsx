import { useIntl, type IntlShape } from 'react-intl';
import type { OnboardingWarningCode } from '../../../schemas/onboarding.schema';
import { Alert } from '../Layout';

/** The sentence for one of the server's onboarding warnings, by its code (never the server's English message). */
export function warningText(intl: IntlShape, code: OnboardingWarningCode): string {
  switch (code) {
    case 'ownership_over_100':
      return intl.formatMessage({
        id: 'onboarding.shareholders.over100',
        defaultMessage: 'The declared ownership adds up to more than 100 %.',
      });
  }
}

/**
 * Warnings about the saved onboarding (`warnings` of OnboardingState): they do not stop a save, but must be
 * resolved before submitting. A polite live region, so a warning that appears while typing is announced.
 */
export function OnboardingWarnings({ codes }: { codes: readonly OnboardingWarningCode[] }) {
  const intl = useIntl();
  const unique = [...new Set(codes)];
  if (unique.length === 0) return null;
  return (
    <Alert role="status">
      {unique.length === 1 ? (
        warningText(intl, unique[0]!)
      ) : (
        <ul>
          {unique.map((code) => (
            <li key={code}>{warningText(intl, code)}</li>
          ))}
        </ul>
      )}
    </Alert>
  );
}
