import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import styled from 'styled-components';
import { selectUser } from '../../../machines/session.machine';
import { canAccess } from '../../../schemas/permissions';
import { useSessionActor } from '../../app/session';
import { qrCodeMessages as m } from './qrCodeMessages';
import { qrCodesPath } from './paths';

const Wrapper = styled.p`
  margin: ${({ theme }) => `${theme.space(3)} 0 0`};
  a {
    display: inline-block;
    padding: ${({ theme }) => `${theme.space(2)} 0`};
    font-weight: 600;
  }
`;

/** The wallet's way to /my-wallet/qr-codes, for those who may use it (SPEC §6). */
export function QrCodesLink() {
  const intl = useIntl();
  const user = useSelector(useSessionActor(), selectUser);
  if (!user || !canAccess(user, 'qr-codes')) return null;
  return (
    <Wrapper>
      <Link to={qrCodesPath}>{intl.formatMessage(m.receiveWithQr)}</Link>
    </Wrapper>
  );
}
