import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import styled from 'styled-components';
import { isApiFailure, type ApiFailure } from '../../../machines/apiFailure';
import { selectUser } from '../../../machines/session.machine';
import type { Beneficiary } from '../../../schemas/beneficiaries.schema';
import { canAccess } from '../../../schemas/permissions';
import { api, expectOk, unwrap, type ApiClient } from '../../api/client';
import { useSessionActor } from '../../app/session';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Card, Muted, Page, Row } from '../../ui/Layout';
import { notify } from '../../ui/notify';
import { PageSpinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { LoadFailure } from '../LoadFailure';
import { beneficiaryMessages as m, beneficiaryValueMessages as v } from './beneficiaryMessages';
import { beneficiariesPath } from './BeneficiaryFormScreen';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const Item = styled.li`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => `${theme.space(3)} 0`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  h2 {
    font-size: 1.05rem;
    margin: 0;
  }
  p {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const ButtonLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  border-radius: ${({ theme }) => theme.radii.small};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-weight: 600;
  text-decoration: none;
`;

type ListState =
  | { status: 'loading' }
  | { status: 'failed'; failure: ApiFailure }
  | { status: 'loaded'; beneficiaries: Beneficiary[] };

/** The beneficiaries matching `q`, fetched a moment after the search stops changing. */
function useBeneficiaries(client: ApiClient, q: string, attempt: number): ListState {
  const [state, setState] = useState<ListState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const query = q.trim() === '' ? {} : { q: q.trim() };
      unwrap(
        client.GET('/api/merchants/beneficiaries/', { params: { query }, signal: controller.signal }),
      ).then(
        (answer) => setState({ status: 'loaded', beneficiaries: answer.beneficiaries }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setState({ status: 'failed', failure: isApiFailure(error) ? error : { kind: 'network' } });
        },
      );
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [client, q, attempt]);
  return state;
}

function BeneficiaryRow({
  beneficiary,
  canChange,
  onDelete,
}: {
  beneficiary: Beneficiary;
  canChange: boolean;
  onDelete: () => void;
}) {
  const intl = useIntl();
  const countries = new Intl.DisplayNames([intl.locale], { type: 'region' });
  const details =
    beneficiary.kind === 'wallet'
      ? `${intl.formatMessage(m.kindWallet)} · ${beneficiary.wallet_tag ?? ''}`
      : `${intl.formatMessage(beneficiary.holder === 'company' ? m.kindCompany : m.kindBank)} · ${beneficiary.iban ?? ''} · ${
          beneficiary.bank_country ? (countries.of(beneficiary.bank_country) ?? beneficiary.bank_country) : ''
        }`;
  return (
    <Item>
      <div>
        <h2>{beneficiary.name}</h2>
        <p>{details}</p>
        {beneficiary.name_check?.accepted_mismatch ? (
          <Muted>{intl.formatMessage(m.nameUnchecked)}</Muted>
        ) : null}
      </div>
      {canChange ? (
        <Row>
          <Link
            to={`${beneficiariesPath}/edit-beneficiary/${beneficiary.id}`}
            aria-label={intl.formatMessage(v.edit, { name: beneficiary.name })}
          >
            {intl.formatMessage(m.editShort)}
          </Link>
          <Button
            variant="quiet"
            aria-label={intl.formatMessage(v.delete, { name: beneficiary.name })}
            onClick={onDelete}
          >
            {intl.formatMessage(m.deleteConfirm)}
          </Button>
        </Row>
      ) : null}
    </Item>
  );
}

/** SPEC §2 /my-beneficiaries: the list with search, edit and delete (with a confirmation). */
export function BeneficiariesScreen({ client = api }: { client?: ApiClient }) {
  const intl = useIntl();
  const user = useSelector(useSessionActor(), selectUser);
  const canChange = user !== null && canAccess(user, 'create-beneficiary');
  const [q, setQ] = useState('');
  const [attempt, setAttempt] = useState(0);
  const state = useBeneficiaries(client, q, attempt);
  const [deleting, setDeleting] = useState<Beneficiary | null>(null);
  const [busy, setBusy] = useState(false);

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await expectOk(
        client.DELETE('/api/merchants/beneficiaries/{id}/', { params: { path: { id: deleting.id } } }),
      );
      notify('success', intl.formatMessage(m.deleted));
    } catch {
      notify('danger', intl.formatMessage(m.deleteFailed));
    } finally {
      setBusy(false);
      setDeleting(null);
      setAttempt((n) => n + 1);
    }
  };

  return (
    <Page>
      <Row>
        <h1>{intl.formatMessage(m.listTitle)}</h1>
        {canChange ? (
          <ButtonLink to={`${beneficiariesPath}/create-beneficiary`}>{intl.formatMessage(m.add)}</ButtonLink>
        ) : null}
      </Row>
      <Card>
        <form role="search" onSubmit={(event) => event.preventDefault()}>
          <TextField
            type="search"
            label={intl.formatMessage(m.search)}
            value={q}
            maxLength={100}
            onChange={(event) => setQ(event.target.value)}
          />
        </form>
        {state.status === 'loading' ? <PageSpinner /> : null}
        {state.status === 'failed' ? (
          <LoadFailure failure={state.failure} onRetry={() => setAttempt((n) => n + 1)} />
        ) : null}
        {state.status === 'loaded' && state.beneficiaries.length === 0 ? (
          <Muted>{intl.formatMessage(q.trim() === '' ? m.empty : m.noResults)}</Muted>
        ) : null}
        {state.status === 'loaded' && state.beneficiaries.length > 0 ? (
          <List>
            {state.beneficiaries.map((beneficiary) => (
              <BeneficiaryRow
                key={beneficiary.id}
                beneficiary={beneficiary}
                canChange={canChange}
                onDelete={() => setDeleting(beneficiary)}
              />
            ))}
          </List>
        ) : null}
      </Card>
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
                {intl.formatMessage(m.deleteConfirm)}
              </Button>
            </>
          }
        >
          <p>{intl.formatMessage(v.deleteBody, { name: deleting.name })}</p>
        </Dialog>
      ) : null}
    </Page>
  );
}

export default BeneficiariesScreen;
