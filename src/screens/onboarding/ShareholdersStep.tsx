import { useIntl } from 'react-intl';
import {
  selectFieldErrors,
  selectOnboardingData,
  selectOnboardingWarnings,
} from '../../../machines/onboarding.machine';
import { ShareholdersStep as ShareholdersSchema } from '../../../schemas/onboarding.schema';
import { ShareholdersFields, shareholdersValues } from '../../ui/company/ShareholdersFields';
import { useStepForm } from '../../ui/stepForm';
import { useOnboarding, type OnboardingActor } from './onboardingActor';
import { StepFrame } from './StepFrame';
import { stepTitle } from './steps';

/** Step 4: individuals and companies that own shares or control the company (SPEC §3 Shareholder). */
export function ShareholdersStep({ onboarding }: { onboarding: OnboardingActor }) {
  const intl = useIntl();
  const saved = useOnboarding(onboarding, (s) => selectOnboardingData(s)?.steps.shareholders ?? null);
  const serverErrors = useOnboarding(onboarding, selectFieldErrors);
  const serverWarnings = useOnboarding(onboarding, selectOnboardingWarnings);
  const form = useStepForm(ShareholdersSchema, () => shareholdersValues(saved), serverErrors);
  return (
    <StepFrame
      onboarding={onboarding}
      title={stepTitle(intl, 'shareholders')}
      onContinue={() => {
        if (form.check()) onboarding.send({ type: 'shareholders.save', values: form.values });
      }}
    >
      <ShareholdersFields form={form} serverWarnings={serverWarnings.map((warning) => warning.code)} />
    </StepFrame>
  );
}
