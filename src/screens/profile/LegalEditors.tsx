import { useIntl } from 'react-intl';
import {
  DirectorsStep,
  ShareholdersStep,
  type Address,
  type CompanyStep,
  type RepresentativeStep,
} from '../../../schemas/onboarding.schema';
import {
  CompanyLegalData,
  ProfileChangeBody,
  RepresentativeIdentity,
  type ProfileChangeKind,
} from '../../../schemas/profile.schema';
import type { ProfileChangeData } from '../../../machines/profileChange.machine';
import { DirectorsFields, directorsValues } from '../../ui/company/DirectorsFields';
import {
  AddressFields,
  addressValues,
  emptyAddress,
  FormSelect,
  FormText,
  useOptions,
  useReference,
  useStepForm,
  type StepForm,
} from '../../ui/stepForm';
import { ShareholdersFields, shareholdersValues } from '../../ui/company/ShareholdersFields';
import { profileMessages as m } from './profileMessages';
import { ReviewForm, type ReviewEditorProps } from './ReviewedDetails';

/*
 * The forms that edit legal data on the profile and send it for review: the same fields and checks as
 * onboarding (src/ui/stepForm.tsx), checked on the client with the server's own schema
 * (schemas/profile.schema.ts ProfileChangeBody) before anything is sent.
 */

/** The form's values as the change's data, when they pass the field checks and the body's own rules; else null. */
function checkedChange(
  kind: ProfileChangeKind,
  form: { check: () => boolean; values: unknown },
): ProfileChangeData | null {
  if (!form.check()) return null;
  const body = ProfileChangeBody.safeParse({ kind, data: form.values });
  return body.success ? body.data.data : null;
}

function sender(kind: ProfileChangeKind, submit: ReviewEditorProps['submit']) {
  return (form: { check: () => boolean; values: unknown }) => {
    const data = checkedChange(kind, form);
    if (data) submit(data);
  };
}

// ---- company-information: the company's legal data with its registered address ---------------------------------

type CompanyLegalSource = Pick<
  CompanyStep,
  'name' | 'legal_form' | 'country_of_registration' | 'vat_number' | 'registration_number' | 'tic_number'
> & { registered_address: Address };

const isCompanyData = (data: ProfileChangeData | null): data is CompanyLegalData =>
  data !== null && 'registered_address' in data;

function companyValues(source: CompanyLegalSource | null) {
  return {
    name: source?.name ?? '',
    legal_form: source?.legal_form ?? '',
    country_of_registration: source?.country_of_registration ?? '',
    registration_number: source?.registration_number ?? '',
    vat_number: source?.vat_number ?? '',
    tic_number: source?.tic_number ?? '',
    registered_address: source ? addressValues(source.registered_address) : emptyAddress,
  };
}

export function CompanyLegalEditor({ profile, draft, fieldErrors, busy, submit, cancel }: ReviewEditorProps) {
  const intl = useIntl();
  const reference = useReference();
  const countries = useOptions(reference.countries);
  const legalForms = useOptions(reference.legalForms);
  const form = useStepForm(
    CompanyLegalData,
    () => companyValues(isCompanyData(draft) ? draft : profile.company),
    fieldErrors,
  );
  const bound = form as StepForm<unknown>;
  const send = sender('company', submit);
  return (
    <ReviewForm busy={busy} onSubmit={() => send(form)} onCancel={cancel}>
      <FormText
        form={bound}
        path="name"
        autoComplete="organization"
        label={intl.formatMessage(m.legalName)}
      />
      <FormSelect
        form={bound}
        path="legal_form"
        options={legalForms}
        label={intl.formatMessage(m.legalForm)}
      />
      <FormSelect
        form={bound}
        path="country_of_registration"
        options={countries}
        label={intl.formatMessage(m.country)}
      />
      <FormText form={bound} path="registration_number" label={intl.formatMessage(m.registrationNumber)} />
      <FormText form={bound} path="vat_number" label={intl.formatMessage(m.vatNumber)} />
      <FormText form={bound} path="tic_number" label={intl.formatMessage(m.ticNumber)} />
      <AddressFields
        form={bound}
        path="registered_address"
        legend={intl.formatMessage(m.registeredAddress)}
      />
    </ReviewForm>
  );
}

// ---- representative: the identity, citizenship included ----------------------------------------------------------

type IdentitySource = Pick<RepresentativeStep, 'first_name' | 'last_name' | 'date_of_birth' | 'citizenship'>;

const isIdentityData = (data: ProfileChangeData | null): data is RepresentativeIdentity =>
  data !== null && 'citizenship' in data;

export function RepresentativeIdentityEditor({
  profile,
  draft,
  fieldErrors,
  busy,
  submit,
  cancel,
}: ReviewEditorProps) {
  const intl = useIntl();
  const countries = useOptions(useReference().countries);
  const form = useStepForm(
    RepresentativeIdentity,
    () => {
      const source: IdentitySource | null = isIdentityData(draft) ? draft : profile.representative;
      return {
        first_name: source?.first_name ?? '',
        last_name: source?.last_name ?? '',
        date_of_birth: source?.date_of_birth ?? '',
        citizenship: source?.citizenship ?? '',
      };
    },
    fieldErrors,
  );
  const bound = form as StepForm<unknown>;
  const send = sender('representative', submit);
  return (
    <ReviewForm busy={busy} onSubmit={() => send(form)} onCancel={cancel}>
      <FormText
        form={bound}
        path="first_name"
        autoComplete="given-name"
        label={intl.formatMessage(m.firstName)}
      />
      <FormText
        form={bound}
        path="last_name"
        autoComplete="family-name"
        label={intl.formatMessage(m.lastName)}
      />
      <FormText
        form={bound}
        path="date_of_birth"
        type="date"
        autoComplete="bday"
        label={intl.formatMessage(m.dateOfBirth)}
      />
      <FormSelect
        form={bound}
        path="citizenship"
        options={countries}
        label={intl.formatMessage(m.citizenship)}
      />
    </ReviewForm>
  );
}

// ---- company-structure: directors and shareholders, with onboarding's field groups -----------------------------

const isDirectorsData = (data: ProfileChangeData | null): data is DirectorsStep =>
  data !== null && 'directors' in data;
const isShareholdersData = (data: ProfileChangeData | null): data is ShareholdersStep =>
  data !== null && 'shareholders' in data;

export function DirectorsEditor({ profile, draft, fieldErrors, busy, submit, cancel }: ReviewEditorProps) {
  const form = useStepForm(
    DirectorsStep,
    () => directorsValues(isDirectorsData(draft) ? draft : profile.directors),
    fieldErrors,
  );
  const send = sender('directors', submit);
  return (
    <ReviewForm busy={busy} onSubmit={() => send(form)} onCancel={cancel}>
      <DirectorsFields form={form} />
    </ReviewForm>
  );
}

export function ShareholdersEditor({ profile, draft, fieldErrors, busy, submit, cancel }: ReviewEditorProps) {
  const form = useStepForm(
    ShareholdersStep,
    () => shareholdersValues(isShareholdersData(draft) ? draft : profile.shareholders),
    fieldErrors,
  );
  // More than 100 % declared: the fields warn, and the body's own rule keeps it from being sent.
  const send = sender('shareholders', submit);
  return (
    <ReviewForm busy={busy} onSubmit={() => send(form)} onCancel={cancel}>
      <ShareholdersFields form={form} />
    </ReviewForm>
  );
}
