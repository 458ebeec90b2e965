import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import styled from 'styled-components';
import { selectUser } from '../../../machines/session.machine';
import { canAccess } from '../../../schemas/permissions';
import { useSessionActor } from '../../app/session';
import { pendingRequestsText, requestMoneyText } from './requestMessages';

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

/** The wallet's ways to request money and to the requests received, for those who may use them (SPEC §6). */
export function RequestLinks() {
  const intl = useIntl();
  const user = useSelector(useSessionActor(), selectUser);
  if (!user || !canAccess(user, 'request-money')) return null;
  return (
    <Links>
      <li>
        <Link to="/my-wallet/request-money">{intl.formatMessage(requestMoneyText.title)}</Link>
      </li>
      <li>
        <Link to="/my-wallet/pending-requests">{intl.formatMessage(pendingRequestsText.title)}</Link>
      </li>
    </Links>
  );
}
