import { useIntl } from 'react-intl';
import { selectFieldErrors, selectOnboardingData } from '../../../machines/onboarding.machine';
import { DirectorsStep as DirectorsSchema } from '../../../schemas/onboarding.schema';
import { DirectorsFields, directorsValues } from '../../ui/company/DirectorsFields';
import { useStepForm } from '../../ui/stepForm';
import { useOnboarding, type OnboardingActor } from './onboardingActor';
import { StepFrame } from './StepFrame';
import { stepTitle } from './steps';

/** Step 3: the directors, one group of fields each (SPEC §3 Director). */
export function DirectorsStep({ onboarding }: { onboarding: OnboardingActor }) {
  const intl = useIntl();
  const saved = useOnboarding(onboarding, (s) => selectOnboardingData(s)?.steps.directors ?? null);
  const serverErrors = useOnboarding(onboarding, selectFieldErrors);
  const form = useStepForm(DirectorsSchema, () => directorsValues(saved), serverErrors);
  return (
    <StepFrame
      onboarding={onboarding}
      title={stepTitle(intl, 'directors')}
      onContinue={() => {
        if (form.check()) onboarding.send({ type: 'directors.save', values: form.values });
      }}
    >
      <DirectorsFields form={form} />
    </StepFrame>
  );
}
