import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import styled from 'styled-components';
import { selectUser } from '../../../machines/session.machine';
import { canAccess, type Area } from '../../../schemas/permissions';
import { qrCodesPath, scheduledPaymentsPath } from '../../app/paths';
import { useSessionActor } from '../../app/session';
import { pageTitles } from '../../i18n/pageTitles';

// The wallet's ways to the features built on it (SPEC §6), each shown only to those who may use it.

function useMayUse(area: Area): boolean {
  const user = useSelector(useSessionActor(), selectUser);
  return user != null && canAccess(user, area);
}

const QrWrapper = styled.p`
  margin: ${({ theme }) => `${theme.space(3)} 0 0`};
  a {
    display: inline-block;
    padding: ${({ theme }) => `${theme.space(2)} 0`};
    font-weight: 600;
  }
`;

/** The way to /my-wallet/qr-codes. */
export function QrCodesLink() {
  const intl = useIntl();
  if (!useMayUse('qr-codes')) return null;
  return (
    <QrWrapper>
      <Link to={qrCodesPath}>
        {intl.formatMessage({ id: 'qrCodes.walletLink', defaultMessage: 'Get paid with a QR code' })}
      </Link>
    </QrWrapper>
  );
}

const Links = styled.ul`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space(5)};
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space(2)} ${theme.space(5)}`};
  a {
    display: inline-block;
    padding: ${({ theme }) => `${theme.space(2)} 0`};
    font-weight: 600;
  }
`;

/** The ways to request money and to the requests received. */
export function RequestLinks() {
  const intl = useIntl();
  if (!useMayUse('request-money')) return null;
  return (
    <Links>
      <li>
        <Link to="/my-wallet/request-money">{intl.formatMessage(pageTitles.requestMoney)}</Link>
      </li>
      <li>
        <Link to="/my-wallet/pending-requests">{intl.formatMessage(pageTitles.pendingRequests)}</Link>
      </li>
    </Links>
  );
}

const ScheduledWrapper = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(5)};
  a {
    display: inline-block;
    padding: ${({ theme }) => `${theme.space(2)} 0`};
    font-weight: 600;
  }
`;

/** The link to the scheduled payments. */
export function ScheduledPaymentsLink() {
  const intl = useIntl();
  if (!useMayUse('scheduled-payments')) return null;
  return (
    <ScheduledWrapper>
      <Link to={scheduledPaymentsPath}>{intl.formatMessage(pageTitles.scheduledPayments)}</Link>
    </ScheduledWrapper>
  );
}
