import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { selectFieldErrors, selectOnboardingData } from '../../../machines/onboarding.machine';
import { RepresentativeStep as RepresentativeSchema } from '../../../schemas/onboarding.schema';
import {
  FormSelect,
  FormText,
  useOptions,
  useReference,
  useStepForm,
  type StepForm,
} from '../../ui/stepForm';
import { useOnboarding, type OnboardingActor } from './onboardingActor';
import { Muted } from '../../ui/Layout';
import { usePhoneHint } from './phoneHint';
import { StepFrame } from './StepFrame';
import { stepTitle } from './steps';

/** Step 1: the person who represents the company (SPEC §3 Representative). */
export function RepresentativeStep({ onboarding }: { onboarding: OnboardingActor }) {
  const intl = useIntl();
  const saved = useOnboarding(onboarding, (s) => selectOnboardingData(s)?.steps.representative ?? null);
  const serverErrors = useOnboarding(onboarding, selectFieldErrors);
  const prefill = useOnboarding(onboarding, (s) => selectOnboardingData(s)?.prefill ?? null);
  const countries = useOptions(useReference().countries);
  const phoneHint = usePhoneHint();
  const form = useStepForm(
    RepresentativeSchema,
    () => ({
      // Registration asked for the owner's name and mobile: the first visit starts with them.
      first_name: saved?.first_name ?? prefill?.first_name ?? '',
      last_name: saved?.last_name ?? prefill?.last_name ?? '',
      job_title: saved?.job_title ?? '',
      date_of_birth: saved?.date_of_birth ?? '',
      phone: saved?.phone ?? prefill?.phone ?? '',
      citizenship: saved?.citizenship ?? '',
    }),
    serverErrors,
  );
  const bound = form as StepForm<unknown>;
  return (
    <StepFrame
      onboarding={onboarding}
      title={stepTitle(intl, 'representative')}
      back={false}
      onContinue={() => {
        if (form.check()) onboarding.send({ type: 'representative.save', values: form.values });
      }}
    >
      <FormText
        form={bound}
        path="first_name"
        autoComplete="given-name"
        label={intl.formatMessage({
          id: 'onboarding.representative.firstName',
          defaultMessage: 'First name',
        })}
      />
      <FormText
        form={bound}
        path="last_name"
        autoComplete="family-name"
        label={intl.formatMessage({ id: 'onboarding.representative.lastName', defaultMessage: 'Last name' })}
      />
      <FormText
        form={bound}
        path="job_title"
        autoComplete="organization-title"
        label={intl.formatMessage({ id: 'onboarding.representative.jobTitle', defaultMessage: 'Job title' })}
      />
      <FormText
        form={bound}
        path="date_of_birth"
        type="date"
        autoComplete="bday"
        label={intl.formatMessage({
          id: 'onboarding.representative.birthDate',
          defaultMessage: 'Date of birth',
        })}
      />
      <FormText
        form={bound}
        path="phone"
        type="tel"
        autoComplete="tel"
        hint={phoneHint}
        label={intl.formatMessage({ id: 'onboarding.representative.phone', defaultMessage: 'Phone number' })}
      />
      <FormSelect
        form={bound}
        path="citizenship"
        options={countries}
        label={intl.formatMessage({
          id: 'onboarding.representative.citizenship',
          defaultMessage: 'Citizenship',
        })}
      />
      <Muted>
        <FormattedMessage
          id="onboarding.representative.verifyIdentity"
          defaultMessage="Once saved, <link>verify the representative's identity</link> with a photo of an identity document and a selfie."
          values={{ link: (text) => <Link to="/identity-verification/">{text}</Link> }}
        />
      </Muted>
    </StepFrame>
  );
}
