import { useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { Link, useParams, useSearchParams } from 'react-router';
import styled from 'styled-components';
import type { ActorOptions, ActorRefFrom, AnyActorLogic, InspectionEvent, Observer } from 'xstate';
import {
  amountProblem,
  recipientLabel,
  scheduleProblems,
  selectAmountMinor,
  selectCodeActor,
  selectCanRetryPayment,
  selectCanSchedule,
  selectContacts,
  selectGif,
  selectNameCheck,
  selectNote,
  selectQuery,
  selectQuote,
  selectQuoting,
  selectRecipient,
  selectSchedule,
  selectScheduled,
  selectSearching,
  selectSendMoneyBusy,
  selectSendMoneyData,
  selectSendMoneyError,
  selectSendMoneyStep,
  selectTransaction,
  sendMoneyMachine,
  sendMoneyPath,
  type SendMoneySnapshot,
  type Recipient,
  type Schedule,
  type ScheduleProblems,
} from '../../../machines/sendMoney.machine';
import { PayeeName } from '../../../schemas/payee.schema';
import {
  scheduleFrequencies,
  scheduleNeedsCode,
  type ScheduleFrequency,
} from '../../../schemas/scheduledPayments.schema';
import { contactQueryMinLength, Note, type Contact } from '../../../schemas/sendMoney.schema';
import { AmountMinor, currencyDigits, decimalToMinor, minorToDecimal } from '../../../schemas/money';
import type { Money } from '../../../schemas/overview.schema';
import { api } from '../../api/client';
import { gifServices } from '../../app/gifActors';
import { sendMoneyActors } from '../../app/sendMoneyActors';
import { formatMoney } from '../../i18n/formatMoney';
import { Button } from '../../ui/Button';
import { GifImage } from '../../ui/GifImage';
import { GifPicker, type GifServices } from '../../ui/GifPicker';
import { Alert, Muted } from '../../ui/Layout';
import { WizardActions, WizardFrame, type WizardSummaryItem } from '../../ui/WizardFrame';
import { notify } from '../../ui/notify';
import { OneTimeCodeStep } from '../../ui/OneTimeCodeStep';
import { PageSpinner } from '../../ui/Spinner';
import { useFocusFirstError } from '../../ui/formErrors';
import { TextField } from '../../ui/TextField';
import { scheduledPaymentsPath } from '../../app/paths';
import { LeaveJourneyDialog } from '../../app/LeaveJourneyDialog';
import { usePersistedJourney, useJourneyRestarts } from '../../app/usePersistedJourney';
import { frequencyText, scheduleText, utcToday } from '../../i18n/scheduleText';
import { sendMoneyErrorText, sendMoneyText as m } from './sendMoneyMessages';
import { Figures, LinkRow, PlainList, SelectField } from '../../ui/Blocks';

type SendMoneyActor = ActorRefFrom<typeof sendMoneyMachine>;

const Warning = styled.div`
  border-left: 4px solid ${({ theme }) => theme.colors.warning};
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

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

const Chips = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

function useJourney<T>(
  journey: SendMoneyActor,
  selector: (snapshot: ReturnType<SendMoneyActor['getSnapshot']>) => T,
) {
  return useSelector(journey, selector);
}

function ErrorAlert({ journey }: { journey: SendMoneyActor }) {
  const intl = useIntl();
  const error = useJourney(journey, selectSendMoneyError);
  if (!error) return null;
  return <Alert role="alert">{sendMoneyErrorText(intl, error)}</Alert>;
}

function FromAccount({ journey }: { journey: SendMoneyActor }) {
  const intl = useIntl();
  const data = useJourney(journey, selectSendMoneyData);
  if (!data) return null;
  return (
    <Muted>
      {intl.formatMessage(m.fromAccount, {
        currency: data.account.currency,
        available: formatMoney(intl, data.account.available_balance),
      })}
    </Muted>
  );
}

function RecipientStep({ journey }: { journey: SendMoneyActor }) {
  const intl = useIntl();
  const busy = useJourney(journey, selectSendMoneyBusy);
  const searching = useJourney(journey, selectSearching);
  const contacts = useJourney(journey, selectContacts);
  const lastQuery = useJourney(journey, selectQuery);
  const recipient = useJourney(journey, selectRecipient);
  const data = useJourney(journey, selectSendMoneyData);
  const [query, setQuery] = useState(lastQuery);
  const [queryError, setQueryError] = useState<string | null>(null);
  const [name, setName] = useState(recipient?.kind === 'iban' ? recipient.name : '');
  const [nameError, setNameError] = useState<string | null>(null);
  const { formRef: searchRef, failed: searchFailed, summary: searchSummary } = useFocusFirstError();
  const resultsId = useId();
  const savedId = useId();

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
  const payIban = (iban: string) => (event: FormEvent) => {
    event.preventDefault();
    const parsed = PayeeName.safeParse(name);
    if (!parsed.success) {
      setNameError(intl.formatMessage(name.trim() ? m.nameTooLong : m.nameRequired));
      return;
    }
    setNameError(null);
    journey.send({ type: 'recipient.iban', iban, name: parsed.data });
  };
  const beneficiaries = data?.beneficiaries ?? [];

  return (
    <>
      <h1>{intl.formatMessage(m.recipientTitle)}</h1>
      <FromAccount journey={journey} />
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
            {contacts.map((contact) =>
              contact.kind === 'iban' ? (
                <li key={`iban:${contact.iban}`}>
                  {contact.valid ? (
                    <form noValidate onSubmit={payIban(contact.iban)}>
                      <p>{intl.formatMessage(m.ibanFound, { iban: contact.iban })}</p>
                      <TextField
                        label={intl.formatMessage(m.holderName)}
                        name="holder_name"
                        autoComplete="off"
                        value={name}
                        error={nameError}
                        onChange={(event) => setName(event.target.value)}
                      />
                      <Button type="submit" disabled={busy}>
                        {intl.formatMessage(m.continueIban)}
                      </Button>
                    </form>
                  ) : (
                    <Muted>{intl.formatMessage(m.ibanInvalid)}</Muted>
                  )}
                </li>
              ) : (
                <ContactItem
                  key={`${contact.kind}:${contactKey(contact)}`}
                  contact={contact}
                  journey={journey}
                />
              ),
            )}
          </PlainList>
        </section>
      ) : null}
      {beneficiaries.length > 0 ? (
        <section aria-labelledby={savedId}>
          <h2 id={savedId}>{intl.formatMessage(m.saved)}</h2>
          <PlainList>
            {beneficiaries.map((beneficiary) => (
              <li key={beneficiary.id}>
                <Button
                  variant="secondary"
                  disabled={busy}
                  onClick={() => journey.send({ type: 'recipient.beneficiary', id: beneficiary.id })}
                >
                  {intl.formatMessage(m.payBeneficiary, { name: beneficiary.name })}
                </Button>
                <Muted as="span">{beneficiary.wallet_tag ?? beneficiary.iban}</Muted>
              </li>
            ))}
          </PlainList>
        </section>
      ) : null}
      <LinkRow>
        <Link to="/my-beneficiaries">{intl.formatMessage(m.manageBeneficiaries)}</Link>
        <Link to="/my-beneficiaries/create-beneficiary">{intl.formatMessage(m.newBeneficiary)}</Link>
        <Link to="/my-wallet">{intl.formatMessage(m.backToWallet)}</Link>
      </LinkRow>
    </>
  );
}

type FoundContact = Exclude<Contact, { kind: 'iban' }>;

/** Where a found recipient is paid: its wallet tag, or its IBAN. */
const addressOf = (contact: FoundContact): string =>
  contact.kind === 'wallet' ? contact.wallet_tag : (contact.wallet_tag ?? contact.iban ?? '');

const contactKey = (contact: FoundContact): string =>
  contact.kind === 'beneficiary' ? contact.beneficiary_id : addressOf(contact);

const kindText = { wallet: m.kindWallet, beneficiary: m.kindBeneficiary, recent: m.kindRecent } as const;

/**
 * One search result that is not a typed IBAN: what it is (a business on Tameio, a saved beneficiary, a recent payee),
 * then its name and address. A saved beneficiary goes on as one picked from the saved list; a recent payee as a
 * wallet tag, or as an IBAN with the name used the last time (checked again before the payment).
 */
function ContactItem({ contact, journey }: { contact: FoundContact; journey: SendMoneyActor }) {
  const intl = useIntl();
  const busy = useJourney(journey, selectSendMoneyBusy);
  const address = addressOf(contact);
  const choose = () => {
    if (contact.kind === 'beneficiary') {
      journey.send({ type: 'recipient.beneficiary', id: contact.beneficiary_id });
    } else if (contact.kind === 'wallet') {
      journey.send({ type: 'recipient.wallet', walletTag: contact.wallet_tag, name: contact.name });
    } else if (contact.wallet_tag !== null) {
      journey.send({ type: 'recipient.wallet', walletTag: contact.wallet_tag, name: contact.name });
    } else if (contact.iban !== null) {
      journey.send({ type: 'recipient.iban', iban: contact.iban, name: contact.name });
    }
  };
  return (
    <li>
      <Muted as="span">{intl.formatMessage(kindText[contact.kind])} </Muted>
      <Button variant="secondary" disabled={busy} onClick={choose}>
        {intl.formatMessage(m.chooseWallet, { name: contact.name, tag: address })}
      </Button>
    </li>
  );
}

type ScheduleDraft = {
  when: 'now' | 'later';
  frequency: ScheduleFrequency;
  startDate: string;
  endDate: string;
};

function draftOf(schedule: Schedule | null): ScheduleDraft {
  return schedule
    ? {
        when: 'later',
        frequency: schedule.frequency,
        startDate: schedule.startDate,
        endDate: schedule.endDate ?? '',
      }
    : { when: 'now', frequency: 'monthly', startDate: utcToday(), endDate: '' };
}

/**
 * "Send now" or "Schedule": once on a date, or repeating from a start date. Only wallet-tag recipients can be paid on a
 * schedule: for an IBAN the choice says so, and a schedule asked for anyway is refused beside it (the journey's
 * `schedule_wallet_only`), so the button never does nothing.
 */
function ScheduleFields({
  draft,
  problems,
  canSchedule,
  refused,
  disabled,
  onChange,
}: {
  draft: ScheduleDraft;
  problems: ScheduleProblems;
  canSchedule: boolean;
  /** The journey's refusal of a schedule for this recipient, shown beside the choice. */
  refused: string | null;
  disabled: boolean;
  onChange: (draft: ScheduleDraft) => void;
}) {
  const intl = useIntl();
  const frequencyId = useId();
  const hintId = useId();
  const set = (patch: Partial<ScheduleDraft>) => onChange({ ...draft, ...patch });
  const startError = problems.startDate
    ? intl.formatMessage(
        problems.startDate === 'required'
          ? m.startRequired
          : problems.startDate === 'past'
            ? m.startPast
            : m.dateInvalid,
      )
    : null;
  const endError = problems.endDate
    ? intl.formatMessage(problems.endDate === 'beforeStart' ? m.endBeforeStart : m.dateInvalid)
    : null;
  return (
    <>
      <Fieldset disabled={disabled} aria-describedby={canSchedule ? undefined : hintId}>
        <legend>{intl.formatMessage(m.when)}</legend>
        <label>
          <input
            type="radio"
            name="when"
            value="now"
            checked={draft.when === 'now'}
            onChange={() => set({ when: 'now' })}
          />
          {intl.formatMessage(m.sendNow)}
        </label>
        <label>
          <input
            type="radio"
            name="when"
            value="later"
            checked={draft.when === 'later'}
            onChange={() => set({ when: 'later' })}
          />
          {intl.formatMessage(m.schedule)}
        </label>
      </Fieldset>
      {canSchedule ? null : <Muted id={hintId}>{intl.formatMessage(m.walletOnly)}</Muted>}
      {refused ? <Alert role="alert">{refused}</Alert> : null}
      {draft.when === 'later' ? (
        <>
          <SelectField>
            <label htmlFor={frequencyId}>{intl.formatMessage(m.frequency)}</label>
            <select
              id={frequencyId}
              name="frequency"
              disabled={disabled}
              value={draft.frequency}
              onChange={(event) => {
                const frequency = scheduleFrequencies.find((one) => one === event.target.value);
                if (frequency) set({ frequency });
              }}
            >
              {scheduleFrequencies.map((frequency) => (
                <option key={frequency} value={frequency}>
                  {frequencyText(intl, frequency)}
                </option>
              ))}
            </select>
          </SelectField>
          <TextField
            type="date"
            label={intl.formatMessage(draft.frequency === 'once' ? m.date : m.startDate)}
            name="start_date"
            required
            min={utcToday()}
            disabled={disabled}
            value={draft.startDate}
            error={startError}
            onChange={(event) => set({ startDate: event.target.value })}
          />
          {draft.frequency === 'once' ? null : (
            <TextField
              type="date"
              label={intl.formatMessage(m.endDate)}
              hint={intl.formatMessage(m.endHint)}
              name="end_date"
              min={draft.startDate || utcToday()}
              disabled={disabled}
              value={draft.endDate}
              error={endError}
              onChange={(event) => set({ endDate: event.target.value })}
            />
          )}
        </>
      ) : null}
    </>
  );
}

function AmountStep({ journey, gifs }: { journey: SendMoneyActor; gifs: GifServices }) {
  const intl = useIntl();
  const busy = useJourney(journey, selectSendMoneyBusy);
  const quoting = useJourney(journey, selectQuoting);
  const data = useJourney(journey, selectSendMoneyData);
  const recipient = useJourney(journey, selectRecipient);
  const initialAmount = useJourney(journey, selectAmountMinor);
  const initialNote = useJourney(journey, selectNote);
  const initialGif = useJourney(journey, selectGif);
  const initialSchedule = useJourney(journey, selectSchedule);
  const canSchedule = useJourney(journey, selectCanSchedule);
  const error = useJourney(journey, selectSendMoneyError);
  const currency = data?.account.currency ?? 'EUR';
  const digits = currencyDigits(currency);
  const available: Money | null = data?.account.available_balance ?? null;
  const [amount, setAmount] = useState<string>(initialAmount ? minorToDecimal(initialAmount, digits) : '');
  const [note, setNote] = useState(initialNote);
  const [gif, setGif] = useState<string | null>(initialGif);
  const [draft, setDraft] = useState<ScheduleDraft>(() => draftOf(initialSchedule));
  const [errors, setErrors] = useState<{ amount?: string; note?: string; schedule?: ScheduleProblems }>({});
  const { formRef, failed, summary } = useFocusFirstError();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const minor = decimalToMinor(amount, digits);
    const found: { amount?: string; note?: string; schedule?: ScheduleProblems } = {};
    const shape = AmountMinor.safeParse(minor ?? '');
    const problem = shape.success ? amountProblem(shape.data, available) : 'amount';
    if (problem === 'amount') found.amount = intl.formatMessage(m.amountInvalid);
    if (problem === 'balance' && available) {
      found.amount = intl.formatMessage(m.amountTooHigh, { available: formatMoney(intl, available) });
    }
    if (!Note.safeParse(note).success) found.note = intl.formatMessage(m.noteTooLong);
    const schedule: Schedule | null =
      draft.when === 'later'
        ? {
            frequency: draft.frequency,
            startDate: draft.startDate,
            endDate: draft.frequency === 'once' || draft.endDate === '' ? null : draft.endDate,
          }
        : null;
    if (schedule) {
      const problems = scheduleProblems(schedule, utcToday());
      if (problems.startDate || problems.endDate) found.schedule = problems;
    }
    setErrors(found);
    if (found.amount || found.note || found.schedule || !minor) {
      failed();
      return;
    }
    journey.send({ type: 'amount.submit', amountMinor: minor, note: note.trim(), gif, schedule });
  };

  return (
    <>
      <h1>{intl.formatMessage(m.amountTitle)}</h1>
      <p>{intl.formatMessage(m.to, { recipient: recipientLabel(recipient) })}</p>
      <FromAccount journey={journey} />
      {error === 'schedule_wallet_only' ? null : <ErrorAlert journey={journey} />}
      <form ref={formRef} noValidate onSubmit={submit}>
        {summary}
        {data && data.amounts.length > 0 ? (
          <Chips role="group" aria-label={intl.formatMessage(m.predefined)}>
            {data.amounts.map((money) => (
              <Button
                key={money.amount_minor}
                variant="secondary"
                disabled={busy}
                onClick={() => setAmount(minorToDecimal(money.amount_minor, digits))}
              >
                {formatMoney(intl, money)}
              </Button>
            ))}
          </Chips>
        ) : null}
        <TextField
          label={intl.formatMessage(m.amountLabel, { currency })}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          required
          disabled={busy}
          value={amount}
          error={errors.amount ?? null}
          onChange={(event) => setAmount(event.target.value)}
        />
        <TextField
          label={intl.formatMessage(m.noteLabel)}
          name="note"
          autoComplete="off"
          disabled={busy}
          value={note}
          error={errors.note ?? null}
          onChange={(event) => setNote(event.target.value)}
        />
        <GifPicker value={gif} onChange={setGif} disabled={busy} services={gifs} />
        <ScheduleFields
          draft={draft}
          problems={errors.schedule ?? {}}
          canSchedule={canSchedule}
          refused={error === 'schedule_wallet_only' ? sendMoneyErrorText(intl, error) : null}
          disabled={busy}
          onChange={setDraft}
        />
        <WizardActions>
          <Button type="submit" busy={quoting} disabled={busy}>
            {intl.formatMessage(m.continue)}
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

function NameCheckStep({
  journey,
  step,
}: {
  journey: SendMoneyActor;
  step: 'checkingName' | 'closeMatch' | 'noMatch' | 'notPossible' | 'verificationFailed';
}) {
  const intl = useIntl();
  const check = useJourney(journey, selectNameCheck);
  const recipient = useJourney(journey, selectRecipient);
  if (step === 'checkingName') {
    return (
      <>
        <h1>{intl.formatMessage(m.checkingTitle)}</h1>
        <p role="status">{intl.formatMessage(m.checking)}</p>
        <PageSpinner />
      </>
    );
  }
  if (step === 'verificationFailed') {
    return (
      <>
        <h1>{intl.formatMessage(m.failedTitle)}</h1>
        <p>{recipientLabel(recipient)}</p>
        <Alert role="alert">{intl.formatMessage(m.verificationFailed)}</Alert>
        <WizardActions>
          <Button onClick={() => journey.send({ type: 'check.retry' })}>{intl.formatMessage(m.retry)}</Button>
          <Button variant="secondary" data-back onClick={() => journey.send({ type: 'name.amend' })}>
            {intl.formatMessage(m.amend)}
          </Button>
        </WizardActions>
      </>
    );
  }
  const suggested = check?.suggestedName ?? '';
  // A close match names the holder when the bank gives the name; without it, amend or proceed as for no match.
  const title =
    step === 'closeMatch'
      ? suggested
        ? intl.formatMessage(m.closeMatchTitle, { name: suggested })
        : intl.formatMessage(m.closeMatchNoNameTitle)
      : intl.formatMessage(step === 'noMatch' ? m.noMatchTitle : m.notPossibleTitle);
  const body = intl.formatMessage(
    step === 'closeMatch' ? m.closeMatchBody : step === 'noMatch' ? m.noMatchBody : m.notPossibleBody,
  );
  return (
    <>
      <h1>{title}</h1>
      <Warning>
        <p role="alert">{body}</p>
        <WizardActions>
          {step === 'closeMatch' && suggested ? (
            <Button onClick={() => journey.send({ type: 'name.useSuggested' })}>
              {intl.formatMessage(m.useSuggested, { name: suggested })}
            </Button>
          ) : null}
          <Button
            variant={step === 'closeMatch' && suggested ? 'secondary' : 'primary'}
            onClick={() => journey.send({ type: 'name.amend' })}
          >
            {intl.formatMessage(m.amend)}
          </Button>
          <Button variant="secondary" onClick={() => journey.send({ type: 'name.proceed' })}>
            {intl.formatMessage(m.proceed)}
          </Button>
        </WizardActions>
      </Warning>
    </>
  );
}

function ReviewStep({ journey }: { journey: SendMoneyActor }) {
  const intl = useIntl();
  const busy = useJourney(journey, selectSendMoneyBusy);
  const quote = useJourney(journey, selectQuote);
  const recipient = useJourney(journey, selectRecipient);
  const note = useJourney(journey, selectNote);
  const gif = useJourney(journey, selectGif);
  const check = useJourney(journey, selectNameCheck);
  const schedule = useJourney(journey, selectSchedule);
  if (!quote) return null;
  return (
    <>
      <h1>{intl.formatMessage(schedule ? m.reviewScheduleTitle : m.reviewTitle)}</h1>
      <ErrorAlert journey={journey} />
      <Figures>
        <dt>{intl.formatMessage(m.recipient)}</dt>
        <dd>{recipientLabel(recipient)}</dd>
        <dt>{intl.formatMessage(m.amount)}</dt>
        <dd>{formatMoney(intl, quote.amount)}</dd>
        <dt>{intl.formatMessage(m.fee)}</dt>
        <dd>{formatMoney(intl, quote.fee)}</dd>
        <dt>{intl.formatMessage(m.total)}</dt>
        <dd>{formatMoney(intl, quote.total)}</dd>
        {quote.exchange_rate ? (
          <>
            <dt>{intl.formatMessage(m.rate)}</dt>
            <dd>{intl.formatMessage(m.rateValue, quote.exchange_rate)}</dd>
            <dt>{intl.formatMessage(m.credited)}</dt>
            <dd>{formatMoney(intl, quote.credited_amount)}</dd>
          </>
        ) : null}
        {note ? (
          <>
            <dt>{intl.formatMessage(m.note)}</dt>
            <dd>{note}</dd>
          </>
        ) : null}
        {gif ? (
          <>
            <dt>{intl.formatMessage(m.gif)}</dt>
            <dd>
              <GifImage gif={gif} size={120} />
            </dd>
          </>
        ) : null}
        {schedule ? (
          <>
            <dt>{intl.formatMessage(m.whenRow)}</dt>
            <dd>{scheduleText(intl, schedule)}</dd>
          </>
        ) : null}
      </Figures>
      {schedule ? <Muted>{intl.formatMessage(m.scheduleHint)}</Muted> : null}
      {quote.status === 'pending' ? <Muted>{intl.formatMessage(m.pendingHint)}</Muted> : null}
      {check && check.result !== 'match' ? <Muted>{intl.formatMessage(m.proceededAnyway)}</Muted> : null}
      {/* As the journey decides (requiresCode): the price says so, or the schedule repeats. */}
      {quote.requires_verification || (schedule && scheduleNeedsCode(schedule.frequency)) ? (
        <Muted>{intl.formatMessage(m.codeHint)}</Muted>
      ) : null}
      {quote.sufficient_funds || schedule ? null : (
        <Muted>
          {intl.formatMessage(m.insufficientHint, { available: formatMoney(intl, quote.available_balance) })}
        </Muted>
      )}
      <WizardActions>
        <Button busy={busy} disabled={busy} onClick={() => journey.send({ type: 'review.confirm' })}>
          {intl.formatMessage(schedule ? m.confirmSchedule : m.confirm)}
        </Button>
        <Button
          variant="secondary"
          data-back
          disabled={busy}
          onClick={() => journey.send({ type: 'review.edit' })}
        >
          {intl.formatMessage(m.edit)}
        </Button>
      </WizardActions>
    </>
  );
}

/** Confirm it is you: the oneTimeCode child's step, in this journey's words; cancelling edits the payment. */
function ConfirmStep({ journey }: { journey: SendMoneyActor }) {
  const intl = useIntl();
  const code = useJourney(journey, selectCodeActor);
  if (!code) return <PageSpinner />;
  return (
    <OneTimeCodeStep
      actor={code}
      intro={intl.formatMessage(m.methodIntro)}
      notice={<ErrorAlert journey={journey} />}
      texts={{ cancel: intl.formatMessage(m.editPayment) }}
    />
  );
}

function FailedStep({ journey }: { journey: SendMoneyActor }) {
  const intl = useIntl();
  const canRetry = useJourney(journey, selectCanRetryPayment);
  const schedule = useJourney(journey, selectSchedule);
  return (
    <>
      <h1>{intl.formatMessage(m.failedPaymentTitle)}</h1>
      <ErrorAlert journey={journey} />
      {schedule ? (
        <>
          <Muted>{intl.formatMessage(m.scheduleFailedHint)}</Muted>
          <LinkRow>
            <Link to={scheduledPaymentsPath}>{intl.formatMessage(m.seeScheduled)}</Link>
          </LinkRow>
        </>
      ) : null}
      <WizardActions>
        {canRetry ? (
          <Button onClick={() => journey.send({ type: 'payment.retry' })}>
            {intl.formatMessage(m.retry)}
          </Button>
        ) : null}
        <Button variant="secondary" data-back onClick={() => journey.send({ type: 'review.edit' })}>
          {intl.formatMessage(m.editAfterFailure)}
        </Button>
      </WizardActions>
    </>
  );
}

function DoneStep({ journey, intl }: { journey: SendMoneyActor; intl: IntlShape }) {
  const transaction = useJourney(journey, selectTransaction);
  const recipient = useJourney(journey, selectRecipient);
  const { accountType } = useParams();
  if (!transaction) return null;
  const pending = transaction.status === 'pending';
  const values = { amount: formatMoney(intl, transaction.amount), recipient: recipientLabel(recipient) };
  return (
    <>
      <h1>{intl.formatMessage(pending ? m.pendingTitle : m.completedTitle)}</h1>
      <p>{intl.formatMessage(pending ? m.pendingBody : m.completedBody, values)}</p>
      <LinkRow>
        <Link to={`/transactions/${transaction.id}`}>{intl.formatMessage(m.seeTransaction)}</Link>
        <Link to={`/my-wallet/${accountType ?? transaction.account.account_type}/send-money`} reloadDocument>
          {intl.formatMessage(m.sendAnother)}
        </Link>
        <Link to="/my-wallet">{intl.formatMessage(m.backToWallet)}</Link>
      </LinkRow>
    </>
  );
}

function ScheduledStep({ journey, intl }: { journey: SendMoneyActor; intl: IntlShape }) {
  const scheduled = useJourney(journey, selectScheduled);
  const recipient = useJourney(journey, selectRecipient);
  if (!scheduled) return null;
  const when = scheduleText(intl, {
    frequency: scheduled.frequency,
    startDate: scheduled.start_date,
    endDate: scheduled.end_date,
  });
  return (
    <>
      <h1>{intl.formatMessage(m.scheduledTitle)}</h1>
      <p>
        {intl.formatMessage(m.scheduledBody, {
          amount: formatMoney(intl, scheduled.amount),
          recipient: recipientLabel(recipient),
          when,
        })}
      </p>
      <LinkRow>
        <Link to={scheduledPaymentsPath}>{intl.formatMessage(m.seeScheduled)}</Link>
        <Link to="/my-wallet">{intl.formatMessage(m.backToWallet)}</Link>
      </LinkRow>
    </>
  );
}

function Journey({ journey, gifs }: { journey: SendMoneyActor; gifs: GifServices }) {
  const intl = useIntl();
  const step = useJourney(journey, selectSendMoneyStep);
  const announced = useRef(false);

  useEffect(() => {
    if ((step !== 'done' && step !== 'scheduled') || announced.current) return;
    announced.current = true;
    notify('success', intl.formatMessage(step === 'done' ? m.sent : m.scheduledToast));
  }, [step, intl]);

  switch (step) {
    case 'opening':
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
    case 'noAccount':
      return (
        <>
          <h1>{intl.formatMessage(m.title)}</h1>
          <Alert role="alert">{intl.formatMessage(m.noAccount)}</Alert>
          <LinkRow>
            <Link to="/my-wallet">{intl.formatMessage(m.backToWallet)}</Link>
          </LinkRow>
        </>
      );
    case 'recipient':
      return <RecipientStep journey={journey} />;
    case 'amount':
      return <AmountStep journey={journey} gifs={gifs} />;
    case 'checkingName':
    case 'closeMatch':
    case 'noMatch':
    case 'notPossible':
    case 'verificationFailed':
      return <NameCheckStep journey={journey} step={step} />;
    case 'review':
      return <ReviewStep journey={journey} />;
    case 'confirm':
      return <ConfirmStep journey={journey} />;
    case 'failed':
      return <FailedStep journey={journey} />;
    case 'done':
      return <DoneStep journey={journey} intl={intl} />;
    case 'scheduled':
      return <ScheduledStep journey={journey} intl={intl} />;
  }
}

/** Which of the three steps a state is part of; null outside them (loading, outcomes). */
function stepIndex(step: ReturnType<typeof selectSendMoneyStep>): number | null {
  switch (step) {
    case 'recipient':
      return 0;
    case 'amount':
      return 1;
    case 'checkingName':
    case 'closeMatch':
    case 'noMatch':
    case 'notPossible':
    case 'verificationFailed':
    case 'review':
    case 'confirm':
    case 'failed':
      return 2;
    default:
      return null;
  }
}

/** A recipient as a name and, under it, the tag or IBAN it is paid at. */
function recipientParts(recipient: Recipient): { name: string; address: string } {
  switch (recipient.kind) {
    case 'wallet':
      return {
        name: recipient.name || recipient.walletTag,
        address: recipient.name ? recipient.walletTag : '',
      };
    case 'iban':
      return { name: recipient.name, address: recipient.iban };
    default:
      return {
        name: recipient.beneficiary.name,
        address: recipient.beneficiary.wallet_tag ?? recipient.beneficiary.iban ?? '',
      };
  }
}

function RecipientLines({ recipient }: { recipient: Recipient }) {
  const { name, address } = recipientParts(recipient);
  return (
    <>
      {name}
      {address ? <SummaryAddress>{address}</SummaryAddress> : null}
    </>
  );
}

const SummaryAddress = styled.span`
  display: block;
  font-weight: 400;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * The wizard frame around every step: which of the three it is, and from the amount step on what is decided so far
 * (the account, the recipient, then the amount, then the fee and total), so the name check and the code are never
 * answered without seeing whom and how much. The review step lists all of it itself.
 */
function SendMoneyFrame({ journey, children }: { journey: SendMoneyActor; children: ReactNode }) {
  const intl = useIntl();
  const step = useJourney(journey, selectSendMoneyStep);
  const data = useJourney(journey, selectSendMoneyData);
  const recipient = useJourney(journey, selectRecipient);
  const amountMinor = useJourney(journey, selectAmountMinor);
  const quote = useJourney(journey, selectQuote);
  const schedule = useJourney(journey, selectSchedule);
  const current = stepIndex(step);
  const summary: WizardSummaryItem[] = [];
  const amount =
    data && amountMinor
      ? formatMoney(intl, { amount_minor: amountMinor, currency: data.account.currency })
      : null;
  if (data && recipient && current !== null && current >= 1 && step !== 'review') {
    summary.push({
      term: intl.formatMessage(m.summaryFrom),
      value: intl.formatMessage(m.summaryAccount, { currency: data.account.currency }),
    });
    summary.push({ term: intl.formatMessage(m.recipient), value: <RecipientLines recipient={recipient} /> });
    if (current === 2 && amount) summary.push({ term: intl.formatMessage(m.amount), value: amount });
    if (current === 2 && quote && (step === 'confirm' || step === 'failed')) {
      summary.push({ term: intl.formatMessage(m.fee), value: formatMoney(intl, quote.fee) });
      summary.push({ term: intl.formatMessage(m.total), value: formatMoney(intl, quote.total) });
    }
    if (current === 2 && schedule)
      summary.push({ term: intl.formatMessage(m.whenRow), value: scheduleText(intl, schedule) });
  }
  const name = recipient ? recipientParts(recipient).name : '';
  return (
    <WizardFrame
      steps={[
        intl.formatMessage(m.stepRecipient),
        intl.formatMessage(m.stepAmount),
        intl.formatMessage(m.stepReview),
      ]}
      current={current}
      summaryTitle={intl.formatMessage(m.summaryTitle)}
      summary={summary}
      summaryGist={
        current === 2 && amount ? intl.formatMessage(m.summaryGist, { amount, recipient: name }) : name
      }
    >
      {children}
    </WizardFrame>
  );
}

type InspectionObserver = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

export type SendMoneyScreenProps = {
  /** The journey with its effects; the app's API calls unless a test passes its own. */
  logic?: typeof sendMoneyMachine;
  /** The GIF picker's search; the app's API unless a test passes its own. */
  gifs?: GifServices;
  inspect?: InspectionObserver;
  clock?: ActorOptions<AnyActorLogic>['clock'];
  /** Where the payment's Idempotency-Keys come from (machines/attemptKeys.ts); a fresh random seed unless a test gives one. */
  keySeed?: string;
};

/**
 * SPEC §2 /my-wallet/:accountType/send-money/:account?/:tag?: `:account` a saved beneficiary's id (or `-`), `:tag`
 * a wallet tag; either skips the search. `?amount=` (minor units) and `?note=` prefill the amount form (a QR code's
 * link). See machines/sendMoney.machine.ts.
 */
export function SendMoneyScreen({ logic, gifs, inspect, clock, keySeed }: SendMoneyScreenProps) {
  const machine = useMemo(() => logic ?? sendMoneyMachine.provide({ actors: sendMoneyActors(api) }), [logic]);
  const gifSearch = useMemo(() => gifs ?? gifServices(api), [gifs]);
  const { run, restart } = useJourneyRestarts();
  return (
    <PaymentHost
      key={run}
      machine={machine}
      gifs={gifSearch}
      restart={restart}
      fresh={run > 0}
      {...(inspect ? { inspect } : {})}
      {...(clock ? { clock } : {})}
      {...(keySeed ? { keySeed } : {})}
    />
  );
}

// docs/engineering.md "Front end": the payment survives Back, Forward and a reload (src/app/usePersistedJourney.ts); a
// payment sent or scheduled is forgotten.
const paymentStorageKey = 'tameio.sendMoney';
const paymentNavOf = (snapshot: SendMoneySnapshot) => snapshot.context.nav;
const keepPayment = (snapshot: SendMoneySnapshot) =>
  snapshot.status === 'active' && snapshot.context.nav.at !== null;
/**
 * The code step is not kept: a reload there goes back to the review before it (the code had not been used, nothing
 * was sent), instead of asking a half-answered code again.
 */
const holdPayment = (snapshot: SendMoneySnapshot) => snapshot.matches('confirming');
/** An amount on a payment not yet sent: leaving it by a link asks first. */
const paymentAtStake = (snapshot: SendMoneySnapshot) =>
  snapshot.status === 'active' && snapshot.context.amountMinor !== null && snapshot.context.nav.at !== null;

function PaymentHost({
  machine,
  gifs,
  inspect,
  clock,
  keySeed,
  restart,
  fresh,
}: Omit<SendMoneyScreenProps, 'logic' | 'gifs'> & {
  machine: typeof sendMoneyMachine;
  gifs: GifServices;
  restart: () => void;
  fresh: boolean;
}) {
  const params = useParams();
  const [search] = useSearchParams();
  const prefillAmount = search.get('amount');
  const prefillNote = search.get('note');
  // A payment taken up again after a reload keeps the seed it had (in the snapshot); a new one gets a new seed.
  const [seed] = useState(() => keySeed ?? globalThis.crypto.randomUUID());
  const { journey, leaving, leave, stay } = usePersistedJourney(machine, {
    storageKey: paymentStorageKey,
    input: { keySeed: seed },
    inspect,
    clock,
    pathOf: sendMoneyPath,
    navOf: paymentNavOf,
    keep: keepPayment,
    holdWhile: holdPayment,
    atStake: paymentAtStake,
    onForeignEntry: restart,
    fresh,
  });
  const accountType = params.accountType ?? '';
  const account = params.account && params.account !== '-' ? params.account : null;
  const tag = params.tag ? params.tag : null;

  useEffect(() => {
    if (journey.getSnapshot().matches('opening')) {
      journey.send({
        type: 'journey.opened',
        accountType,
        beneficiaryId: account,
        tag,
        amountMinor: prefillAmount,
        note: prefillNote,
      });
    }
  }, [journey, accountType, account, tag, prefillAmount, prefillNote]);

  return (
    <SendMoneyFrame journey={journey}>
      <Journey journey={journey} gifs={gifs} />
      <LeaveJourneyDialog leaving={leaving} onStay={stay} onLeave={leave} />
    </SendMoneyFrame>
  );
}

export default SendMoneyScreen;
