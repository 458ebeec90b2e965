import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { selectFieldErrors, selectOnboardingData } from '../../../machines/onboarding.machine';
import {
  CompanyStep as CompanySchema,
  sizeCodes,
  turnoverCodes,
  type OnboardingDocument,
  type VatCheckResponse,
} from '../../../schemas/onboarding.schema';
import { Button } from '../../ui/Button';
import { Muted } from '../../ui/Layout';
import { Spinner } from '../../ui/Spinner';
import { DocumentPreview } from './DocumentsStep';
import {
  AddressFields,
  addressValues,
  emptyAddress,
  Fieldset,
  FormCheckbox,
  FormSelect,
  FormText,
  useOptions,
  useReference,
  useStepForm,
  type StepForm,
} from '../../ui/stepForm';
import { useOnboarding, type OnboardingActor } from './onboardingActor';
import { useScaleOptions } from './options';
import { usePhoneHint } from './phoneHint';
import { useOnboardingServices } from './services';
import { StepFrame } from './StepFrame';
import { stepTitle } from './steps';

type VatState = { checking: true } | { checking: false; result: VatCheckResponse | 'failed' } | null;

function VatResult({ state }: { state: VatState }) {
  if (!state || state.checking) return null;
  const { result } = state;
  let text;
  if (result === 'failed' || result.registry === 'unavailable') {
    text = (
      <FormattedMessage
        id="onboarding.vat.failed"
        defaultMessage="The VAT check is not available right now."
      />
    );
  } else if (!result.format_valid || result.registry === 'invalid') {
    text = <FormattedMessage id="onboarding.vat.invalid" defaultMessage="This VAT number is not valid." />;
  } else if (result.registry === 'valid') {
    text = (
      <FormattedMessage
        id="onboarding.vat.valid"
        defaultMessage="The VAT number is registered{name, select, none {} other { to {name}}}."
        values={{ name: result.name ?? 'none' }}
      />
    );
  } else {
    text = (
      <FormattedMessage
        id="onboarding.vat.formatOnly"
        defaultMessage="The format is right. The registry was not checked."
      />
    );
  }
  return <Muted role="status">{text}</Muted>;
}

type LogoState =
  | { status: 'idle'; logo: OnboardingDocument | null }
  | { status: 'uploading'; logo: OnboardingDocument | null }
  | { status: 'failed'; logo: OnboardingDocument | null };

/** The optional company logo: uploaded at once (it is not part of the step's body), with a preview. */
function LogoField({ initial }: { initial: OnboardingDocument | null }) {
  const intl = useIntl();
  const id = useId();
  const services = useOnboardingServices();
  const [state, setState] = useState<LogoState>({ status: 'idle', logo: initial });
  const choose = async (file: File) => {
    setState((current) => ({ status: 'uploading', logo: current.logo }));
    try {
      const logo = await services.uploadCompanyLogo(file);
      setState({ status: 'idle', logo });
    } catch {
      setState((current) => ({ status: 'failed', logo: current.logo }));
    }
  };
  return (
    <Fieldset>
      <legend>
        {intl.formatMessage(
          { id: 'onboarding.field.optional', defaultMessage: '{label} (optional)' },
          { label: intl.formatMessage({ id: 'onboarding.documents.logo', defaultMessage: 'Company logo' }) },
        )}
      </legend>
      {state.logo ? <DocumentPreview key={state.logo.id} document={state.logo} /> : null}
      <label htmlFor={id}>
        <FormattedMessage id="onboarding.company.logoUpload" defaultMessage="Choose a PNG or JPEG file" />
      </label>
      <input
        id={id}
        type="file"
        accept="image/png,image/jpeg"
        disabled={state.status === 'uploading'}
        aria-describedby={state.status === 'failed' ? `${id}-error` : undefined}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void choose(file);
        }}
      />
      {state.status === 'uploading' ? (
        <Spinner
          size={20}
          label={intl.formatMessage({ id: 'onboarding.documents.uploading', defaultMessage: 'Uploading…' })}
        />
      ) : null}
      {state.status === 'failed' ? (
        <Muted id={`${id}-error`} role="status">
          <FormattedMessage
            id="onboarding.company.logoFailed"
            defaultMessage="The logo could not be uploaded."
          />
        </Muted>
      ) : null}
    </Fieldset>
  );
}

/** Step 2: the company (SPEC §3 Company), with a VAT check and the registered and trading addresses. */
export function CompanyStep({ onboarding }: { onboarding: OnboardingActor }) {
  const intl = useIntl();
  const saved = useOnboarding(onboarding, (s) => selectOnboardingData(s)?.steps.company ?? null);
  const logo = useOnboarding(onboarding, (s) => selectOnboardingData(s)?.logo ?? null);
  const serverErrors = useOnboarding(onboarding, selectFieldErrors);
  const reference = useReference();
  const countries = useOptions(reference.countries);
  const legalForms = useOptions(reference.legalForms);
  const industries = useOptions(reference.industries);
  const sizes = useScaleOptions(reference.sizes, sizeCodes);
  const turnovers = useScaleOptions(reference.turnovers, turnoverCodes);
  const prefill = useOnboarding(onboarding, (s) => selectOnboardingData(s)?.prefill ?? null);
  const services = useOnboardingServices();
  const phoneHint = usePhoneHint();
  const [vat, setVat] = useState<VatState>(null);
  const form = useStepForm(
    CompanySchema,
    () => ({
      // Registration asked for the company's name and the owner's mobile: the first visit starts with them.
      name: saved?.name ?? prefill?.company_name ?? '',
      commercial_name: saved?.commercial_name ?? '',
      legal_form: saved?.legal_form ?? '',
      country_of_registration: saved?.country_of_registration ?? '',
      vat_number: saved?.vat_number ?? '',
      registration_number: saved?.registration_number ?? '',
      tic_number: saved?.tic_number ?? '',
      phone: saved?.phone ?? prefill?.phone ?? '',
      registered_address: saved ? addressValues(saved.registered_address) : emptyAddress,
      trading_same_as_registered: saved?.trading_same_as_registered ?? true,
      trading_address: saved?.trading_address ? addressValues(saved.trading_address) : emptyAddress,
      website_url: saved?.website_url ?? '',
      industry: saved?.industry ?? '',
      size: saved?.size ?? '',
      annual_turnover: saved?.annual_turnover ?? '',
    }),
    serverErrors,
    (values) => ({
      ...values,
      trading_address: values.trading_same_as_registered ? null : values.trading_address,
    }),
  );
  const bound = form as StepForm<unknown>;
  const { values } = form;

  const checkVat = async () => {
    setVat({ checking: true });
    try {
      const result = await services.vatCheck({
        country: values.country_of_registration,
        vat_number: values.vat_number,
      });
      setVat({ checking: false, result });
    } catch {
      setVat({ checking: false, result: 'failed' });
    }
  };

  return (
    <StepFrame
      onboarding={onboarding}
      title={stepTitle(intl, 'company')}
      onContinue={() => {
        if (!form.check()) return;
        const { trading_address, ...rest } = values;
        onboarding.send({
          type: 'company.save',
          values: {
            ...rest,
            legal_form: values.legal_form as 'ae',
            industry: values.industry as 'other',
            size: values.size as '1',
            annual_turnover: values.annual_turnover as 'under_100k',
            trading_address: values.trading_same_as_registered ? null : trading_address,
          },
        });
      }}
    >
      <FormText
        form={bound}
        path="name"
        autoComplete="organization"
        label={intl.formatMessage({ id: 'onboarding.company.name', defaultMessage: 'Company name' })}
      />
      <FormText
        form={bound}
        path="commercial_name"
        optional
        label={intl.formatMessage({
          id: 'onboarding.company.commercialName',
          defaultMessage: 'Commercial name',
        })}
      />
      <FormSelect
        form={bound}
        path="legal_form"
        options={legalForms}
        label={intl.formatMessage({ id: 'onboarding.company.legalForm', defaultMessage: 'Legal form' })}
      />
      <FormSelect
        form={bound}
        path="country_of_registration"
        options={countries}
        label={intl.formatMessage({
          id: 'onboarding.company.country',
          defaultMessage: 'Country of registration',
        })}
      />
      <FormText
        form={bound}
        path="vat_number"
        label={intl.formatMessage({ id: 'onboarding.company.vat', defaultMessage: 'VAT number' })}
      />
      <Button
        variant="secondary"
        busy={vat?.checking === true}
        disabled={!values.vat_number || !values.country_of_registration}
        onClick={() => void checkVat()}
      >
        <FormattedMessage id="onboarding.company.vatCheck" defaultMessage="Check VAT number" />
      </Button>
      <VatResult state={vat} />
      <FormText
        form={bound}
        path="registration_number"
        label={intl.formatMessage({
          id: 'onboarding.company.registrationNumber',
          defaultMessage: 'Registration number',
        })}
      />
      <FormText
        form={bound}
        path="tic_number"
        label={intl.formatMessage({ id: 'onboarding.company.tic', defaultMessage: 'TIC number' })}
      />
      <FormText
        form={bound}
        path="phone"
        type="tel"
        autoComplete="tel"
        hint={phoneHint}
        label={intl.formatMessage({ id: 'onboarding.company.phone', defaultMessage: 'Company phone' })}
      />
      <AddressFields
        form={bound}
        path="registered_address"
        legend={intl.formatMessage({
          id: 'onboarding.company.registeredAddress',
          defaultMessage: 'Registered address',
        })}
      />
      <FormCheckbox
        form={bound}
        path="trading_same_as_registered"
        label={intl.formatMessage({
          id: 'onboarding.company.tradingSame',
          defaultMessage: 'The trading address is the registered address',
        })}
      />
      {values.trading_same_as_registered ? null : (
        <AddressFields
          form={bound}
          path="trading_address"
          legend={intl.formatMessage({
            id: 'onboarding.company.tradingAddress',
            defaultMessage: 'Trading address',
          })}
        />
      )}
      <LogoField initial={logo} />
      <FormText
        form={bound}
        path="website_url"
        type="text"
        inputMode="url"
        autoComplete="url"
        hint={intl.formatMessage({
          id: 'onboarding.company.websiteHint',
          defaultMessage: 'For example example.com; https:// is added for you.',
        })}
        optional
        label={intl.formatMessage({ id: 'onboarding.company.website', defaultMessage: 'Website URL' })}
      />
      <FormSelect
        form={bound}
        path="industry"
        options={industries}
        label={intl.formatMessage({ id: 'onboarding.company.industry', defaultMessage: 'Industry' })}
      />
      <FormSelect
        form={bound}
        path="size"
        options={sizes}
        label={intl.formatMessage({ id: 'onboarding.company.size', defaultMessage: 'Company size' })}
      />
      <FormSelect
        form={bound}
        path="annual_turnover"
        options={turnovers}
        label={intl.formatMessage({ id: 'onboarding.company.turnover', defaultMessage: 'Annual turnover' })}
      />
    </StepFrame>
  );
}
