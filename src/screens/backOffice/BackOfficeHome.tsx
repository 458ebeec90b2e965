import { useSelector } from '@xstate/react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { staffCanAccess } from '../../../schemas/permissions';
import { useBackOffice } from '../../app/backOfficeContext';
import { Card, Muted, Page } from '../../ui/Layout';
import { backOfficeNav } from './backOfficeNav';

const m = defineMessages({
  title: defineMessage<{ name: string }>({ id: 'backOffice.home.title', defaultMessage: 'Welcome, {name}' }),
  intro: {
    id: 'backOffice.home.intro',
    defaultMessage:
      'Every decision you make here is recorded on the audit trail with your name, the time, your address and device.',
  },
  noPasskey: {
    id: 'backOffice.home.noPasskey',
    defaultMessage: 'Add a passkey to sign in with your device’s lock instead of the authenticator code.',
  },
});

/** The back office's first page: who is signed in, and the pages their role opens. */
export function BackOfficeHome() {
  const intl = useIntl();
  const { session } = useBackOffice();
  const staff = useSelector(session, (snapshot) => snapshot.context.staff);
  if (!staff) return null;
  return (
    <Page>
      <h1>{intl.formatMessage(m.title, { name: staff.name })}</h1>
      <Muted>{intl.formatMessage(m.intro)}</Muted>
      <Card>
        <ul>
          {backOfficeNav
            .filter((item) => item.path !== '/back-office' && staffCanAccess(staff.role, item.area))
            .map((item) => (
              <li key={item.path}>
                <Link to={item.path}>{intl.formatMessage(item.label)}</Link>
              </li>
            ))}
        </ul>
        <Muted>{intl.formatMessage(m.noPasskey)}</Muted>
      </Card>
    </Page>
  );
}
