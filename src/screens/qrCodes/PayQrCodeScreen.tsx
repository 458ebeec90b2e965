import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import styled from 'styled-components';
import type { ApiFailure } from '../../../machines/apiFailure';
import type { ResolvedQrCode } from '../../../schemas/qrCodes.schema';
import { api, unwrap, type ApiClient } from '../../api/client';
import { formatMoney } from '../../i18n/formatMoney';
import { Card, Page } from '../../ui/Layout';
import { PageSpinner } from '../../ui/Spinner';
import { LoadFailure } from '../LoadFailure';
import { useLoad } from '../../app/useLoad';
import { qrCodeMessages as m, qrCodeValueMessages as v } from './qrCodeMessages';
import { qrCodesPath } from '../../app/paths';

const Figures = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  margin: ${({ theme }) => `${theme.space(3)} 0 ${theme.space(6)}`};
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-weight: 700;
    overflow-wrap: anywhere;
  }
`;

const ButtonLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-height: 44px;
  min-width: 8rem;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(5)}`};
  border-radius: ${({ theme }) => theme.radii.small};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-weight: 600;
  text-decoration: none;
`;

const Links = styled.p`
  a {
    display: inline-block;
    padding: ${({ theme }) => `${theme.space(2)} 0`};
    font-weight: 600;
  }
`;

/**
 * Where "Pay" continues: send money from the payer's account of the code's currency to the payee's wallet tag, with
 * the amount and note prefilled (`?amount=` in minor units, `?note=`).
 */
export function sendMoneyLink(resolved: ResolvedQrCode): string {
  const query = new URLSearchParams();
  if (resolved.amount) query.set('amount', resolved.amount.amount_minor);
  if (resolved.note) query.set('note', resolved.note);
  const search = query.toString();
  return (
    `/my-wallet/${encodeURIComponent(resolved.account_type)}/send-money/-/` +
    // A wallet tag is "@" and letters, digits and hyphens: "@" may stand in a path as it is.
    `${encodeURIComponent(resolved.payee.wallet_tag).replace(/^%40/, '@')}${search ? `?${search}` : ''}`
  );
}

const isStatus = (failure: ApiFailure, ...statuses: number[]) =>
  failure.kind === 'http' && statuses.includes(failure.status);

/** /pay/:code, the link a QR code carries: who will be paid and how much, then on to send money. */
export function PayQrCodeScreen({ client = api }: { client?: ApiClient }) {
  const intl = useIntl();
  const { code = '' } = useParams();
  const load = useCallback(
    (signal: AbortSignal) =>
      unwrap(client.GET('/api/merchants/qr_codes/resolve/{code}/', { params: { path: { code } }, signal })),
    [client, code],
  );
  const { state, reload } = useLoad(`qr:${code}`, load);

  if (state.status === 'loading') {
    return (
      <Page $narrow>
        <PageSpinner label={intl.formatMessage(m.payTitleLoading)} />
      </Page>
    );
  }
  if (state.status === 'failed') {
    const own = isStatus(state.failure, 422);
    const gone = isStatus(state.failure, 400, 404);
    if (own || gone) {
      return (
        <Page $narrow>
          <h1>{intl.formatMessage(own ? m.ownTitle : m.notFoundTitle)}</h1>
          <Card>
            <p>{intl.formatMessage(own ? m.ownBody : m.notFoundBody)}</p>
            <Links>
              {own ? (
                <Link to={qrCodesPath}>{intl.formatMessage(m.toQrCodes)}</Link>
              ) : (
                <Link to="/my-wallet">{intl.formatMessage(m.backToWallet)}</Link>
              )}
            </Links>
          </Card>
        </Page>
      );
    }
    return (
      <Page $narrow>
        <h1>{intl.formatMessage(m.payTitleLoading)}</h1>
        <LoadFailure failure={state.failure} onRetry={reload} />
      </Page>
    );
  }

  const resolved = state.data;
  return (
    <Page $narrow>
      <h1>{intl.formatMessage(v.payTitle, { name: resolved.payee.name })}</h1>
      <Card>
        <Figures>
          <dt>{intl.formatMessage(m.to)}</dt>
          <dd>
            {intl.formatMessage(v.payee, { name: resolved.payee.name, tag: resolved.payee.wallet_tag })}
          </dd>
          <dt>{intl.formatMessage(m.amount)}</dt>
          <dd>{resolved.amount ? formatMoney(intl, resolved.amount) : intl.formatMessage(m.payerChooses)}</dd>
          {resolved.note ? (
            <>
              <dt>{intl.formatMessage(m.noteLabel)}</dt>
              <dd>{resolved.note}</dd>
            </>
          ) : null}
        </Figures>
        <ButtonLink to={sendMoneyLink(resolved)}>{intl.formatMessage(m.pay)}</ButtonLink>
      </Card>
      <Links>
        <Link to="/my-wallet">{intl.formatMessage(m.backToWallet)}</Link>
      </Links>
    </Page>
  );
}

export default PayQrCodeScreen;
