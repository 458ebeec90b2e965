import { useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import styled from 'styled-components';
import type { ActorRefFrom, InspectionEvent, Observer } from 'xstate';
import {
  beneficiaryFormMachine,
  bodyOf,
  selectBeneficiaryFormBusy,
  selectBeneficiaryFormError,
  selectBeneficiaryFormStep,
  selectBeneficiaryValues,
  selectCheckingName,
  selectFormRevision,
  selectNameCheck,
  selectNameSuggestion,
  selectServerFieldErrors,
  type BeneficiaryDraft,
} from '../../../machines/beneficiaryForm.machine';
import { BeneficiaryBody, ibanCountries } from '../../../schemas/beneficiaries.schema';
import { api } from '../../api/client';
import { beneficiaryFormActors } from '../../app/beneficiaryActors';
import { useJourneyActor } from '../../app/inspection';
import { errorMessages } from '../../i18n/errorMessages';
import { Button } from '../../ui/Button';
import { Alert, Card, Muted, Page, Row } from '../../ui/Layout';
import { notify } from '../../ui/notify';
import { PageSpinner } from '../../ui/Spinner';
import { useFocusFirstError } from '../../ui/formErrors';
import { TextField } from '../../ui/TextField';
import {
  beneficiaryMessages as m,
  beneficiaryValueMessages as v,
  translateFieldMessage,
} from './beneficiaryMessages';

export const beneficiariesPath = '/my-beneficiaries';

type FormActor = ActorRefFrom<typeof beneficiaryFormMachine>;

const Fieldset = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 0 0 ${({ theme }) => theme.space(4)};
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(4)};
  legend {
    font-weight: 600;
    margin-bottom: ${({ theme }) => theme.space(2)};
  }
  label {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    min-height: 44px;
  }
`;

const SelectField = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  label {
    font-weight: 600;
  }
  select {
    min-height: 44px;
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
    border: 1px solid ${({ theme }) => theme.colors.inputBorder};
    border-radius: ${({ theme }) => theme.radii.small};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
  }
  select[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
    border-width: 2px;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.danger};
    font-size: 0.9rem;
    font-weight: 600;
  }
`;

const Warning = styled.div`
  border-left: 4px solid ${({ theme }) => theme.colors.warning};
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

/** One choice of the draft (what kind of beneficiary, who holds the account) as radio buttons under a legend. */
function RadioChoice({
  name,
  legend,
  options,
  value,
  disabled,
  onChange,
}: {
  name: keyof BeneficiaryDraft;
  legend: MessageDescriptor;
  /** Each value with its words, in the order shown. */
  options: Record<string, MessageDescriptor>;
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const intl = useIntl();
  return (
    <Fieldset disabled={disabled}>
      <legend>{intl.formatMessage(legend)}</legend>
      {Object.entries(options).map(([option, words]) => (
        <label key={option}>
          <input
            type="radio"
            name={name}
            value={option}
            checked={value === option}
            onChange={() => onChange(option)}
          />
          {intl.formatMessage(words)}
        </label>
      ))}
    </Fieldset>
  );
}

/** Countries whose banks use IBANs, by their name in the current language. */
function useCountryOptions() {
  const intl = useIntl();
  return useMemo(() => {
    const names = new Intl.DisplayNames([intl.locale], { type: 'region' });
    return ibanCountries
      .map((code) => ({ code, name: names.of(code) ?? code }))
      .sort((a, b) => a.name.localeCompare(b.name, intl.locale));
  }, [intl.locale]);
}

/** The schema's problems with the draft, by field, in the current language. */
function clientErrors(intl: ReturnType<typeof useIntl>, values: BeneficiaryDraft): Record<string, string> {
  const result = BeneficiaryBody.safeParse(bodyOf(values, false));
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'body');
    errors[field] ??= translateFieldMessage(intl, issue.message);
  }
  return errors;
}

function BeneficiaryForm({ form }: { form: FormActor }) {
  const intl = useIntl();
  const initial = useSelector(form, selectBeneficiaryValues);
  const serverErrors = useSelector(form, selectServerFieldErrors);
  const busy = useSelector(form, selectBeneficiaryFormBusy);
  const checking = useSelector(form, selectCheckingName);
  const error = useSelector(form, selectBeneficiaryFormError);
  const countries = useCountryOptions();
  const countryId = useId();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const { formRef, failed, summary } = useFocusFirstError(serverErrors);

  const errorOf = (field: keyof BeneficiaryDraft): string | null => {
    if (errors[field]) return errors[field];
    const server = serverErrors[field];
    return server && !edited.has(field) ? translateFieldMessage(intl, server) : null;
  };
  const set = (field: keyof BeneficiaryDraft, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setEdited((current) => new Set(current).add(field));
    setErrors(({ [field]: _gone, ...rest }) => rest);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = clientErrors(intl, values);
    setErrors(found);
    if (Object.keys(found).length === 0) form.send({ type: 'form.submit', values });
    else failed();
  };
  const text = (field: keyof BeneficiaryDraft) => ({
    name: field,
    value: values[field],
    error: errorOf(field),
    required: true,
    disabled: busy,
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
  });
  const choice = (field: 'kind' | 'holder') => ({
    name: field,
    value: values[field],
    disabled: busy,
    onChange: (value: string) => set(field, value),
  });
  const countryError = errorOf('bank_country');

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit}>
      {summary}
      {error ? (
        <Alert role="alert">
          {intl.formatMessage(error === 'network' ? errorMessages.network : errorMessages.unknown)}
        </Alert>
      ) : null}
      <Muted>{intl.formatMessage(m.mandatory)}</Muted>
      <RadioChoice {...choice('kind')} legend={m.type} options={{ bank: m.kindBank, wallet: m.kindWallet }} />
      {values.kind === 'wallet' ? (
        <TextField
          {...text('wallet_tag')}
          label={intl.formatMessage(m.walletTag)}
          hint={intl.formatMessage(m.walletTagHint)}
          autoComplete="off"
        />
      ) : (
        <>
          <RadioChoice
            {...choice('holder')}
            legend={m.holder}
            options={{ person: m.holderPerson, company: m.holderCompany }}
          />
          {values.holder === 'company' ? (
            <TextField
              {...text('company_name')}
              label={intl.formatMessage(m.companyName)}
              hint={intl.formatMessage(m.companyNameHint)}
              autoComplete="off"
            />
          ) : (
            <>
              <TextField
                {...text('first_name')}
                label={intl.formatMessage(m.firstName)}
                hint={intl.formatMessage(m.latinHint)}
                autoComplete="off"
              />
              <TextField {...text('last_name')} label={intl.formatMessage(m.lastName)} autoComplete="off" />
            </>
          )}
          <SelectField>
            <label htmlFor={countryId}>{intl.formatMessage(m.bankCountry)}</label>
            <select
              id={countryId}
              name="bank_country"
              required
              disabled={busy}
              value={values.bank_country}
              aria-invalid={countryError ? true : undefined}
              aria-describedby={countryError ? `${countryId}-error` : undefined}
              onChange={(event) => set('bank_country', event.target.value)}
            >
              <option value="">{intl.formatMessage(m.chooseCountry)}</option>
              {countries.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </select>
            {countryError ? <p id={`${countryId}-error`}>{countryError}</p> : null}
          </SelectField>
          <TextField
            {...text('iban')}
            label={intl.formatMessage(m.iban)}
            autoComplete="off"
            spellCheck={false}
          />
        </>
      )}
      {checking ? <p role="status">{intl.formatMessage(m.checking)}</p> : null}
      <Row>
        <Button type="submit" busy={busy}>
          {intl.formatMessage(m.save)}
        </Button>
        <Link to={beneficiariesPath}>{intl.formatMessage(m.backToList)}</Link>
      </Row>
    </form>
  );
}

/** Close match, no match or not possible: what the check said, and the user's choices (SPEC §4). */
function NameCheckPanel({ form, step }: { form: FormActor; step: 'closeMatch' | 'noMatch' | 'notPossible' }) {
  const intl = useIntl();
  const check = useSelector(form, selectNameCheck);
  const suggestion = useSelector(form, selectNameSuggestion);
  const suggested = check?.suggestedName ?? '';
  const title =
    step === 'closeMatch'
      ? intl.formatMessage(v.closeMatchTitle, { name: suggested })
      : intl.formatMessage(step === 'noMatch' ? m.noMatchTitle : m.notPossibleTitle);
  const body = intl.formatMessage(
    step === 'closeMatch' ? m.closeMatchBody : step === 'noMatch' ? m.noMatchBody : m.notPossibleBody,
  );
  return (
    <Warning>
      <h2>{title}</h2>
      <p role="alert">{body}</p>
      <Row>
        {step === 'closeMatch' && suggestion ? (
          <Button onClick={() => form.send({ type: 'name.useSuggested' })}>
            {intl.formatMessage(v.useSuggested, { name: suggested })}
          </Button>
        ) : null}
        <Button
          variant={step === 'closeMatch' && suggestion ? 'secondary' : 'primary'}
          onClick={() => form.send({ type: 'form.amend' })}
        >
          {intl.formatMessage(m.amend)}
        </Button>
        <Button variant="secondary" onClick={() => form.send({ type: 'name.accept' })}>
          {intl.formatMessage(m.saveAnyway)}
        </Button>
      </Row>
    </Warning>
  );
}

function BeneficiaryFormJourney({ form, editing }: { form: FormActor; editing: boolean }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const step = useSelector(form, selectBeneficiaryFormStep);
  const revision = useSelector(form, selectFormRevision);
  const error = useSelector(form, selectBeneficiaryFormError);

  useEffect(() => {
    if (step !== 'saved') return;
    notify('success', intl.formatMessage(editing ? m.updated : m.created));
    void navigate(beneficiariesPath);
  }, [step, editing, intl, navigate]);

  if (step === 'opening' || step === 'loading' || step === 'saved') return <PageSpinner />;
  const title = intl.formatMessage(editing ? m.editTitle : m.createTitle);
  return (
    <Page $narrow>
      <Card>
        <h1>{title}</h1>
        {step === 'loadFailed' ? (
          <>
            <Alert role="alert">
              {error === 'not_found'
                ? intl.formatMessage(m.notFound)
                : intl.formatMessage(error === 'network' ? errorMessages.network : errorMessages.unknown)}
            </Alert>
            <Row>
              {error === 'not_found' ? null : (
                <Button onClick={() => form.send({ type: 'load.retry' })}>
                  {intl.formatMessage(m.retry)}
                </Button>
              )}
              <Link to={beneficiariesPath}>{intl.formatMessage(m.backToList)}</Link>
            </Row>
          </>
        ) : null}
        {step === 'form' ? <BeneficiaryForm key={revision} form={form} /> : null}
        {step === 'closeMatch' || step === 'noMatch' || step === 'notPossible' ? (
          <NameCheckPanel form={form} step={step} />
        ) : null}
        {step === 'verificationFailed' ? (
          <>
            <Alert role="alert">{intl.formatMessage(m.verificationFailed)}</Alert>
            <Row>
              <Button onClick={() => form.send({ type: 'check.retry' })}>
                {intl.formatMessage(m.retry)}
              </Button>
              <Button variant="secondary" onClick={() => form.send({ type: 'form.amend' })}>
                {intl.formatMessage(m.amend)}
              </Button>
            </Row>
          </>
        ) : null}
      </Card>
    </Page>
  );
}

type InspectionObserver = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

export type BeneficiaryFormScreenProps = {
  /** The form journey with its effects; the app's API calls unless a test passes its own. */
  logic?: typeof beneficiaryFormMachine;
  /** XState inspection of the journey (dev tools; tests use it to watch the journey they drive). */
  inspect?: InspectionObserver;
};

/** SPEC §2 /my-beneficiaries/create-beneficiary and /my-beneficiaries/edit-beneficiary/:id. */
export function BeneficiaryFormScreen({ logic, inspect }: BeneficiaryFormScreenProps) {
  const { id } = useParams();
  const machine = useMemo(
    () => logic ?? beneficiaryFormMachine.provide({ actors: beneficiaryFormActors(api) }),
    [logic],
  );
  const form = useJourneyActor(machine, inspect ? { inspect } : {});
  useEffect(() => {
    form.send({ type: 'form.opened', id: id ?? null });
  }, [form, id]);
  return <BeneficiaryFormJourney form={form} editing={id !== undefined} />;
}

export default BeneficiaryFormScreen;
