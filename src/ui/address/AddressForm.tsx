import { useMemo, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { ibanCountries } from '../../../schemas/beneficiaries.schema';
import { ShippingAddress, type SavedAddress } from '../../../schemas/cards.schema';
import { cardFieldText } from '../../i18n/cardText';
import { Options } from '../Blocks';
import { Button } from '../Button';
import { Row } from '../Layout';
import { SelectField } from '../SelectField';
import { TextField } from '../TextField';
import { addressKindText, addressFormText as m } from './addressMessages';
import { addressText, countryName } from './addressText';

/** What was chosen before, shown again when the step is opened a second time. */
export type AddressChoice =
  { kind: 'saved'; addressId: string } | { kind: 'new'; address: ShippingAddress; save: boolean };

export type AddressFormProps = {
  /** The merchant's saved addresses (registered, trading, saved with an earlier order). */
  addresses: SavedAddress[];
  chosen: AddressChoice | null;
  busy: boolean;
  /** Which body fields the server refused, keyed by dotted path (`shipping.address.postal_code`). */
  serverFields: Record<string, string>;
  onChosen: (addressId: string) => void;
  onEntered: (address: ShippingAddress, save: boolean) => void;
  /** The way back to the journey's previous step. */
  back: { label: string; onClick: () => void };
};

type AddressDraft = { country: string; postal_code: string; city: string; line1: string; line2: string };
const emptyDraft: AddressDraft = { country: 'GR', postal_code: '', city: '', line1: '', line2: '' };

function useCountries() {
  const intl = useIntl();
  return useMemo(
    () =>
      ibanCountries
        .map((code) => ({ code, name: countryName(intl, code) }))
        .sort((a, b) => a.name.localeCompare(b.name, intl.locale)),
    [intl],
  );
}

/**
 * Where something physical is sent (a card, the POS terminal): one of the saved addresses or a new one, checked with
 * the same schema as the endpoint before it is sent; the server's own objections are shown at their fields.
 */
export function AddressForm({
  addresses,
  chosen,
  busy,
  serverFields,
  onChosen,
  onEntered,
  back,
}: AddressFormProps) {
  const intl = useIntl();
  const countries = useCountries();
  const [choice, setChoice] = useState<string>(
    chosen?.kind === 'saved'
      ? chosen.addressId
      : chosen?.kind === 'new'
        ? 'new'
        : (addresses[0]?.id ?? 'new'),
  );
  const [draft, setDraft] = useState<AddressDraft>(
    chosen?.kind === 'new'
      ? { ...emptyDraft, ...chosen.address, line2: chosen.address.line2 ?? '' }
      : emptyDraft,
  );
  const [save, setSave] = useState(chosen?.kind === 'new' ? chosen.save : true);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const field = (key: keyof AddressDraft) => ({
    name: key,
    disabled: busy,
    value: draft[key],
    error:
      errors[key] ??
      (serverFields[`shipping.address.${key}`]
        ? cardFieldText(intl, serverFields[`shipping.address.${key}`] ?? '')
        : null),
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [key]: event.target.value }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choice !== 'new') {
      onChosen(choice);
      return;
    }
    const parsed = ShippingAddress.safeParse({ ...draft, line2: draft.line2.trim() || undefined });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'line1');
        found[key] ??= cardFieldText(intl, issue.message);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    onEntered(parsed.data, save);
  };

  const optionLabel = (address: SavedAddress) =>
    intl.formatMessage(m.addressOption, {
      kind: intl.formatMessage(addressKindText[address.kind]),
      address: addressText(intl, address),
    });

  return (
    <form noValidate onSubmit={submit}>
      <Options disabled={busy}>
        <legend>{intl.formatMessage(m.savedAddresses)}</legend>
        {addresses.map((address) => (
          <label key={address.id}>
            <input
              type="radio"
              name="address"
              value={address.id}
              checked={choice === address.id}
              onChange={() => setChoice(address.id)}
            />
            {optionLabel(address)}
          </label>
        ))}
        <label>
          <input
            type="radio"
            name="address"
            value="new"
            checked={choice === 'new'}
            onChange={() => setChoice('new')}
          />
          {intl.formatMessage(m.newAddress)}
        </label>
      </Options>
      {choice === 'new' ? (
        <>
          <TextField {...field('line1')} label={intl.formatMessage(m.line1)} autoComplete="address-line1" />
          <TextField {...field('line2')} label={intl.formatMessage(m.line2)} autoComplete="address-line2" />
          <TextField {...field('city')} label={intl.formatMessage(m.city)} autoComplete="address-level2" />
          <TextField
            {...field('postal_code')}
            label={intl.formatMessage(m.postalCode)}
            autoComplete="postal-code"
          />
          <SelectField
            label={intl.formatMessage(m.country)}
            name="country"
            autoComplete="country"
            disabled={busy}
            value={draft.country}
            error={errors['country'] ?? null}
            onChange={(event) => setDraft({ ...draft, country: event.target.value })}
          >
            <option value="">{intl.formatMessage(m.chooseCountry)}</option>
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </SelectField>
          <Options disabled={busy}>
            <label>
              <input
                type="checkbox"
                name="save"
                checked={save}
                onChange={(event) => setSave(event.target.checked)}
              />
              {intl.formatMessage(m.save)}
            </label>
          </Options>
        </>
      ) : null}
      <Row>
        <Button type="submit" disabled={busy}>
          {intl.formatMessage(m.continue)}
        </Button>
        <Button variant="quiet" disabled={busy} onClick={back.onClick}>
          {back.label}
        </Button>
      </Row>
    </form>
  );
}
