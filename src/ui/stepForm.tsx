import { createContext, useContext, useId, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import styled from 'styled-components';
import type { z } from 'zod';
import type { OnboardingReference } from '../../machines/onboarding.machine';
import { phoneRefused, type ReferenceItem } from '../../schemas/onboarding.schema';
import { TextField, type TextFieldProps } from './TextField';

export type ReferenceData = OnboardingReference;

export const ReferenceContext = createContext<ReferenceData>({
  countries: [],
  legalForms: [],
  industries: [],
  sizes: [],
  turnovers: [],
});

export const useReference = () => useContext(ReferenceContext);

/** A reference item's name in the current language. */
export function itemName(intl: IntlShape, items: ReferenceItem[], code: string): string {
  const item = items.find((candidate) => candidate.code === code);
  if (!item) return code;
  return intl.locale.startsWith('el') ? item.name_el : item.name_en;
}

// ---------------------------------------------------------------------------------------------------------------
// Values: nested objects edited by dotted path ("registered_address.city", "directors.0.first_name").

type Plain = Record<string, unknown>;

export function getAt(values: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Plain | undefined)?.[key], values);
}

export function setAt<T>(values: T, path: string, value: unknown): T {
  const [head, ...rest] = path.split('.');
  if (head === undefined) return values;
  const node = (Array.isArray(values) ? [...values] : { ...(values as Plain) }) as Plain;
  node[head] = rest.length ? setAt(node[head], rest.join('.'), value) : value;
  return node as T;
}

/** The SPEC §5 texts for the schema's messages, in the current language; unknown ones are shown as they are. */
export function translateIssue(intl: IntlShape, message: string): string {
  const max = /^Max (\d+) characters\.$/.exec(message);
  if (max) {
    return intl.formatMessage(
      { id: 'onboarding.error.max', defaultMessage: 'Max {n} characters' },
      { n: Number(max[1]) },
    );
  }
  const ownership =
    /^The shares come to more than 100 %; at most ([\d.]+) % is left for this shareholder\.$/.exec(message);
  if (ownership) {
    return intl.formatMessage(
      {
        id: 'onboarding.error.ownershipTotal',
        defaultMessage: 'The shares come to more than 100 %; at most {left} % is left for this shareholder.',
      },
      { left: intl.formatNumber(Number(ownership[1])) },
    );
  }
  switch (message) {
    case 'This field is required.':
      return intl.formatMessage({
        id: 'onboarding.error.required',
        defaultMessage: 'This field is required.',
      });
    case 'Only Latin characters allowed; special characters not allowed.':
      return intl.formatMessage({
        id: 'onboarding.error.latin',
        defaultMessage: 'Only Latin characters allowed; special characters not allowed.',
      });
    case 'Invalid format.':
      return intl.formatMessage({ id: 'onboarding.error.format', defaultMessage: 'Invalid format' });
    case 'Enter a valid date.':
      return intl.formatMessage({ id: 'onboarding.error.date', defaultMessage: 'Enter a valid date.' });
    case 'Must be at least 18 years old.':
      return intl.formatMessage({
        id: 'onboarding.error.age',
        defaultMessage: 'Must be at least 18 years old.',
      });
    case 'Choose a country from the list.':
      return intl.formatMessage({
        id: 'onboarding.error.country',
        defaultMessage: 'Choose a country from the list.',
      });
    case 'Letters and numbers only.':
      return intl.formatMessage({
        id: 'onboarding.error.alphanumeric',
        defaultMessage: 'Letters and numbers only.',
      });
    case 'Whole numbers only.':
      return intl.formatMessage({ id: 'onboarding.error.integer', defaultMessage: 'Whole numbers only.' });
    case 'Percentage must be between 0 and 100.':
    case 'Enter a number between 0 and 100 with at most two decimals.':
      return intl.formatMessage({
        id: 'onboarding.error.percentage',
        defaultMessage: 'Percentage between 0 and 100.',
      });
    case phoneRefused:
      return intl.formatMessage({
        id: 'onboarding.error.phone',
        defaultMessage:
          'Check the number: a Greek mobile is 10 digits starting with 69, a landline 10 starting with 2; any other number starts with + and its country code.',
      });
    case 'Add at least one director.':
      return intl.formatMessage({
        id: 'onboarding.error.oneDirector',
        defaultMessage: 'Add at least one director.',
      });
    case 'Add at least one shareholder.':
      return intl.formatMessage({
        id: 'onboarding.error.oneShareholder',
        defaultMessage: 'Add at least one shareholder.',
      });
    default:
      return message;
  }
}

/** Field errors of `values` under `schema` (the server's own schema), keyed by dotted path, in the current language. */
export function validate(intl: IntlShape, schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    if (errors[path]) continue;
    // Enum and type mismatches come from empty selects: the user has not chosen yet.
    const message =
      issue.code === 'invalid_value' || issue.code === 'invalid_type'
        ? 'This field is required.'
        : issue.message;
    errors[path] = translateIssue(intl, message);
  }
  return errors;
}

/**
 * A step form's values and errors: the client checks with the step's zod schema on "Continue"; the server's field
 * errors (a 422 after saving) are shown until the user edits that field.
 */
export function useStepForm<T>(
  schema: z.ZodType,
  initial: () => T,
  serverErrors: Record<string, string>,
  /** The body the values become, when it differs from them (checked instead of them). */
  toBody: (values: T) => unknown = (values) => values,
) {
  const intl = useIntl();
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const [shownServerErrors, setShownServerErrors] = useState(serverErrors);
  if (shownServerErrors !== serverErrors) {
    setShownServerErrors(serverErrors);
    setEdited(new Set());
  }
  const errorAt = (path: string): string | null => {
    if (errors[path]) return errors[path];
    const server = serverErrors[path];
    return server && !edited.has(path) ? translateIssue(intl, server) : null;
  };
  return {
    values,
    errorAt,
    set: (path: string, value: unknown) => {
      setValues((current) => setAt(current, path, value));
      setEdited((current) => new Set(current).add(path));
      setErrors(({ [path]: _gone, ...rest }) => rest);
    },
    replace: (next: T) => setValues(next),
    /** Validates everything; true when the values may be sent. */
    check: (): boolean => {
      const found = validate(intl, schema, toBody(values));
      setErrors(found);
      return Object.keys(found).length === 0;
    },
  };
}

export type StepForm<T> = ReturnType<typeof useStepForm<T>>;

// ---------------------------------------------------------------------------------------------------------------
// Inputs

function useOptionalLabel(label: string, optional: boolean | undefined): string {
  const intl = useIntl();
  if (!optional) return label;
  return intl.formatMessage(
    { id: 'onboarding.field.optional', defaultMessage: '{label} (optional)' },
    { label },
  );
}

type BoundProps = { form: StepForm<unknown>; path: string; label: string; optional?: boolean };

/** A text input bound to `path` of a step form. Mandatory unless `optional` (SPEC §5). */
export function FormText({
  form,
  path,
  label,
  optional,
  ...input
}: BoundProps & Omit<TextFieldProps, 'label' | 'value' | 'onChange' | 'error' | 'name' | 'form'>) {
  const shown = useOptionalLabel(label, optional);
  const value = getAt(form.values, path);
  return (
    <TextField
      {...input}
      name={path}
      label={shown}
      required={!optional}
      value={typeof value === 'string' ? value : ''}
      error={form.errorAt(path)}
      onChange={(event) => form.set(path, event.target.value)}
    />
  );
}

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

const Select = styled.select`
  min-height: 44px;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border: 1px solid ${({ theme }) => theme.colors.inputBorder};
  border-radius: ${({ theme }) => theme.radii.small};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
    border-width: 2px;
  }
`;

const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.type.small.size};
  font-weight: ${({ theme }) => theme.weights.semibold};
`;

/** A select bound to `path`, listing reference items (or fixed options) by their name in the current language. */
export function FormSelect({
  form,
  path,
  label,
  optional,
  options,
}: BoundProps & { options: Array<{ code: string; name: string }> }) {
  const intl = useIntl();
  const id = useId();
  const shown = useOptionalLabel(label, optional);
  const error = form.errorAt(path);
  const value = getAt(form.values, path);
  return (
    <Field>
      <label htmlFor={id}>
        <strong>{shown}</strong>
      </label>
      <Select
        id={id}
        name={path}
        required={!optional}
        value={typeof value === 'string' ? value : ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => form.set(path, event.target.value)}
      >
        <option value="">
          {intl.formatMessage({ id: 'onboarding.field.choose', defaultMessage: 'Choose…' })}
        </option>
        {options.map((option) => (
          <option key={option.code} value={option.code}>
            {option.name}
          </option>
        ))}
      </Select>
      {error ? <ErrorText id={`${id}-error`}>{error}</ErrorText> : null}
    </Field>
  );
}

/** Reference items as select options, named in the current language. */
export function useOptions(items: ReferenceItem[]): Array<{ code: string; name: string }> {
  const intl = useIntl();
  return items
    .map((item) => ({ code: item.code, name: itemName(intl, items, item.code) }))
    .sort((a, b) => a.name.localeCompare(b.name, intl.locale));
}

const CheckRow = styled.label`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  align-items: center;
  min-height: 44px;
  margin-bottom: ${({ theme }) => theme.space(3)};
  input {
    width: 20px;
    height: 20px;
  }
`;

export function FormCheckbox({ form, path, label }: Omit<BoundProps, 'optional'>) {
  return (
    <CheckRow>
      <input
        type="checkbox"
        name={path}
        checked={getAt(form.values, path) === true}
        onChange={(event) => form.set(path, event.target.checked)}
      />
      {label}
    </CheckRow>
  );
}

export const Fieldset = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.small};
  padding: ${({ theme }) => theme.space(4)};
  margin: 0 0 ${({ theme }) => theme.space(4)};
  legend {
    font-weight: ${({ theme }) => theme.weights.bold};
    padding: 0 ${({ theme }) => theme.space(1)};
  }
`;

/** Country, postal code, city and two address lines, grouped under `legend` (SPEC §3 addresses). */
export function AddressFields({
  form,
  path,
  legend,
}: {
  form: StepForm<unknown>;
  path: string;
  legend: string;
}) {
  const intl = useIntl();
  const countries = useOptions(useReference().countries);
  return (
    <Fieldset>
      <legend>{legend}</legend>
      <FormSelect
        form={form}
        path={`${path}.country`}
        label={intl.formatMessage({ id: 'onboarding.address.country', defaultMessage: 'Country' })}
        options={countries}
      />
      <FormText
        form={form}
        path={`${path}.postal_code`}
        label={intl.formatMessage({ id: 'onboarding.address.postalCode', defaultMessage: 'Postal code' })}
        autoComplete="postal-code"
      />
      <FormText
        form={form}
        path={`${path}.city`}
        label={intl.formatMessage({ id: 'onboarding.address.city', defaultMessage: 'City' })}
      />
      <FormText
        form={form}
        path={`${path}.line1`}
        label={intl.formatMessage({ id: 'onboarding.address.line1', defaultMessage: 'Address line 1' })}
      />
      <FormText
        form={form}
        path={`${path}.line2`}
        optional
        label={intl.formatMessage({ id: 'onboarding.address.line2', defaultMessage: 'Address line 2' })}
      />
    </Fieldset>
  );
}

export const emptyAddress = { country: '', postal_code: '', city: '', line1: '', line2: '' };

/** A stored address (line2 null when empty) as form values. */
export function addressValues(address: { line2?: string | null } & Omit<typeof emptyAddress, 'line2'>) {
  return { ...address, line2: address.line2 ?? '' };
}
