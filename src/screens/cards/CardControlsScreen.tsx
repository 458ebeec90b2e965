import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import styled from 'styled-components';
import type { ActorOptions, ActorRefFrom, AnyActorLogic, InspectionEvent, Observer } from 'xstate';
import {
  cardControlsMachine,
  cardControlsPath,
  pinProblem,
  selectCardCodeActor,
  selectCardControls,
  selectCardControlsBusy,
  selectCardControlsError,
  selectCardControlsStep,
  selectCardDialog,
  selectCardFieldErrors,
  selectCardLimits,
  selectCardOutcome,
  selectCardReadOnly,
  selectCardSecret,
  selectControlledCard,
  selectDeleting,
  selectPinKind,
  selectRevealing,
  selectRevealWhat,
  selectSavingLimits,
  selectSavingName,
  selectSavingPin,
  selectStatusAction,
  type CardControls,
  type CardControlsSnapshot,
} from '../../../machines/cardControls.machine';
import {
  cardLimitCategories,
  cardLimitCategoriesOf,
  CardName,
  LimitFrequency,
  type Card as CardModel,
  type CardLimitCategory,
  type CardLimits,
  type CardSecret,
} from '../../../schemas/cards.schema';
import { AmountMinor, currencyDigits, decimalToMinor, minorToDecimal } from '../../../schemas/money';
import { api } from '../../api/client';
import { cardControlsActors } from '../../app/cardActors';
import { useJourneyActor } from '../../app/inspection';
import {
  cardFieldText,
  cardFormText,
  maskedNumberText,
  cardStatusText,
  cardUsageText,
  limitCategoryText,
  limitFrequencyText,
} from '../../i18n/cardText';
import { bankDateText } from '../../i18n/formatDate';
import { formatMoney } from '../../i18n/formatMoney';
import { Button } from '../../ui/Button';
import { CardFace } from '../../ui/CardFace';
import { Dialog } from '../../ui/Dialog';
import { Alert, Card, Muted, Page, Row, Stack } from '../../ui/Layout';
import { notify } from '../../ui/notify';
import { OneTimeCodeStep } from '../../ui/OneTimeCodeStep';
import { PageSpinner } from '../../ui/Spinner';
import { useFocusFirstError } from '../../ui/formErrors';
import { TextField } from '../../ui/TextField';
import { cardControlsErrorText, cardControlsText as m, cardOutcomeText, cardsText } from './cardMessages';
import { addressText } from '../../ui/address/addressText';
import { Figures, LinkRow } from '../../ui/Blocks';
import { SelectField } from '../../ui/SelectField';
import { Fieldset, Preview } from './parts';

type ControlsActor = ActorRefFrom<typeof cardControlsMachine>;

function useJourney<T>(journey: ControlsActor, selector: (snapshot: CardControlsSnapshot) => T) {
  return useSelector(journey, selector);
}

const sameControls = (a: CardControls, b: CardControls) =>
  (Object.keys(a) as Array<keyof CardControls>).every((key) => a[key] === b[key]);

const Section = styled.section`
  margin-top: ${({ theme }) => theme.space(6)};
  h2 {
    font-size: 1.125rem;
  }
`;

const Secret = styled.section`
  margin-top: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(4)};
  border: 2px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radii.medium};
  dd {
    font-family: ${({ theme }) => theme.fonts.mono};
    letter-spacing: 0.08em;
  }
`;

function ErrorAlert({ journey }: { journey: ControlsActor }) {
  const intl = useIntl();
  const error = useJourney(journey, selectCardControlsError);
  if (!error) return null;
  return <Alert role="alert">{cardControlsErrorText(intl, error)}</Alert>;
}

function CardFigures({ card }: { card: CardModel }) {
  const intl = useIntl();
  return (
    <Figures>
      <dt>{intl.formatMessage(m.type)}</dt>
      <dd>{cardFormText(intl, card.form)}</dd>
      <dt>{intl.formatMessage(m.status)}</dt>
      <dd>{cardStatusText(intl, card.status)}</dd>
      <dt>{intl.formatMessage(m.number)}</dt>
      <dd>{maskedNumberText(intl, card.last4)}</dd>
      <dt>{intl.formatMessage(m.alias)}</dt>
      <dd>{card.alias ?? intl.formatMessage(m.none)}</dd>
      <dt>{intl.formatMessage(m.holder)}</dt>
      <dd>{card.holder.name}</dd>
      <dt>{intl.formatMessage(m.usage)}</dt>
      <dd>{cardUsageText(intl, card.usage)}</dd>
      <dt>{intl.formatMessage(m.account)}</dt>
      <dd>{card.currency}</dd>
      {card.shipping_address ? (
        <>
          <dt>{intl.formatMessage(m.shipsTo)}</dt>
          <dd>{addressText(intl, card.shipping_address)}</dd>
        </>
      ) : null}
    </Figures>
  );
}

function SecretPanel({ journey, secret }: { journey: ControlsActor; secret: CardSecret }) {
  const intl = useIntl();
  const title =
    secret.what === 'details' ? m.secretTitle : secret.what === 'pin' ? m.pinSecretTitle : m.epinSecretTitle;
  return (
    <Secret aria-labelledby="card-secret-title">
      <h2 id="card-secret-title">{intl.formatMessage(title)}</h2>
      <Figures>
        {secret.what === 'details' ? (
          <>
            <dt>{intl.formatMessage(m.cardNumber)}</dt>
            <dd>{secret.number.replace(/(\d{4})(?=\d)/g, '$1 ')}</dd>
            <dt>{intl.formatMessage(m.expiry)}</dt>
            <dd>
              {intl.formatMessage(m.expiryValue, {
                month: String(secret.expiry_month).padStart(2, '0'),
                year: String(secret.expiry_year % 100).padStart(2, '0'),
              })}
            </dd>
            <dt>{intl.formatMessage(m.cvv)}</dt>
            <dd>{secret.cvv}</dd>
          </>
        ) : (
          <>
            <dt>{intl.formatMessage(secret.what === 'pin' ? m.pinSecretTitle : m.epinSecretTitle)}</dt>
            <dd>{secret.what === 'pin' ? secret.pin : secret.epin}</dd>
          </>
        )}
      </Figures>
      <Muted>{intl.formatMessage(m.secretHint)}</Muted>
      <Button variant="secondary" onClick={() => journey.send({ type: 'reveal.hide' })}>
        {intl.formatMessage(m.hide)}
      </Button>
    </Secret>
  );
}

function CardPage({ journey }: { journey: ControlsActor }) {
  const intl = useIntl();
  const card = useJourney(journey, selectControlledCard);
  const can = useSelector(journey, selectCardControls, sameControls);
  const busy = useJourney(journey, selectCardControlsBusy);
  const action = useJourney(journey, selectStatusAction);
  const revealing = useJourney(journey, selectRevealing);
  const what = useJourney(journey, selectRevealWhat);
  const secret = useJourney(journey, selectCardSecret);
  const readOnly = useJourney(journey, selectCardReadOnly);
  if (!card) return null;
  const statusButtons = [
    { show: can.activate, busy: action === 'activate', text: m.activate, event: { type: 'card.activate' } },
    { show: can.freeze, busy: action === 'freeze', text: m.freeze, event: { type: 'card.freeze' } },
    { show: can.unfreeze, busy: action === 'unfreeze', text: m.unfreeze, event: { type: 'card.unfreeze' } },
  ] as const;
  const revealButtons = [
    { show: can.revealDetails, what: 'details', text: m.showDetails },
    { show: can.revealPin, what: 'pin', text: m.showPin },
    { show: can.revealEpin, what: 'epin', text: m.showEpin },
  ] as const;
  const anyManage = can.editName || can.setPin || can.setEpin || can.limits || can.reportLost || can.remove;
  return (
    <>
      <Preview>
        <CardFace
          form={card.form}
          colour={card.colour}
          name={card.name}
          last4={card.last4}
          status={card.status}
          size="large"
        />
      </Preview>
      <h1>{card.name}</h1>
      <ErrorAlert journey={journey} />
      {readOnly ? <Muted>{intl.formatMessage(m.readOnly)}</Muted> : null}
      <CardFigures card={card} />
      {statusButtons.some((button) => button.show) ? (
        <Row>
          {statusButtons
            .filter((button) => button.show)
            .map((button) => (
              <Button
                key={button.event.type}
                busy={button.busy}
                disabled={busy}
                onClick={() => journey.send(button.event)}
              >
                {intl.formatMessage(button.text)}
              </Button>
            ))}
        </Row>
      ) : null}
      {secret ? <SecretPanel journey={journey} secret={secret} /> : null}
      {revealButtons.some((button) => button.show) || revealing ? (
        <Section aria-labelledby="card-security-title">
          <h2 id="card-security-title">{intl.formatMessage(m.security)}</h2>
          <Muted>{intl.formatMessage(m.revealHint)}</Muted>
          <Row>
            {revealButtons
              .filter((button) => button.show)
              .map((button) => (
                <Button
                  key={button.what}
                  variant="secondary"
                  busy={revealing && what === button.what}
                  disabled={busy}
                  onClick={() => journey.send({ type: 'reveal.request', what: button.what })}
                >
                  {intl.formatMessage(button.text)}
                </Button>
              ))}
          </Row>
        </Section>
      ) : null}
      {anyManage ? (
        <Section aria-labelledby="card-manage-title">
          <h2 id="card-manage-title">{intl.formatMessage(m.manage)}</h2>
          <Row>
            {can.limits ? (
              <Button
                variant="secondary"
                disabled={busy}
                onClick={() => journey.send({ type: 'limits.open' })}
              >
                {intl.formatMessage(m.limits)}
              </Button>
            ) : null}
            {can.editName ? (
              <Button variant="secondary" disabled={busy} onClick={() => journey.send({ type: 'name.edit' })}>
                {intl.formatMessage(m.editName)}
              </Button>
            ) : null}
            {can.setPin ? (
              <Button
                variant="secondary"
                disabled={busy}
                onClick={() => journey.send({ type: 'pin.edit', kind: 'pin' })}
              >
                {intl.formatMessage(card.has_pin ? m.changePin : m.setPin)}
              </Button>
            ) : null}
            {can.setEpin ? (
              <Button
                variant="secondary"
                disabled={busy}
                onClick={() => journey.send({ type: 'pin.edit', kind: 'epin' })}
              >
                {intl.formatMessage(card.has_epin ? m.changeEpin : m.setEpin)}
              </Button>
            ) : null}
            {can.reportLost ? (
              <Button
                variant="danger"
                busy={action === 'report_lost'}
                disabled={busy}
                onClick={() => journey.send({ type: 'lost.request' })}
              >
                {intl.formatMessage(m.reportLost)}
              </Button>
            ) : null}
            {can.remove ? (
              <Button
                variant="danger"
                disabled={busy}
                onClick={() => journey.send({ type: 'delete.request' })}
              >
                {intl.formatMessage(m.remove)}
              </Button>
            ) : null}
          </Row>
        </Section>
      ) : null}
      <CardDialog journey={journey} />
    </>
  );
}

function CardDialog({ journey }: { journey: ControlsActor }) {
  const intl = useIntl();
  const dialog = useJourney(journey, selectCardDialog);
  const deleting = useJourney(journey, selectDeleting);
  if (dialog === 'lost') {
    return (
      <Dialog
        title={intl.formatMessage(m.lostTitle)}
        onEscape={() => journey.send({ type: 'lost.cancel' })}
        actions={
          <>
            <Button variant="secondary" data-autofocus onClick={() => journey.send({ type: 'lost.cancel' })}>
              {intl.formatMessage(m.lostCancel)}
            </Button>
            <Button variant="danger" onClick={() => journey.send({ type: 'lost.confirm' })}>
              {intl.formatMessage(m.lostConfirm)}
            </Button>
          </>
        }
      >
        <p>{intl.formatMessage(m.lostBody)}</p>
      </Dialog>
    );
  }
  if (dialog === 'delete') {
    return (
      <Dialog
        title={intl.formatMessage(m.deleteTitle)}
        onEscape={deleting ? undefined : () => journey.send({ type: 'delete.cancel' })}
        actions={
          <>
            <Button
              variant="secondary"
              data-autofocus
              disabled={deleting}
              onClick={() => journey.send({ type: 'delete.cancel' })}
            >
              {intl.formatMessage(m.deleteCancel)}
            </Button>
            <Button variant="danger" busy={deleting} onClick={() => journey.send({ type: 'delete.confirm' })}>
              {intl.formatMessage(m.deleteConfirm)}
            </Button>
          </>
        }
      >
        <p>{intl.formatMessage(m.deleteBody)}</p>
      </Dialog>
    );
  }
  return null;
}

function NameForm({ journey }: { journey: ControlsActor }) {
  const intl = useIntl();
  const card = useJourney(journey, selectControlledCard);
  const saving = useJourney(journey, selectSavingName);
  const serverFields = useJourney(journey, selectCardFieldErrors);
  const [name, setName] = useState(card?.name ?? '');
  const [alias, setAlias] = useState(card?.alias ?? '');
  const [errors, setErrors] = useState<{ name?: string; alias?: string }>({});
  const { formRef, failed, summary } = useFocusFirstError(serverFields);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsedName = CardName.safeParse(name);
    const parsedAlias = alias.trim() ? CardName.safeParse(alias) : null;
    const found: { name?: string; alias?: string } = {};
    if (!parsedName.success) found.name = cardFieldText(intl, parsedName.error.issues[0]?.message ?? '');
    if (parsedAlias && !parsedAlias.success)
      found.alias = cardFieldText(intl, parsedAlias.error.issues[0]?.message ?? '');
    setErrors(found);
    if (!parsedName.success || (parsedAlias && !parsedAlias.success)) {
      failed();
      return;
    }
    journey.send({ type: 'name.submit', name: parsedName.data, alias: parsedAlias?.data ?? null });
  };

  const serverError = (field: string) =>
    serverFields[field] ? cardFieldText(intl, serverFields[field]) : null;
  return (
    <>
      <h1>{intl.formatMessage(m.nameTitle)}</h1>
      <ErrorAlert journey={journey} />
      <form ref={formRef} noValidate onSubmit={submit}>
        {summary}
        <TextField
          label={intl.formatMessage(m.nameLabel)}
          name="name"
          autoComplete="off"
          maxLength={26}
          required
          disabled={saving}
          value={name}
          error={errors.name ?? serverError('name')}
          onChange={(event) => setName(event.target.value)}
        />
        <TextField
          label={intl.formatMessage(m.aliasLabel)}
          hint={intl.formatMessage(m.aliasHint)}
          name="alias"
          autoComplete="off"
          maxLength={26}
          disabled={saving}
          value={alias}
          error={errors.alias ?? serverError('alias')}
          onChange={(event) => setAlias(event.target.value)}
        />
        <Row>
          <Button type="submit" busy={saving}>
            {intl.formatMessage(m.save)}
          </Button>
          <Button variant="quiet" disabled={saving} onClick={() => journey.send({ type: 'name.cancel' })}>
            {intl.formatMessage(m.cancel)}
          </Button>
        </Row>
      </form>
    </>
  );
}

function PinForm({ journey }: { journey: ControlsActor }) {
  const intl = useIntl();
  const kind = useJourney(journey, selectPinKind) ?? 'pin';
  const saving = useJourney(journey, selectSavingPin);
  const serverFields = useJourney(journey, selectCardFieldErrors);
  const [value, setValue] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ value?: string; repeat?: string }>({});
  const { formRef, failed, summary } = useFocusFirstError(serverFields);
  const epin = kind === 'epin';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = pinProblem(kind, value);
    const found: { value?: string; repeat?: string } = {};
    if (problem) found.value = cardFieldText(intl, problem);
    else if (repeat !== value) found.repeat = intl.formatMessage(m.pinMismatch);
    setErrors(found);
    if (found.value || found.repeat) {
      failed();
      return;
    }
    journey.send({ type: 'pin.submit', value });
  };

  const serverError = serverFields[kind] ? cardFieldText(intl, serverFields[kind]) : null;
  const digits = epin ? 5 : 4;
  return (
    <>
      <h1>{intl.formatMessage(epin ? m.epinTitle : m.pinTitle)}</h1>
      <ErrorAlert journey={journey} />
      <form ref={formRef} noValidate onSubmit={submit}>
        {summary}
        <TextField
          label={intl.formatMessage(epin ? m.newEpin : m.newPin)}
          hint={intl.formatMessage(epin ? m.epinHint : m.pinHint)}
          name="pin"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={digits}
          required
          disabled={saving}
          value={value}
          error={errors.value ?? serverError}
          onChange={(event) => setValue(event.target.value.replace(/\D/g, ''))}
        />
        <TextField
          label={intl.formatMessage(m.repeatPin)}
          name="repeat"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={digits}
          required
          disabled={saving}
          value={repeat}
          error={errors.repeat ?? null}
          onChange={(event) => setRepeat(event.target.value.replace(/\D/g, ''))}
        />
        <Row>
          <Button type="submit" busy={saving}>
            {intl.formatMessage(epin ? m.saveEpin : m.savePin)}
          </Button>
          <Button variant="quiet" disabled={saving} onClick={() => journey.send({ type: 'pin.cancel' })}>
            {intl.formatMessage(m.cancel)}
          </Button>
        </Row>
      </form>
    </>
  );
}

type LimitDraft = Record<CardLimitCategory, { amount: string; unlimited: boolean }>;

function LimitsForm({ journey }: { journey: ControlsActor }) {
  const intl = useIntl();
  const view = useJourney(journey, selectCardLimits);
  const saving = useJourney(journey, selectSavingLimits);
  const can = useSelector(journey, selectCardControls, sameControls);
  const card = useJourney(journey, selectControlledCard);
  // A virtual card pays online only: no in-shop or cash limit to set (they are sent as none).
  const shown: readonly CardLimitCategory[] = cardLimitCategoriesOf[card?.form ?? 'physical'];
  // Coming back to the page (another tab, the phone's lock screen) reads what was spent again: a payment may have
  // been made with the card meanwhile.
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === 'visible') journey.send({ type: 'limits.refresh' });
    };
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [journey]);
  const currency = view?.currency ?? 'EUR';
  const digits = currencyDigits(currency);
  const initial = useMemo(() => {
    const draft = {} as LimitDraft;
    for (const category of cardLimitCategories) {
      const limit = view?.limits[category] ?? null;
      draft[category] = { amount: limit ? minorToDecimal(limit, digits) : '', unlimited: limit === null };
    }
    return draft;
  }, [view, digits]);
  const [frequency, setFrequency] = useState<LimitFrequency>(view?.frequency ?? 'monthly');
  const [draft, setDraft] = useState<LimitDraft>(initial);
  const [errors, setErrors] = useState<Partial<Record<CardLimitCategory, string>>>({});
  const { formRef, failed, summary } = useFocusFirstError();
  if (!view) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const limits = {} as CardLimits['limits'];
    const found: Partial<Record<CardLimitCategory, string>> = {};
    for (const category of cardLimitCategories) {
      const entry = draft[category];
      if (entry.unlimited || !shown.includes(category)) {
        limits[category] = null;
        continue;
      }
      const amount = AmountMinor.safeParse(decimalToMinor(entry.amount, digits) ?? '');
      if (!amount.success) found[category] = intl.formatMessage(m.amountInvalid);
      else limits[category] = amount.data;
    }
    setErrors(found);
    if (Object.keys(found).length) {
      failed();
      return;
    }
    journey.send({ type: 'limits.submit', limits: { frequency, limits } });
  };

  const start = bankDateText(intl, view.window_start);
  return (
    <>
      <h1>{intl.formatMessage(m.limitsTitle)}</h1>
      <ErrorAlert journey={journey} />
      <Muted>{intl.formatMessage(m.limitsIntro)}</Muted>
      <form ref={formRef} noValidate onSubmit={submit}>
        {summary}
        <SelectField
          label={intl.formatMessage(m.frequency)}
          name="frequency"
          disabled={saving || !can.saveLimits}
          value={frequency}
          onChange={(event) => setFrequency(LimitFrequency.parse(event.target.value))}
        >
          {LimitFrequency.options.map((one) => (
            <option key={one} value={one}>
              {limitFrequencyText(intl, one)}
            </option>
          ))}
        </SelectField>
        {shown.map((category) => {
          const entry = draft[category];
          const label = limitCategoryText(intl, category);
          return (
            <Fieldset key={category} disabled={saving || !can.saveLimits}>
              <legend>{label}</legend>
              <Stack $gap={1}>
                <TextField
                  label={intl.formatMessage(m.limitAmount, { category: label, currency })}
                  hint={intl.formatMessage(m.spent, {
                    start,
                    amount: formatMoney(intl, { amount_minor: view.spent[category], currency }),
                  })}
                  name={category}
                  inputMode="decimal"
                  autoComplete="off"
                  disabled={entry.unlimited || saving || !can.saveLimits}
                  value={entry.unlimited ? '' : entry.amount}
                  error={errors[category] ?? null}
                  onChange={(event) =>
                    setDraft({ ...draft, [category]: { ...entry, amount: event.target.value } })
                  }
                />
                <label>
                  <input
                    type="checkbox"
                    name={`${category}-unlimited`}
                    checked={entry.unlimited}
                    onChange={(event) =>
                      setDraft({ ...draft, [category]: { ...entry, unlimited: event.target.checked } })
                    }
                  />
                  {intl.formatMessage(m.unlimitedFor, { category: label })}
                </label>
              </Stack>
            </Fieldset>
          );
        })}
        <Row>
          {can.saveLimits ? (
            <Button type="submit" busy={saving}>
              {intl.formatMessage(m.saveLimits)}
            </Button>
          ) : null}
          <Button variant="quiet" disabled={saving} onClick={() => journey.send({ type: 'limits.close' })}>
            {intl.formatMessage(m.backToCard)}
          </Button>
        </Row>
      </form>
    </>
  );
}

function CodeStep({ journey }: { journey: ControlsActor }) {
  const intl = useIntl();
  const child = useJourney(journey, selectCardCodeActor);
  const error = useJourney(journey, selectCardControlsError);
  if (!child) return <PageSpinner />;
  return (
    <OneTimeCodeStep
      actor={child}
      intro={intl.formatMessage(m.codeIntro)}
      notice={error ? <Alert role="alert">{cardControlsErrorText(intl, error)}</Alert> : null}
    />
  );
}

function Journey({ journey, follow }: { journey: ControlsActor; follow: (path: string | null) => void }) {
  const intl = useIntl();
  const step = useJourney(journey, selectCardControlsStep);
  const path = useJourney(journey, cardControlsPath);
  const outcome = useJourney(journey, selectCardOutcome);

  useEffect(() => follow(path), [follow, path]);

  useEffect(() => {
    // Each outcome is a new object: the same task twice is told twice.
    if (!outcome) return;
    notify(outcome.ok ? 'success' : 'danger', cardOutcomeText(intl, outcome.task, outcome.ok));
  }, [outcome, intl]);

  switch (step) {
    case 'loading':
      return <PageSpinner />;
    case 'loadFailed':
      return (
        <>
          <h1>{intl.formatMessage(m.loadTitle)}</h1>
          <ErrorAlert journey={journey} />
          <Button onClick={() => journey.send({ type: 'load.retry' })}>
            {intl.formatMessage(cardsText.retry)}
          </Button>
        </>
      );
    case 'notFound':
      return (
        <>
          <h1>{intl.formatMessage(m.notFoundTitle)}</h1>
          <p>{intl.formatMessage(m.notFoundBody)}</p>
        </>
      );
    case 'card':
      return <CardPage journey={journey} />;
    case 'name':
      return <NameForm journey={journey} />;
    case 'pin':
      return <PinForm journey={journey} />;
    case 'code':
      return <CodeStep journey={journey} />;
    case 'limits':
      return <LimitsForm journey={journey} />;
    case 'removed':
      return (
        <>
          <h1>{intl.formatMessage(m.removedTitle)}</h1>
          <p>{intl.formatMessage(m.removedBody)}</p>
        </>
      );
  }
}

type InspectionObserver = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

export type CardControlsScreenProps = {
  /** The card's id, from the address. */
  cardId: string;
  /** Opened at the card's limits address rather than its own. */
  view: 'detail' | 'limits';
  /** A viewer only reads. */
  readOnly: boolean;
  /** Keeps the address bar on the page's address (./useJourneyAddress.ts). */
  follow: (path: string | null) => void;
  /** The journey with its effects; the app's API calls unless a test passes its own. */
  logic?: typeof cardControlsMachine;
  inspect?: InspectionObserver;
  /** The journey's clock (the reveal timeout; tests run it on a SimulatedClock). */
  clock?: ActorOptions<AnyActorLogic>['clock'];
};

/**
 * SPEC §2 /cards/:card (`:card` a card id) and /cards/:card/:id/card-limit: one card, its controls and its limits
 * (machines/cardControls.machine.ts).
 */
export function CardControlsScreen({
  cardId,
  view,
  readOnly,
  follow,
  logic,
  inspect,
  clock,
}: CardControlsScreenProps) {
  const intl = useIntl();
  const machine = useMemo(
    () => logic ?? cardControlsMachine.provide({ actors: cardControlsActors(api) }),
    [logic],
  );
  const journey = useJourneyActor(machine, { ...(inspect ? { inspect } : {}), ...(clock ? { clock } : {}) });

  useEffect(() => {
    if (journey.getSnapshot().matches('opening'))
      journey.send({ type: 'card.opened', id: cardId, view, readOnly });
  }, [journey, cardId, view, readOnly]);

  return (
    <Page $narrow>
      <Card>
        <Journey journey={journey} follow={follow} />
        <LinkRow>
          <Link to="/cards">{intl.formatMessage(cardsText.backToList)}</Link>
        </LinkRow>
      </Card>
    </Page>
  );
}
