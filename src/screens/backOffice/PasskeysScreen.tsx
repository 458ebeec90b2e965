import { useCallback, useState, type FormEvent } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { failureCode } from '../../../machines/apiFailure';
import { unwrap } from '../../api/client';
import { registerPasskey } from '../../app/backOfficeActors';
import { useBackOffice } from '../../app/backOfficeContext';
import { useLoad } from '../../app/useLoad';
import { errorMessages } from '../../i18n/errorMessages';
import { Button } from '../../ui/Button';
import { Card, Muted, Page } from '../../ui/Layout';
import { Parts } from './Parts';
import { PageSpinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { LoadFailure } from '../LoadFailure';

const m = defineMessages({
  title: { id: 'backOffice.passkeys.title', defaultMessage: 'My passkeys' },
  intro: {
    id: 'backOffice.passkeys.intro',
    defaultMessage:
      'A passkey signs you in with your device’s lock (fingerprint, face or PIN) after your password. The authenticator app stays as the fallback.',
  },
  none: { id: 'backOffice.passkeys.none', defaultMessage: 'No passkey yet.' },
  added: defineMessage<{ date: string }>({
    id: 'backOffice.passkeys.addedOn',
    defaultMessage: 'Added {date}',
  }),
  lastUsed: defineMessage<{ date: string }>({
    id: 'backOffice.passkeys.lastUsed',
    defaultMessage: 'last used {date}',
  }),
  name: { id: 'backOffice.passkeys.name', defaultMessage: 'Name of this passkey' },
  nameHint: {
    id: 'backOffice.passkeys.nameHint',
    defaultMessage: 'So you can tell it apart, e.g. "Work laptop".',
  },
  add: { id: 'backOffice.passkeys.add', defaultMessage: 'Add a passkey' },
  nameMissing: {
    id: 'backOffice.passkeys.nameMissing',
    defaultMessage: 'Give the passkey a name, e.g. "Work laptop".',
  },
  addedToast: defineMessage<{ name: string }>({
    id: 'backOffice.passkeys.addedToast',
    defaultMessage: 'Passkey "{name}" added.',
  }),
  already: {
    id: 'backOffice.passkeys.already',
    defaultMessage: 'This device’s passkey is already registered.',
  },
});

/** The signed-in staff member's passkeys, and adding one (the browser's WebAuthn prompt). */
export function PasskeysScreen() {
  const intl = useIntl();
  const { api } = useBackOffice();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const load = useCallback(
    (signal: AbortSignal) => unwrap(api.GET('/api/back-office/me/', { signal })),
    [api],
  );
  const { state, reload } = useLoad(`me:${done ?? ''}`, load);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = name.trim();
    if (!chosen) {
      setError(intl.formatMessage(m.nameMissing));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await registerPasskey(api, chosen);
      setDone(chosen);
      setName('');
    } catch (failure) {
      const code = failureCode(failure);
      setError(
        intl.formatMessage(
          code === 'conflict'
            ? m.already
            : code === 'passkey_refused'
              ? errorMessages.passkey_refused
              : code === 'network'
                ? errorMessages.network
                : errorMessages.unknown,
        ),
      );
    } finally {
      setBusy(false);
    }
  };

  if (state.status === 'loading') return <PageSpinner />;
  if (state.status === 'failed') return <LoadFailure failure={state.failure} onRetry={reload} />;
  const format = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Page>
      <h1>{intl.formatMessage(m.title)}</h1>
      <Muted>{intl.formatMessage(m.intro)}</Muted>
      <Card>
        {done ? <p role="status">{intl.formatMessage(m.addedToast, { name: done })}</p> : null}
        {state.data.passkeys.length === 0 ? (
          <p>{intl.formatMessage(m.none)}</p>
        ) : (
          <ul>
            {state.data.passkeys.map((passkey) => (
              <li key={passkey.credential_id}>
                <Parts>
                  <strong>{passkey.name}</strong>
                  <span>{intl.formatMessage(m.added, { date: format(passkey.created_at) })}</span>
                  {passkey.last_used_at ? (
                    <span>{intl.formatMessage(m.lastUsed, { date: format(passkey.last_used_at) })}</span>
                  ) : null}
                </Parts>
              </li>
            ))}
          </ul>
        )}
        <form onSubmit={(event) => void add(event)} noValidate>
          <TextField
            label={intl.formatMessage(m.name)}
            hint={intl.formatMessage(m.nameHint)}
            value={name}
            maxLength={60}
            error={error}
            onChange={(event) => setName(event.target.value)}
          />
          <Button type="submit" busy={busy}>
            {intl.formatMessage(m.add)}
          </Button>
        </form>
      </Card>
    </Page>
  );
}
