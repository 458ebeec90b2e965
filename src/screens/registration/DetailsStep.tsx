import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { z } from 'zod';
import {
  selectRegistrationBusy,
  selectRegistrationError,
  type Details,
} from '../../../machines/registration.machine';
import {
  companyNameMaxLength,
  CompanyName,
  nameMaxLength,
  PersonName,
} from '../../../schemas/registration.schema';
import { Button } from '../../ui/Button';
import { Muted, Stack } from '../../ui/Layout';
import { TextField } from '../../ui/TextField';
import { StepHeading } from '../../ui/StepHeading';
import { RegistrationError } from './RegistrationError';
import { useRegistration, type RegistrationActor } from './registrationActor';

type FieldName = keyof Details;

/** Step 4: the representative's names and the company's name (SPEC §5: Latin letters, "Max {n} characters"). */
export function DetailsStep({ registration }: { registration: RegistrationActor }) {
  const intl = useIntl();
  const busy = useRegistration(registration, selectRegistrationBusy);
  const error = useRegistration(registration, selectRegistrationError);
  const saved = useRegistration(registration, (s) => s.context.details);
  const [values, setValues] = useState<Details>(saved);
  const [shown, setShown] = useState<Partial<Record<FieldName, boolean>>>({});

  // The same zod rules as the endpoint; their issues are turned into translated sentences here.
  const problem = (schema: z.ZodType, value: string, max: number): string | null => {
    const result = schema.safeParse(value);
    if (result.success) return null;
    if (value.trim() === '') {
      return intl.formatMessage({
        id: 'registration.form.required',
        defaultMessage: 'This field is required.',
      });
    }
    if (value.trim().length > max) {
      return intl.formatMessage(
        { id: 'registration.form.maxLength', defaultMessage: 'Max {n} characters' },
        { n: max },
      );
    }
    return intl.formatMessage({
      id: 'registration.form.latinOnly',
      defaultMessage: 'Only Latin characters allowed; special characters not allowed.',
    });
  };
  const problems: Record<FieldName, string | null> = {
    first_name: problem(PersonName, values.first_name, nameMaxLength),
    last_name: problem(PersonName, values.last_name, nameMaxLength),
    company_name: problem(CompanyName, values.company_name, companyNameMaxLength),
  };

  const field = (name: FieldName, label: string, max: number, autoComplete: string) => (
    <TextField
      label={label}
      hint={intl.formatMessage(
        { id: 'registration.details.hint', defaultMessage: 'Mandatory. Latin letters. Max {n} characters' },
        { n: max },
      )}
      name={name}
      autoComplete={autoComplete}
      required
      aria-required="true"
      value={values[name]}
      error={shown[name] ? problems[name] : null}
      onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
      onBlur={() => setShown((current) => ({ ...current, [name]: true }))}
    />
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShown({ first_name: true, last_name: true, company_name: true });
    if (Object.values(problems).some((p) => p !== null)) return;
    registration.send({
      type: 'details.submit',
      details: {
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        company_name: values.company_name.trim(),
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <StepHeading>
        <FormattedMessage id="registration.details.title" defaultMessage="About you and your company" />
      </StepHeading>
      <Muted>
        <FormattedMessage
          id="registration.details.intro"
          defaultMessage="You will be the company's representative and the owner of its Tameio account."
        />
      </Muted>
      <RegistrationError error={error} />
      {field(
        'first_name',
        intl.formatMessage({ id: 'registration.details.firstName', defaultMessage: 'First name' }),
        nameMaxLength,
        'given-name',
      )}
      {field(
        'last_name',
        intl.formatMessage({ id: 'registration.details.lastName', defaultMessage: 'Last name' }),
        nameMaxLength,
        'family-name',
      )}
      {field(
        'company_name',
        intl.formatMessage({ id: 'registration.details.companyName', defaultMessage: 'Company name' }),
        companyNameMaxLength,
        'organization',
      )}
      <Stack>
        <Button type="submit" block busy={busy} disabled={busy}>
          <FormattedMessage id="registration.details.submit" defaultMessage="Continue" />
        </Button>
        <Button
          variant="quiet"
          disabled={busy}
          onClick={() => registration.send({ type: 'registration.restart' })}
        >
          <FormattedMessage id="registration.restart" defaultMessage="Start again" />
        </Button>
      </Stack>
    </form>
  );
}
