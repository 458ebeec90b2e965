import { FormattedMessage, useIntl } from 'react-intl';
import {
  Percentage,
  percentageToBasisPoints,
  type ShareholdersStep as ShareholdersSchema,
  type OnboardingWarningCode,
} from '../../../schemas/onboarding.schema';
import { Button } from '../Button';
import { Alert } from '../Layout';
import {
  Fieldset,
  FormCheckbox,
  FormSelect,
  FormText,
  useOptions,
  useReference,
  type StepForm,
} from '../stepForm';
import { OnboardingWarnings } from './OnboardingWarnings';

export type ShareholderValues = {
  type: 'individual' | 'company';
  name: string;
  country: string;
  percentage: string;
  has_control: boolean;
};
export type ShareholdersValues = { shareholders: ShareholderValues[]; ubos_known: boolean };

const emptyShareholder: ShareholderValues = {
  type: 'individual',
  name: '',
  country: '',
  percentage: '',
  has_control: false,
};

/** Saved shareholders as form values; one empty shareholder when there are none yet. */
export function shareholdersValues(saved: ShareholdersSchema | null): ShareholdersValues {
  return {
    shareholders: saved ? saved.shareholders.map((holder) => ({ ...holder })) : [emptyShareholder],
    ubos_known: saved?.ubos_known ?? true,
  };
}

/** Declared ownership in basis points, counting only well-formed percentages. */
export function totalBasisPoints(percentages: string[]): number {
  return percentages
    .filter((value) => Percentage.safeParse(value).success)
    .reduce((sum, value) => sum + percentageToBasisPoints(value.trim()), 0);
}

/** Whether the declared ownership of the form adds up to more than 100 %. */
export function ownershipOver100(values: ShareholdersValues): boolean {
  return totalBasisPoints(values.shareholders.map((holder) => holder.percentage)) > 10_000;
}

/**
 * Individuals and companies that own shares or control the company, with "Add a shareholder", "Remove shareholder n"
 * and whether the UBOs are known (SPEC §3 Shareholder): used by onboarding's step and by the profile's reviewed
 * change of shareholders. `serverWarnings` are the server's last warnings; the ownership one follows the form.
 */
export function ShareholdersFields({
  form,
  serverWarnings = [],
}: {
  form: StepForm<ShareholdersValues>;
  serverWarnings?: readonly OnboardingWarningCode[];
}) {
  const intl = useIntl();
  const countries = useOptions(useReference().countries);
  const bound = form as StepForm<unknown>;
  const { shareholders } = form.values;
  const listError = form.errorAt('shareholders');
  const over = ownershipOver100(form.values);
  const warnings: OnboardingWarningCode[] = [
    ...serverWarnings.filter((code) => code !== 'ownership_over_100'),
    ...(over ? (['ownership_over_100'] as const) : []),
  ];
  const types = [
    {
      code: 'individual',
      name: intl.formatMessage({ id: 'onboarding.shareholders.individual', defaultMessage: 'Individual' }),
    },
    {
      code: 'company',
      name: intl.formatMessage({ id: 'onboarding.shareholders.company', defaultMessage: 'Company' }),
    },
  ];
  return (
    <>
      {listError ? <Alert>{listError}</Alert> : null}
      <OnboardingWarnings codes={warnings} />
      {shareholders.map((_, index) => (
        <Fieldset key={index}>
          <legend>
            <FormattedMessage
              id="onboarding.shareholders.legend"
              defaultMessage="Shareholder {n}"
              values={{ n: index + 1 }}
            />
          </legend>
          <FormSelect
            form={bound}
            path={`shareholders.${index}.type`}
            options={types}
            label={intl.formatMessage({
              id: 'onboarding.shareholders.type',
              defaultMessage: 'Individual or company',
            })}
          />
          <FormText
            form={bound}
            path={`shareholders.${index}.name`}
            label={intl.formatMessage({
              id: 'onboarding.shareholders.name',
              defaultMessage: 'Full name or company name',
            })}
          />
          <FormSelect
            form={bound}
            path={`shareholders.${index}.country`}
            options={countries}
            label={intl.formatMessage({ id: 'onboarding.shareholders.country', defaultMessage: 'Country' })}
          />
          <FormText
            form={bound}
            path={`shareholders.${index}.percentage`}
            inputMode="decimal"
            label={intl.formatMessage({
              id: 'onboarding.shareholders.percentage',
              defaultMessage: 'Ownership (%)',
            })}
          />
          <FormCheckbox
            form={bound}
            path={`shareholders.${index}.has_control`}
            label={intl.formatMessage({
              id: 'onboarding.shareholders.control',
              defaultMessage: 'Controls the company in another way (votes, appointing directors)',
            })}
          />
          {shareholders.length > 1 ? (
            <Button
              variant="quiet"
              onClick={() =>
                form.replace({
                  ...form.values,
                  shareholders: shareholders.filter((__, other) => other !== index),
                })
              }
            >
              <FormattedMessage
                id="onboarding.shareholders.remove"
                defaultMessage="Remove shareholder {n}"
                values={{ n: index + 1 }}
              />
            </Button>
          ) : null}
        </Fieldset>
      ))}
      <Button
        variant="secondary"
        onClick={() => form.replace({ ...form.values, shareholders: [...shareholders, emptyShareholder] })}
      >
        <FormattedMessage id="onboarding.shareholders.add" defaultMessage="Add a shareholder" />
      </Button>
      <FormCheckbox
        form={bound}
        path="ubos_known"
        label={intl.formatMessage({
          id: 'onboarding.shareholders.ubosKnown',
          defaultMessage: 'We know the ultimate beneficial owners',
        })}
      />
    </>
  );
}
