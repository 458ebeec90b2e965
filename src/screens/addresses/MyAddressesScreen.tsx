import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { ActorOptions, ActorRefFrom, AnyActorLogic, InspectionEvent, Observer } from 'xstate';
import {
  defaultPin,
  isRegistered,
  myAddressesMachine,
  selectAddresses,
  selectAddressesBusy,
  selectAddressesError,
  selectAddressesOutcome,
  selectAddressesStep,
  selectDeleteDialog,
  selectDeleting,
  selectEditing,
  selectFieldErrors,
  selectFound,
  selectLocating,
  selectMapSettings,
  selectMayAddTrading,
  selectNearest,
  selectPin,
  selectSaving,
  type AddressDraft,
  type MyAddressesSnapshot,
} from '../../../machines/myAddresses.machine';
import { addressCountries, NewAddressBody } from '../../../schemas/addresses.schema';
import type { MerchantAddress } from '../../../schemas/cards.schema';
import { api } from '../../api/client';
import { createMyAddressesLogic } from '../../app/addressActors';
import { useJourneyActor } from '../../app/inspection';
import { Figures, PlainList } from '../../ui/Blocks';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Alert, Card, Muted, Page, Row } from '../../ui/Layout';
import { notify } from '../../ui/notify';
import { PageSpinner } from '../../ui/Spinner';
import { addressText, countryName } from '../../ui/address/addressText';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import {
  addressesErrorText,
  addressesText as m,
  addressFieldText,
  addressKindInSentence,
  addressKindLabel,
} from './addressMessages';
import { AddressMap } from './AddressMap';

type AddressesActor = ActorRefFrom<typeof myAddressesMachine>;

function useAddresses<T>(journey: AddressesActor, selector: (snapshot: MyAddressesSnapshot) => T) {
  return useSelector(journey, selector);
}

const Item = styled.li`
  padding: ${({ theme }) => `${theme.space(3)} 0`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  h2 {
    font-size: 1.125rem;
    margin: 0;
  }
`;

const Badge = styled.span`
  margin-left: ${({ theme }) => theme.space(2)};
  padding: 0 ${({ theme }) => theme.space(2)};
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.primary};
  color: #fff;
  font-size: 0.85rem;
`;

const pinText = (address: Pick<MerchantAddress, 'latitude' | 'longitude'>) =>
  address.latitude === null || address.longitude === null
    ? null
    : { latitude: address.latitude.toFixed(5), longitude: address.longitude.toFixed(5) };

function AddressItem({ journey, address }: { journey: AddressesActor; address: MerchantAddress }) {
  const intl = useIntl();
  const busy = useAddresses(journey, selectAddressesBusy);
  const text = addressText(intl, address);
  const pin = pinText(address);
  return (
    <Item>
      <h2>
        {addressKindLabel(intl, address.kind)}
        {address.is_default ? <Badge>{intl.formatMessage(m.isDefault)}</Badge> : null}
      </h2>
      <p>{text}</p>
      <Figures>
        <dt>{intl.formatMessage(m.map)}</dt>
        <dd>{pin ? intl.formatMessage(m.pinAt, pin) : intl.formatMessage(m.noPin)}</dd>
      </Figures>
      {isRegistered(address) ? <Muted>{intl.formatMessage(m.registeredNote)}</Muted> : null}
      <Row>
        <Button
          variant="secondary"
          disabled={busy}
          aria-label={intl.formatMessage(isRegistered(address) ? m.movePinNamed : m.editNamed, {
            address: text,
          })}
          onClick={() => journey.send({ type: 'address.edit', id: address.id })}
        >
          {intl.formatMessage(isRegistered(address) ? m.movePin : m.edit)}
        </Button>
        {address.is_default ? null : (
          <Button
            variant="secondary"
            disabled={busy}
            aria-label={intl.formatMessage(m.makeDefaultNamed, { address: text })}
            onClick={() => journey.send({ type: 'default.set', id: address.id })}
          >
            {intl.formatMessage(m.makeDefault)}
          </Button>
        )}
        {isRegistered(address) ? null : (
          <Button
            variant="danger"
            disabled={busy}
            aria-label={intl.formatMessage(m.deleteNamed, { address: text })}
            onClick={() => journey.send({ type: 'delete.request', id: address.id })}
          >
            {intl.formatMessage(m.delete)}
          </Button>
        )}
      </Row>
    </Item>
  );
}

function DeleteDialog({ journey }: { journey: AddressesActor }) {
  const intl = useIntl();
  const address = useAddresses(journey, selectDeleteDialog);
  const deleting = useAddresses(journey, selectDeleting);
  if (!address) return null;
  return (
    <Dialog
      title={intl.formatMessage(m.deleteTitle)}
      onEscape={deleting ? undefined : () => journey.send({ type: 'delete.cancel' })}
      actions={
        <>
          <Button
            variant="secondary"
            disabled={deleting}
            onClick={() => journey.send({ type: 'delete.cancel' })}
          >
            {intl.formatMessage(m.cancel)}
          </Button>
          <Button
            variant="danger"
            busy={deleting}
            data-autofocus
            onClick={() => journey.send({ type: 'delete.confirm' })}
          >
            {intl.formatMessage(m.delete)}
          </Button>
        </>
      }
    >
      <p>{intl.formatMessage(m.deleteBody, { address: addressText(intl, address) })}</p>
    </Dialog>
  );
}

const emptyDraft: AddressDraft = { country: 'GR', postal_code: '', city: '', line1: '', line2: '' };

function draftOf(address: MerchantAddress | null): AddressDraft {
  if (!address) return emptyDraft;
  return {
    country: address.country,
    postal_code: address.postal_code,
    city: address.city,
    line1: address.line1,
    line2: address.line2 ?? '',
  };
}

/** Add or edit one address: its fields, then its pin on the map (the registered one: the pin only). */
function Editor({ journey }: { journey: AddressesActor }) {
  const intl = useIntl();
  const open = useAddresses(journey, selectEditing);
  const pin = useAddresses(journey, selectPin);
  const settings = useAddresses(journey, selectMapSettings);
  const found = useAddresses(journey, selectFound);
  const nearest = useAddresses(journey, selectNearest);
  const locating = useAddresses(journey, selectLocating);
  const saving = useAddresses(journey, selectSaving);
  const error = useAddresses(journey, selectAddressesError);
  const serverFields = useAddresses(journey, selectFieldErrors);
  const [draft, setDraft] = useState<AddressDraft>(() => draftOf(open?.address ?? null));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const countries = useMemo(
    () =>
      addressCountries
        .map((code) => ({ code, name: countryName(intl, code) }))
        .sort((a, b) => a.name.localeCompare(b.name, intl.locale)),
    [intl],
  );
  if (!open) return null;
  const locked = open.editing.kind === 'registered';
  const busy = locating || saving;
  const kind = addressKindInSentence(intl, open.editing.kind);

  const field = (key: keyof AddressDraft) => ({
    name: key,
    disabled: busy || locked,
    value: draft[key],
    error: errors[key] ?? (serverFields[key] ? addressFieldText(intl, serverFields[key] ?? '') : null),
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [key]: event.target.value }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!locked) {
      const parsed = NewAddressBody.safeParse({
        kind: open.editing.kind === 'trading' ? 'trading' : 'shipping',
        ...draft,
        line2: draft.line2.trim() || undefined,
      });
      if (!parsed.success) {
        const found: Record<string, string> = {};
        for (const issue of parsed.error.issues) {
          const key = String(issue.path[0] ?? 'line1');
          found[key] ??= addressFieldText(intl, issue.message);
        }
        setErrors(found);
        return;
      }
      setErrors({});
      const { country, postal_code, city, line1, line2 } = parsed.data;
      journey.send({
        type: 'editor.save',
        draft: { country, postal_code, city, line1, line2: line2 ?? '' },
      });
      return;
    }
    journey.send({ type: 'editor.save', draft });
  };

  const locate = () => {
    const country = addressCountries.find((code) => code === draft.country);
    if (!country) {
      setErrors({ country: addressFieldText(intl, 'Choose a country from the list.') });
      return;
    }
    if (!draft.city.trim() && !draft.postal_code.trim() && !draft.line1.trim()) {
      setErrors({ city: addressFieldText(intl, 'This field is required.') });
      return;
    }
    setErrors({});
    journey.send({
      type: 'editor.locate',
      query: {
        country,
        ...(draft.city.trim() ? { city: draft.city.trim() } : {}),
        ...(draft.postal_code.trim() ? { postal_code: draft.postal_code.trim() } : {}),
        ...(draft.line1.trim() ? { line1: draft.line1.trim() } : {}),
      },
    });
  };

  const first = found?.[0];
  return (
    <Card>
      <h2>{intl.formatMessage(open.editing.id === null ? m.newTitle : m.editTitle, { kind })}</h2>
      {locked ? <Muted>{intl.formatMessage(m.registeredNote)}</Muted> : null}
      {error ? <Alert role="alert">{addressesErrorText(intl, error)}</Alert> : null}
      <form noValidate onSubmit={submit} aria-label={intl.formatMessage(m.editTitle, { kind })}>
        <SelectField label={intl.formatMessage(m.country)} {...field('country')}>
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </SelectField>
        <TextField label={intl.formatMessage(m.line1)} autoComplete="address-line1" {...field('line1')} />
        <TextField label={intl.formatMessage(m.line2)} autoComplete="address-line2" {...field('line2')} />
        <TextField
          label={intl.formatMessage(m.postalCode)}
          autoComplete="postal-code"
          {...field('postal_code')}
        />
        <TextField label={intl.formatMessage(m.city)} autoComplete="address-level2" {...field('city')} />
        <Row>
          <Button type="button" variant="secondary" busy={locating} disabled={busy} onClick={locate}>
            {intl.formatMessage(m.findOnMap)}
          </Button>
        </Row>
        <div role="status">
          {found && !first ? <p>{intl.formatMessage(m.notFound)}</p> : null}
          {first ? (
            <p>
              {intl.formatMessage(first.precision === 'street' ? m.foundStreet : m.foundCity, {
                place: first.label,
              })}
            </p>
          ) : null}
          {nearest ? (
            <p>{intl.formatMessage(m.nearest, { place: nearest.label, km: nearest.distance_km })}</p>
          ) : null}
        </div>
        {nearest && !locked ? (
          <Row>
            <Button
              type="button"
              variant="secondary"
              disabled={busy}
              onClick={() =>
                setDraft({
                  ...draft,
                  country: nearest.country,
                  city: nearest.city,
                  ...(nearest.postal_code ? { postal_code: nearest.postal_code } : {}),
                  ...(nearest.line1 ? { line1: nearest.line1 } : {}),
                })
              }
            >
              {intl.formatMessage(m.useNearest)}
            </Button>
          </Row>
        ) : null}
        <AddressMap
          pin={pin}
          fallback={defaultPin}
          settings={settings}
          disabled={saving}
          onMove={(next) => journey.send({ type: 'pin.move', ...next })}
        />
        <Row>
          <Button
            type="button"
            variant="secondary"
            disabled={saving}
            onClick={() => journey.send({ type: 'editor.cancel' })}
          >
            {intl.formatMessage(m.cancel)}
          </Button>
          <Button type="submit" busy={saving} disabled={locating}>
            {intl.formatMessage(m.save)}
          </Button>
        </Row>
      </form>
    </Card>
  );
}

function Addresses({ journey }: { journey: AddressesActor }) {
  const intl = useIntl();
  const step = useAddresses(journey, selectAddressesStep);
  const error = useAddresses(journey, selectAddressesError);
  const items = useAddresses(journey, selectAddresses);
  const busy = useAddresses(journey, selectAddressesBusy);
  const mayAddTrading = useAddresses(journey, selectMayAddTrading);
  const outcome = useAddresses(journey, selectAddressesOutcome);

  useEffect(() => {
    // Each outcome is a new object: the same result twice is told twice (SPEC §8).
    if (!outcome) return;
    const texts = {
      saved: [m.saved, m.saveFailed],
      deleted: [m.deleted, m.deleteFailed],
      defaulted: [m.defaulted, m.defaultFailed],
    } as const;
    const [ok, failed] = texts[outcome.action];
    notify(outcome.ok ? 'success' : 'danger', intl.formatMessage(outcome.ok ? ok : failed));
  }, [outcome, intl]);

  if (step === 'loading') return <PageSpinner />;
  if (step === 'loadFailed') {
    return (
      <Card>
        {error ? <Alert role="alert">{addressesErrorText(intl, error)}</Alert> : null}
        <Button onClick={() => journey.send({ type: 'load.retry' })}>{intl.formatMessage(m.retry)}</Button>
      </Card>
    );
  }
  if (step === 'editor') return <Editor journey={journey} />;
  return (
    <>
      <Row>
        <Button disabled={busy} onClick={() => journey.send({ type: 'address.add', kind: 'shipping' })}>
          {intl.formatMessage(m.addShipping)}
        </Button>
        {mayAddTrading ? (
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => journey.send({ type: 'address.add', kind: 'trading' })}
          >
            {intl.formatMessage(m.addTrading)}
          </Button>
        ) : null}
      </Row>
      <Card>
        {items.length === 0 ? <Muted>{intl.formatMessage(m.empty)}</Muted> : null}
        <PlainList aria-label={intl.formatMessage(m.title)}>
          {items.map((address) => (
            <AddressItem key={address.id} journey={journey} address={address} />
          ))}
        </PlainList>
      </Card>
      <DeleteDialog journey={journey} />
    </>
  );
}

type InspectionObserver = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

export type MyAddressesScreenProps = {
  /** The journey with its effects; the app's API calls unless a test passes its own. */
  logic?: typeof myAddressesMachine;
  inspect?: InspectionObserver;
  clock?: ActorOptions<AnyActorLogic>['clock'];
};

/** SPEC §2 /my-addresses: the company's saved addresses, each with a pin on the map. */
export function MyAddressesScreen({ logic, inspect, clock }: MyAddressesScreenProps) {
  const intl = useIntl();
  const machine = useMemo(() => logic ?? createMyAddressesLogic(api), [logic]);
  const journey = useJourneyActor(machine, {
    ...(inspect ? { inspect } : {}),
    ...(clock ? { clock } : {}),
  });
  return (
    <Page>
      <h1>{intl.formatMessage(m.title)}</h1>
      <Muted>{intl.formatMessage(m.intro)}</Muted>
      <Addresses journey={journey} />
    </Page>
  );
}

export default MyAddressesScreen;
