import { FormattedMessage, useIntl } from 'react-intl';
import type { DirectorsStep as DirectorsSchema } from '../../../schemas/onboarding.schema';
import { Button } from '../Button';
import { Alert } from '../Layout';
import {
  AddressFields,
  addressValues,
  emptyAddress,
  Fieldset,
  FormCheckbox,
  FormText,
  type StepForm,
} from '../stepForm';

export type DirectorValues = {
  first_name: string;
  last_name: string;
  date_of_birth: string;
  is_legal_representative: boolean;
  home_address: typeof emptyAddress;
};
export type DirectorsValues = { directors: DirectorValues[] };

const emptyDirector: DirectorValues = {
  first_name: '',
  last_name: '',
  date_of_birth: '',
  is_legal_representative: false,
  home_address: emptyAddress,
};

/** Saved directors as form values; one empty director when there are none yet. */
export function directorsValues(saved: DirectorsSchema | null): DirectorsValues {
  return {
    directors: saved
      ? saved.directors.map((director) => ({
          ...director,
          home_address: addressValues(director.home_address),
        }))
      : [emptyDirector],
  };
}

/**
 * The directors, one group of fields each, with "Add a director" and "Remove director n" (SPEC §3 Director): used by
 * onboarding's step and by the profile's reviewed change of directors.
 */
export function DirectorsFields({ form }: { form: StepForm<DirectorsValues> }) {
  const intl = useIntl();
  const bound = form as StepForm<unknown>;
  const { directors } = form.values;
  const listError = form.errorAt('directors');
  return (
    <>
      {listError ? <Alert>{listError}</Alert> : null}
      {directors.map((_, index) => (
        <Fieldset key={index}>
          <legend>
            <FormattedMessage
              id="onboarding.directors.legend"
              defaultMessage="Director {n}"
              values={{ n: index + 1 }}
            />
          </legend>
          <FormText
            form={bound}
            path={`directors.${index}.first_name`}
            label={intl.formatMessage({ id: 'onboarding.directors.firstName', defaultMessage: 'First name' })}
          />
          <FormText
            form={bound}
            path={`directors.${index}.last_name`}
            label={intl.formatMessage({ id: 'onboarding.directors.lastName', defaultMessage: 'Last name' })}
          />
          <FormText
            form={bound}
            path={`directors.${index}.date_of_birth`}
            type="date"
            label={intl.formatMessage({
              id: 'onboarding.directors.birthDate',
              defaultMessage: 'Date of birth',
            })}
          />
          <FormCheckbox
            form={bound}
            path={`directors.${index}.is_legal_representative`}
            label={intl.formatMessage({
              id: 'onboarding.directors.legalRepresentative',
              defaultMessage: 'This director is a legal representative',
            })}
          />
          <AddressFields
            form={bound}
            path={`directors.${index}.home_address`}
            legend={intl.formatMessage({
              id: 'onboarding.directors.homeAddress',
              defaultMessage: 'Home address',
            })}
          />
          {directors.length > 1 ? (
            <Button
              variant="quiet"
              onClick={() => form.replace({ directors: directors.filter((__, other) => other !== index) })}
            >
              <FormattedMessage
                id="onboarding.directors.remove"
                defaultMessage="Remove director {n}"
                values={{ n: index + 1 }}
              />
            </Button>
          ) : null}
        </Fieldset>
      ))}
      <Button variant="secondary" onClick={() => form.replace({ directors: [...directors, emptyDirector] })}>
        <FormattedMessage id="onboarding.directors.add" defaultMessage="Add a director" />
      </Button>
    </>
  );
}
