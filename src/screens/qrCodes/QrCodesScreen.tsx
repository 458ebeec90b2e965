import { useEffect, useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { accountNameText } from '../../i18n/accountText';
import { Link } from 'react-router';
import styled from 'styled-components';
import { isApiFailure, type ApiFailure } from '../../../machines/apiFailure';
import type { CoreBankingAccount } from '../../../schemas/accounts.schema';
import { AmountMinor, currencyDigits, decimalToMinor } from '../../../schemas/money';
import { QrCodeBody, type QrCode } from '../../../schemas/qrCodes.schema';
import { noteMaxLength } from '../../../schemas/sendMoney.schema';
import { api, expectOk, unwrap, type ApiClient } from '../../api/client';
import { attemptKeys } from '../../app/attemptKeys';
import { formatMoney } from '../../i18n/formatMoney';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Card, Muted, Page, Row } from '../../ui/Layout';
import { notify } from '../../ui/notify';
import { PageSpinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { useQrImage } from '../../ui/useQrImage';
import { LoadFailure } from '../LoadFailure';
import { OptionSelectField } from '../../ui/SelectField';
import { CopyButton } from '../../ui/CopyButton';
import { qrCodeMessages as m, qrCodeValueMessages as v } from './qrCodeMessages';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const Item = styled.li`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(5)};
  padding: ${({ theme }) => `${theme.space(4)} 0`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  h3 {
    font-size: 1.05rem;
    margin: 0 0 ${({ theme }) => theme.space(1)};
  }
  p {
    margin: 0 0 ${({ theme }) => theme.space(2)};
  }
`;

const Details = styled.div`
  flex: 1 1 16rem;
  min-width: 0;
`;

const Image = styled.img`
  width: 160px;
  height: 160px;
  flex: 0 0 auto;
  background: #ffffff;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.small};
`;

const Placeholder = styled.div`
  width: 160px;
  height: 160px;
  flex: 0 0 auto;
`;

const LinkText = styled.p`
  font-family: ${({ theme }) => theme.fonts.mono};
  overflow-wrap: anywhere;
`;

/** A link that reads like the buttons beside it (44px target). */
const Download = styled.a`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  font-weight: 600;
`;

const Links = styled.div`
  margin-top: ${({ theme }) => theme.space(2)};
  a {
    display: inline-block;
    padding: ${({ theme }) => `${theme.space(2)} 0`};
    font-weight: 600;
  }
`;

type LoadState =
  | { status: 'loading' }
  | { status: 'failed'; failure: ApiFailure }
  | { status: 'loaded'; accounts: CoreBankingAccount[]; items: QrCode[] };

function useQrCodes(client: ApiClient, attempt: number) {
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    Promise.all([
      unwrap(client.GET('/api/merchants/core_banking_accounts/', { signal })),
      unwrap(client.GET('/api/merchants/qr_codes/', { signal })),
    ]).then(
      ([accounts, codes]) => setState({ status: 'loaded', accounts: accounts.accounts, items: codes.items }),
      (error: unknown) => {
        if (signal.aborted) return;
        setState({ status: 'failed', failure: isApiFailure(error) ? error : { kind: 'network' } });
      },
    );
    return () => controller.abort();
  }, [client, attempt]);
  return [state, setState] as const;
}

function titleOf(intl: ReturnType<typeof useIntl>, code: QrCode): string {
  return code.amount
    ? formatMoney(intl, code.amount)
    : intl.formatMessage(v.anyAmount, { currency: code.currency });
}

function QrCodeRow({ code, onDelete }: { code: QrCode; onDelete: () => void }) {
  const intl = useIntl();
  const image = useQrImage(code.link);
  const title = titleOf(intl, code);
  const date = intl.formatDate(code.created_at, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Item>
      {image ? <Image src={image} alt={intl.formatMessage(v.image, { link: code.link })} /> : <Placeholder />}
      <Details>
        <h3>{title}</h3>
        <Muted>{intl.formatMessage(v.createdOn, { date })}</Muted>
        {code.note ? <p>{code.note}</p> : null}
        <p>
          <strong>{intl.formatMessage(m.link)}</strong>
        </p>
        <LinkText>{code.link}</LinkText>
        <Row>
          <CopyButton value={code.link} what={intl.formatMessage(v.copyWhat, { title })} />
          {image ? (
            <Download
              href={image}
              download={`qr-code-${code.code}.svg`}
              aria-label={intl.formatMessage(v.downloadLabel, { title })}
            >
              {intl.formatMessage(m.download)}
            </Download>
          ) : null}
          <Button
            variant="quiet"
            aria-label={intl.formatMessage(v.deleteLabel, { title })}
            onClick={onDelete}
          >
            {intl.formatMessage(m.deleteButton)}
          </Button>
        </Row>
      </Details>
    </Item>
  );
}

type FieldErrors = { currency?: string; amount?: string; note?: string };

function GenerateForm({
  client,
  accounts,
  onCreated,
}: {
  client: ApiClient;
  accounts: CoreBankingAccount[];
  onCreated: (code: QrCode) => void;
}) {
  const intl = useIntl();
  const headingId = useId();
  const [currency, setCurrency] = useState(accounts[0]?.currency ?? '');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  // One Idempotency-Key per code: "Generate" pressed again after no answer makes no second code.
  const [withKey] = useState(() => attemptKeys());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = {};
    let amountMinor: string | undefined;
    if (amount.trim() !== '') {
      const minor = AmountMinor.safeParse(decimalToMinor(amount, currencyDigits(currency || 'EUR')) ?? '');
      if (!minor.success) found.amount = intl.formatMessage(m.amountInvalid);
      else amountMinor = minor.data;
    }
    const body = {
      currency,
      ...(amountMinor ? { amount_minor: amountMinor } : {}),
      ...(note.trim() ? { note: note.trim() } : {}),
    };
    const shape = QrCodeBody.safeParse(body);
    if (!shape.success) {
      for (const issue of shape.error.issues) {
        if (issue.path[0] === 'amount_minor') found.amount ??= intl.formatMessage(m.amountInvalid);
        if (issue.path[0] === 'note') found.note ??= intl.formatMessage(v.max, { n: noteMaxLength });
        if (issue.path[0] === 'currency') found.currency ??= intl.formatMessage(m.noAccount);
      }
    }
    setErrors(found);
    if (found.amount || found.note || found.currency || !shape.success) return;
    setBusy(true);
    try {
      const created = await withKey(shape.data, (key) =>
        unwrap(
          client.POST('/api/merchants/qr_codes/', {
            params: { header: { 'idempotency-key': key } },
            body: shape.data,
          }),
        ),
      );
      notify('success', intl.formatMessage(m.created));
      setAmount('');
      setNote('');
      onCreated(created);
    } catch (error) {
      const fields = isApiFailure(error) && error.kind === 'http' ? error.fields : undefined;
      if (fields && Object.keys(fields).length > 0) {
        setErrors({
          ...(fields.currency ? { currency: intl.formatMessage(m.noAccount) } : {}),
          ...(fields.amount_minor ? { amount: intl.formatMessage(m.amountInvalid) } : {}),
          ...(fields.note ? { note: intl.formatMessage(v.max, { n: noteMaxLength }) } : {}),
        });
      } else {
        notify('danger', intl.formatMessage(m.createFailed));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId}>{intl.formatMessage(m.generateTitle)}</h2>
      {accounts.length === 0 ? (
        <Muted>{intl.formatMessage(m.noAccount)}</Muted>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)}>
          <OptionSelectField
            label={intl.formatMessage(m.currency)}
            name="currency"
            value={currency}
            options={accounts.map((account) => ({
              value: account.currency,
              label: `${account.currency} · ${accountNameText(intl, account)}`,
            }))}
            onChange={setCurrency}
          />
          {errors.currency ? <Muted role="alert">{errors.currency}</Muted> : null}
          <TextField
            label={intl.formatMessage(v.amountLabel, { currency })}
            hint={intl.formatMessage(m.amountHint)}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            disabled={busy}
            value={amount}
            error={errors.amount ?? null}
            onChange={(event) => setAmount(event.target.value)}
          />
          <TextField
            label={intl.formatMessage(m.note)}
            name="note"
            autoComplete="off"
            disabled={busy}
            value={note}
            error={errors.note ?? null}
            onChange={(event) => setNote(event.target.value)}
          />
          <Button type="submit" busy={busy}>
            {intl.formatMessage(m.generate)}
          </Button>
        </form>
      )}
    </Card>
  );
}

/** SPEC §2 /my-wallet/qr-codes: generate a QR code for receiving a payment, copy its link, delete it. */
export function QrCodesScreen({ client = api }: { client?: ApiClient }) {
  const intl = useIntl();
  const listHeadingId = useId();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useQrCodes(client, attempt);
  const [deleting, setDeleting] = useState<QrCode | null>(null);
  const [busy, setBusy] = useState(false);

  const confirmDelete = async () => {
    if (!deleting) return;
    const target = deleting;
    setBusy(true);
    try {
      await expectOk(client.DELETE('/api/merchants/qr_codes/{id}/', { params: { path: { id: target.id } } }));
      notify('success', intl.formatMessage(m.deleted));
      setState((current) =>
        current.status === 'loaded'
          ? { ...current, items: current.items.filter((item) => item.id !== target.id) }
          : current,
      );
    } catch {
      notify('danger', intl.formatMessage(m.deleteFailed));
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  let body;
  if (state.status === 'loading') body = <PageSpinner />;
  else if (state.status === 'failed')
    body = (
      <LoadFailure
        failure={state.failure}
        onRetry={() => {
          setState({ status: 'loading' });
          setAttempt((n) => n + 1);
        }}
      />
    );
  else
    body = (
      <>
        <GenerateForm
          client={client}
          accounts={state.accounts}
          onCreated={(created) =>
            setState((current) =>
              current.status === 'loaded' ? { ...current, items: [created, ...current.items] } : current,
            )
          }
        />
        <Card aria-labelledby={listHeadingId}>
          <h2 id={listHeadingId}>{intl.formatMessage(m.listTitle)}</h2>
          {state.items.length === 0 ? (
            <Muted>{intl.formatMessage(m.empty)}</Muted>
          ) : (
            <List>
              {state.items.map((code) => (
                <QrCodeRow key={code.id} code={code} onDelete={() => setDeleting(code)} />
              ))}
            </List>
          )}
        </Card>
      </>
    );

  return (
    <Page>
      <h1>{intl.formatMessage(m.title)}</h1>
      <p>{intl.formatMessage(m.intro)}</p>
      {body}
      <Links>
        <Link to="/my-wallet">{intl.formatMessage(m.backToWallet)}</Link>
      </Links>
      {deleting ? (
        <Dialog
          title={intl.formatMessage(m.deleteTitle)}
          onEscape={() => setDeleting(null)}
          actions={
            <>
              <Button variant="secondary" data-autofocus="" onClick={() => setDeleting(null)}>
                {intl.formatMessage(m.cancel)}
              </Button>
              <Button variant="danger" busy={busy} onClick={() => void confirmDelete()}>
                {intl.formatMessage(m.deleteButton)}
              </Button>
            </>
          }
        >
          <p>{titleOf(intl, deleting)}</p>
          <p>{intl.formatMessage(m.deleteBody)}</p>
        </Dialog>
      ) : null}
    </Page>
  );
}

export default QrCodesScreen;
