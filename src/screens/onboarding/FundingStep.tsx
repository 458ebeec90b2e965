import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { selectFieldErrors, selectOnboardingData } from '../../../machines/onboarding.machine';
import { CountryCode, CurrencyCode, FundingStep as FundingSchema } from '../../../schemas/onboarding.schema';
import {
  Fieldset,
  FormSelect,
  FormText,
  useOptions,
  useReference,
  useStepForm,
  type StepForm,
} from '../../ui/stepForm';
import { useOnboarding, type OnboardingActor } from './onboardingActor';
import { StepFrame } from './StepFrame';
import { stepTitle } from './steps';
import { wholeUnits } from './options';

const currencies = ['EUR', 'USD', 'GBP'] as const;

/**
 * The form as typed: amounts in whole units (the body carries minor units). Built from the step schema's own parts,
 * so the rules stay the server's; `AmountMinor` allows 15 digits, two of which the cents take.
 */
function fundingForm(locale: string) {
  const amount = z
    .string()
    .refine((value) => /^\d{1,13}$/.test(wholeUnits(locale, value) ?? ''), 'Whole numbers only.');
  return z.object({
    incoming: amount,
    incoming_currency: CurrencyCode,
    source_country: CountryCode,
    spending: amount,
    spending_currency: CurrencyCode,
    destination_country: CountryCode,
    other_funding_method: FundingSchema.shape.other_funding_method,
  });
}

/** Whole units as typed ("2500", "2.500" in Greek) ↔ minor units on the wire ("250000"). */
const toMinor = (locale: string, whole: string) => String(BigInt(wholeUnits(locale, whole) ?? '0') * 100n);
const toWhole = (minor: string) => String(BigInt(minor) / 100n);

/** The server's errors for body paths, moved onto the inputs that show them. */
function formErrors(server: Record<string, string>): Record<string, string> {
  const renamed: Record<string, string> = {};
  for (const [path, message] of Object.entries(server)) {
    const target = path
      .replace(/^expected_incoming\.amount_minor$/, 'incoming')
      .replace(/^expected_incoming\.currency$/, 'incoming_currency')
      .replace(/^expected_spending\.amount_minor$/, 'spending')
      .replace(/^expected_spending\.currency$/, 'spending_currency');
    renamed[target] = message;
  }
  return renamed;
}

/** Step 6: funding and activity (SPEC §3): expected money in and out each month, and where it comes from and goes. */
export function FundingStep({ onboarding }: { onboarding: OnboardingActor }) {
  const intl = useIntl();
  const saved = useOnboarding(onboarding, (s) => selectOnboardingData(s)?.steps.funding ?? null);
  const fieldErrors = useOnboarding(onboarding, selectFieldErrors);
  const serverErrors = useMemo(() => formErrors(fieldErrors), [fieldErrors]);
  const countries = useOptions(useReference().countries);
  const currencyOptions = currencies.map((code) => ({ code, name: code }));
  const schema = useMemo(() => fundingForm(intl.locale), [intl.locale]);
  const form = useStepForm(
    schema,
    () => ({
      incoming: saved ? toWhole(saved.expected_incoming.amount_minor) : '',
      incoming_currency: saved?.expected_incoming.currency ?? 'EUR',
      source_country: saved?.source_country ?? '',
      spending: saved ? toWhole(saved.expected_spending.amount_minor) : '',
      spending_currency: saved?.expected_spending.currency ?? 'EUR',
      destination_country: saved?.destination_country ?? '',
      other_funding_method: saved?.other_funding_method ?? '',
    }),
    serverErrors,
  );
  const bound = form as StepForm<unknown>;
  return (
    <StepFrame
      onboarding={onboarding}
      title={stepTitle(intl, 'funding')}
      onContinue={() => {
        if (!form.check()) return;
        const { values } = form;
        onboarding.send({
          type: 'funding.save',
          values: {
            expected_incoming: {
              amount_minor: toMinor(intl.locale, values.incoming),
              currency: values.incoming_currency,
            },
            source_country: values.source_country,
            expected_spending: {
              amount_minor: toMinor(intl.locale, values.spending),
              currency: values.spending_currency,
            },
            destination_country: values.destination_country,
            other_funding_method: values.other_funding_method,
          },
        });
      }}
    >
      <Fieldset>
        <legend>
          {intl.formatMessage({
            id: 'onboarding.funding.incoming',
            defaultMessage: 'Expected incoming funds per month',
          })}
        </legend>
        <FormText
          form={bound}
          path="incoming"
          inputMode="numeric"
          label={intl.formatMessage({
            id: 'onboarding.funding.amount',
            defaultMessage: 'Amount (whole units)',
          })}
        />
        <FormSelect
          form={bound}
          path="incoming_currency"
          options={currencyOptions}
          label={intl.formatMessage({ id: 'onboarding.funding.currency', defaultMessage: 'Currency' })}
        />
        <FormSelect
          form={bound}
          path="source_country"
          options={countries}
          label={intl.formatMessage({
            id: 'onboarding.funding.sourceCountry',
            defaultMessage: 'Source country',
          })}
        />
      </Fieldset>
      <Fieldset>
        <legend>
          {intl.formatMessage({
            id: 'onboarding.funding.spending',
            defaultMessage: 'Expected spending per month',
          })}
        </legend>
        <FormText
          form={bound}
          path="spending"
          inputMode="numeric"
          label={intl.formatMessage({
            id: 'onboarding.funding.amount',
            defaultMessage: 'Amount (whole units)',
          })}
        />
        <FormSelect
          form={bound}
          path="spending_currency"
          options={currencyOptions}
          label={intl.formatMessage({ id: 'onboarding.funding.currency', defaultMessage: 'Currency' })}
        />
        <FormSelect
          form={bound}
          path="destination_country"
          options={countries}
          label={intl.formatMessage({
            id: 'onboarding.funding.destinationCountry',
            defaultMessage: 'Destination country',
          })}
        />
      </Fieldset>
      <FormText
        form={bound}
        path="other_funding_method"
        optional
        label={intl.formatMessage({ id: 'onboarding.funding.other', defaultMessage: 'Other funding method' })}
      />
    </StepFrame>
  );
}
