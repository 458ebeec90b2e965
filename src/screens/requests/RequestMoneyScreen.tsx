import { useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import styled from 'styled-components';
import type { ActorRefFrom, InspectionEvent, Observer } from 'xstate';
import {
  requestAmountProblem,
  requestMoneyMachine,
  requestMoneyPath,
  selectRequestAccounts,
  selectRequestAmountMinor,
  selectRequestContacts,
  selectRequestCurrency,
  selectRequestDraft,
  selectRequestFieldErrors,
  selectRequestMoneyBusy,
  selectRequestMoneyError,
  selectRequestMoneyStep,
  selectRequestNote,
  selectRequestQuery,
  selectRequestRecipient,
  selectRequestSearching,
  selectRequestSending,
  selectSentRequest,
  selectSentRequests,
  type RequestMoneySnapshot,
} from '../../../machines/requestMoney.machine';
import { currencyDigits, decimalToMinor, minorToDecimal } from '../../../schemas/money';
import { contactQueryMinLength, Note } from '../../../schemas/sendMoney.schema';
import { api } from '../../api/client';
import { requestMoneyActors } from '../../app/requestMoneyActors';
import { usePersistedJourney, useJourneyRestarts } from '../../app/usePersistedJourney';
import { formatMoney } from '../../i18n/formatMoney';
import { Button } from '../../ui/Button';
import { Alert, Card, Muted, Row } from '../../ui/Layout';
import { notify } from '../../ui/notify';
import { PageSpinner } from '../../ui/Spinner';
import { useFocusFirstError } from '../../ui/formErrors';
import { TextField } from '../../ui/TextField';
import { WizardActions, WizardFrame } from '../../ui/WizardFrame';
import { requestMoneyErrorText, requestMoneyText as m, requestStatusText } from './requestMessages';
import { LinkRow, PlainList, SelectField } from '../../ui/Blocks';

type RequestMoneyActor = ActorRefFrom<typeof requestMoneyMachine>;

const Sent = styled.li`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => `${theme.space(2)} 0`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  > span:first-child {
    flex: 1 1 12rem;
  }
  > span:first-child > span {
    display: block;
    margin: 0;
  }
`;

function useJourney<T>(
  journey: RequestMoneyActor,
  selector: (snapshot: ReturnType<RequestMoneyActor['getSnapshot']>) => T,
) {
  return useSelector(journey, selector);
}

function ErrorAlert({ journey }: { journey: RequestMoneyActor }) {
  const intl = useIntl();
  const error = useJourney(journey, selectRequestMoneyError);
  if (!error) return null;
  return <Alert role="alert">{requestMoneyErrorText(intl, error)}</Alert>;
}

function RecipientStep({ journey }: { journey: RequestMoneyActor }) {
  const intl = useIntl();
  const busy = useJourney(journey, selectRequestMoneyBusy);
  const searching = useJourney(journey, selectRequestSearching);
  const contacts = useJourney(journey, selectRequestContacts);
  const lastQuery = useJourney(journey, selectRequestQuery);
  const [query, setQuery] = useState(lastQuery);
  const [queryError, setQueryError] = useState<string | null>(null);
  const { formRef: searchRef, failed: searchFailed, summary: searchSummary } = useFocusFirstError();
  const resultsId = useId();

  const search = (event: FormEvent) => {
    event.preventDefault();
    if (query.trim().length < contactQueryMinLength) {
      setQueryError(intl.formatMessage(m.searchTooShort));
      searchFailed();
      return;
    }
    setQueryError(null);
    journey.send({ type: 'recipient.search', query: query.trim() });
  };

  return (
    <>
      <h1>{intl.formatMessage(m.recipientTitle)}</h1>
      <ErrorAlert journey={journey} />
      <form ref={searchRef} noValidate onSubmit={search} role="search">
        {searchSummary}
        <TextField
          label={intl.formatMessage(m.searchLabel)}
          hint={intl.formatMessage(m.searchHint)}
          name="q"
          autoComplete="off"
          spellCheck={false}
          value={query}
          error={queryError}
          onChange={(event) => setQuery(event.target.value)}
        />
        <Button type="submit" busy={searching} disabled={busy}>
          {intl.formatMessage(m.searchButton)}
        </Button>
      </form>
      {searching ? <p role="status">{intl.formatMessage(m.searching)}</p> : null}
      {contacts ? (
        <section aria-labelledby={resultsId}>
          <h2 id={resultsId}>{intl.formatMessage(m.results)}</h2>
          {contacts.length === 0 ? <Muted>{intl.formatMessage(m.noResults)}</Muted> : null}
          <PlainList>
            {contacts.map((contact) => (
              <li key={contact.wallet_tag}>
                <Button
                  variant="secondary"
                  disabled={busy}
                  onClick={() =>
                    journey.send({
                      type: 'recipient.wallet',
                      walletTag: contact.wallet_tag,
                      name: contact.name,
                    })
                  }
                >
                  {intl.formatMessage(m.chooseWallet, { name: contact.name, tag: contact.wallet_tag })}
                </Button>
              </li>
            ))}
          </PlainList>
        </section>
      ) : null}
    </>
  );
}

function AmountStep({ journey }: { journey: RequestMoneyActor }) {
  const intl = useIntl();
  const busy = useJourney(journey, selectRequestMoneyBusy);
  const sending = useJourney(journey, selectRequestSending);
  const accounts = useJourney(journey, selectRequestAccounts);
  const recipient = useJourney(journey, selectRequestRecipient);
  const initialCurrency = useJourney(journey, selectRequestCurrency);
  const initialAmount = useJourney(journey, selectRequestAmountMinor);
  const initialNote = useJourney(journey, selectRequestNote);
  // What was typed before (Back and Forward, a reload) comes back as it was typed.
  const draft = useJourney(journey, selectRequestDraft);
  const serverFields = useJourney(journey, selectRequestFieldErrors);
  const currencyId = useId();
  const [currency, setCurrency] = useState(draft?.currency || initialCurrency || accounts[0]?.currency || '');
  const digits = currency ? currencyDigits(currency) : 2;
  const [amount, setAmount] = useState<string>(() => {
    if (draft) return draft.amount;
    return initialAmount && initialCurrency
      ? minorToDecimal(initialAmount, currencyDigits(initialCurrency))
      : '';
  });
  const [note, setNote] = useState(draft?.note ?? initialNote);
  const [errors, setErrors] = useState<{ amount?: string; note?: string }>({});
  /** Keeps the form as typed in the journey, so that a reload or Back and Forward show it again. */
  const edit = (typed: { currency?: string; amount?: string; note?: string }) => {
    const next = { currency, amount, note, ...typed };
    setCurrency(next.currency);
    setAmount(next.amount);
    setNote(next.note);
    journey.send({ type: 'amount.edit', ...next });
  };
  const { formRef, failed, summary } = useFocusFirstError(serverFields);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const minor = decimalToMinor(amount, digits);
    const found: { amount?: string; note?: string } = {};
    if (requestAmountProblem(minor)) found.amount = intl.formatMessage(m.amountInvalid);
    if (!Note.safeParse(note).success) found.note = intl.formatMessage(m.noteTooLong);
    setErrors(found);
    if (found.amount || found.note || !minor || !currency) {
      failed();
      return;
    }
    journey.send({ type: 'amount.submit', currency, amountMinor: minor, note: note.trim() });
  };

  const recipientLabel = recipient ? `${recipient.name} (${recipient.wallet_tag})` : '';
  return (
    <>
      <h1>{intl.formatMessage(m.amountTitle)}</h1>
      <p>{intl.formatMessage(m.from, { recipient: recipientLabel })}</p>
      <ErrorAlert journey={journey} />
      {accounts.length === 0 ? <Muted>{intl.formatMessage(m.noAccount)}</Muted> : null}
      <form ref={formRef} noValidate onSubmit={submit}>
        {summary}
        <SelectField>
          <label htmlFor={currencyId}>{intl.formatMessage(m.currencyLabel)}</label>
          <select
            id={currencyId}
            name="currency"
            disabled={busy}
            value={currency}
            onChange={(event) => edit({ currency: event.target.value })}
          >
            {accounts.map((account) => (
              <option key={account.id} value={account.currency}>
                {account.currency}
              </option>
            ))}
          </select>
        </SelectField>
        <TextField
          label={intl.formatMessage(m.amountLabel, { currency })}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          required
          disabled={busy}
          value={amount}
          error={errors.amount ?? serverFields['amount_minor'] ?? null}
          onChange={(event) => edit({ amount: event.target.value })}
        />
        <TextField
          label={intl.formatMessage(m.noteLabel)}
          name="note"
          autoComplete="off"
          disabled={busy}
          value={note}
          error={errors.note ?? null}
          onChange={(event) => edit({ note: event.target.value })}
        />
        <WizardActions>
          <Button type="submit" busy={sending} disabled={busy || accounts.length === 0}>
            {intl.formatMessage(m.send)}
          </Button>
          <Button
            variant="secondary"
            data-back
            disabled={busy}
            onClick={() => journey.send({ type: 'recipient.change' })}
          >
            {intl.formatMessage(m.changeRecipient)}
          </Button>
        </WizardActions>
      </form>
    </>
  );
}

function SentStep({ journey }: { journey: RequestMoneyActor }) {
  const intl = useIntl();
  const request = useJourney(journey, selectSentRequest);
  if (!request) return null;
  const payee = request.payee.wallet_tag
    ? `${request.payee.name} (${request.payee.wallet_tag})`
    : request.payee.name;
  return (
    <>
      <h1>{intl.formatMessage(m.sentTitle)}</h1>
      <p>{intl.formatMessage(m.sentBody, { recipient: payee, amount: formatMoney(intl, request.amount) })}</p>
      <Row>
        <Button onClick={() => journey.send({ type: 'request.again' })}>{intl.formatMessage(m.again)}</Button>
      </Row>
    </>
  );
}

function SentList({ journey }: { journey: RequestMoneyActor }) {
  const intl = useIntl();
  const sent = useJourney(journey, selectSentRequests);
  const headingId = useId();
  if (!sent) return null;
  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId}>{intl.formatMessage(m.sentListTitle)}</h2>
      {sent.length === 0 ? <Muted>{intl.formatMessage(m.sentListEmpty)}</Muted> : null}
      <PlainList>
        {sent.map((request) => (
          <Sent key={request.id}>
            <span>
              {intl.formatMessage(m.sentItem, {
                amount: formatMoney(intl, request.amount),
                payee: request.payee.wallet_tag
                  ? `${request.payee.name} (${request.payee.wallet_tag})`
                  : request.payee.name,
              })}
              {request.note ? <Muted as="span">{request.note}</Muted> : null}
            </span>
            <strong>{requestStatusText(intl, request.status)}</strong>
          </Sent>
        ))}
      </PlainList>
    </Card>
  );
}

function Journey({ journey }: { journey: RequestMoneyActor }) {
  const intl = useIntl();
  const step = useJourney(journey, selectRequestMoneyStep);
  const request = useJourney(journey, selectSentRequest);
  const announced = useRef<string | null>(null);

  useEffect(() => {
    if (step !== 'sent' || !request || announced.current === request.id) return;
    announced.current = request.id;
    notify('success', intl.formatMessage(m.sentToast));
  }, [step, request, intl]);

  switch (step) {
    case 'loading':
      return <PageSpinner />;
    case 'loadFailed':
      return (
        <>
          <h1>{intl.formatMessage(m.title)}</h1>
          <ErrorAlert journey={journey} />
          <Button onClick={() => journey.send({ type: 'load.retry' })}>{intl.formatMessage(m.retry)}</Button>
        </>
      );
    case 'recipient':
      return <RecipientStep journey={journey} />;
    case 'amount':
      return <AmountStep journey={journey} />;
    case 'sent':
      return <SentStep journey={journey} />;
  }
}

type InspectionObserver = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

export type RequestMoneyScreenProps = {
  /** The journey with its effects; the app's API calls unless a test passes its own. */
  logic?: typeof requestMoneyMachine;
  inspect?: InspectionObserver;
  /** The seed of the journey's Idempotency-Keys (machines/attemptKeys.ts): a fresh UUID unless a test passes one. */
  keySeed?: string;
};

/** SPEC §2 /my-wallet/request-money: ask another merchant for money by wallet tag; the requests sent so far. */
export function RequestMoneyScreen({ logic, inspect, keySeed }: RequestMoneyScreenProps) {
  const machine = useMemo(
    () => logic ?? requestMoneyMachine.provide({ actors: requestMoneyActors(api) }),
    [logic],
  );
  const { run, restart } = useJourneyRestarts();
  return (
    <RequestHost
      key={run}
      machine={machine}
      restart={restart}
      fresh={run > 0}
      {...(inspect ? { inspect } : {})}
      {...(keySeed ? { keySeed } : {})}
    />
  );
}

// docs/engineering.md "Front end": the request survives Back, Forward and a reload (src/app/usePersistedJourney.ts);
// a request sent is forgotten.
const requestStorageKey = 'tameio.requestMoney';
const requestNavOf = (snapshot: RequestMoneySnapshot) => snapshot.context.nav;
const keepRequest = (snapshot: RequestMoneySnapshot) =>
  snapshot.status === 'active' && snapshot.context.nav.at !== null && !snapshot.matches('sent');
/**
 * Leaving a request half filled in by a link does not ask: a request moves no money (the recipient decides, later,
 * whether to pay it), so nothing is lost but what was typed, and the "Leave this payment?" question would say a
 * payment is pending where none is.
 */
const requestAtStake = () => false;

function RequestHost({
  machine,
  inspect,
  keySeed,
  restart,
  fresh,
}: Omit<RequestMoneyScreenProps, 'logic'> & {
  machine: typeof requestMoneyMachine;
  restart: () => void;
  fresh: boolean;
}) {
  const intl = useIntl();
  // A request taken up again after a reload keeps the seed it had (in the snapshot); a new one gets a new seed.
  const [seed] = useState(() => keySeed ?? globalThis.crypto.randomUUID());
  const { journey } = usePersistedJourney(machine, {
    storageKey: requestStorageKey,
    input: { keySeed: seed },
    inspect,
    pathOf: requestMoneyPath,
    navOf: requestNavOf,
    keep: keepRequest,
    atStake: requestAtStake,
    onForeignEntry: restart,
    fresh,
  });
  return (
    <RequestMoneyFrame journey={journey} after={<SentList journey={journey} />}>
      <Journey journey={journey} />
      <LinkRow>
        <Link to="/my-wallet/pending-requests">{intl.formatMessage(m.pendingLink)}</Link>
        <Link to="/my-wallet">{intl.formatMessage(m.backToWallet)}</Link>
      </LinkRow>
    </RequestMoneyFrame>
  );
}

/** The wizard frame: who pays, then how much; beside the amount step, whom the request goes to. */
function RequestMoneyFrame({
  journey,
  after,
  children,
}: {
  journey: RequestMoneyActor;
  after: ReactNode;
  children: ReactNode;
}) {
  const intl = useIntl();
  const step = useJourney(journey, selectRequestMoneyStep);
  const recipient = useJourney(journey, selectRequestRecipient);
  const current = step === 'recipient' ? 0 : step === 'amount' ? 1 : null;
  const summary =
    step === 'amount' && recipient
      ? [{ term: intl.formatMessage(m.summaryFrom), value: `${recipient.name} (${recipient.wallet_tag})` }]
      : [];
  return (
    <WizardFrame
      steps={[intl.formatMessage(m.stepRecipient), intl.formatMessage(m.stepAmount)]}
      current={current}
      summaryTitle={intl.formatMessage(m.summaryTitle)}
      summary={summary}
      summaryGist={recipient?.name ?? ''}
      after={after}
    >
      {children}
    </WizardFrame>
  );
}

export default RequestMoneyScreen;
