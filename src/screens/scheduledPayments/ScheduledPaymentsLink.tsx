import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import styled from 'styled-components';
import { selectUser } from '../../../machines/session.machine';
import { canAccess } from '../../../schemas/permissions';
import { useSessionActor } from '../../app/session';
import { scheduledPaymentMessages as m } from './scheduledPaymentMessages';
import { scheduledPaymentsPath } from './scheduleText';

const Wrapper = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(5)};
  a {
    display: inline-block;
    padding: ${({ theme }) => `${theme.space(2)} 0`};
    font-weight: 600;
  }
`;

/** The wallet's link to the scheduled payments, for those who may see them (SPEC §6). */
export function ScheduledPaymentsLink() {
  const intl = useIntl();
  const user = useSelector(useSessionActor(), selectUser);
  if (!user || !canAccess(user, 'scheduled-payments')) return null;
  return (
    <Wrapper>
      <Link to={scheduledPaymentsPath}>{intl.formatMessage(m.listTitle)}</Link>
    </Wrapper>
  );
}
