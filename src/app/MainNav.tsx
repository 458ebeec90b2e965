import { FormattedMessage, useIntl } from 'react-intl';
import { NavLink } from 'react-router';
import styled from 'styled-components';
import type { UserInfo } from '../../schemas/auth.schema';
import { canAccess } from '../../schemas/permissions';

const Nav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  order: 3;
  width: 100%;
  @media (min-width: ${({ theme }) => theme.breakpoints.tablet}) {
    order: 0;
    width: auto;
  }
  a {
    font-weight: 600;
    text-decoration: none;
    padding: ${({ theme }) => `${theme.space(2)} 0`};
    border-bottom: 3px solid transparent;
  }
  a[aria-current='page'] {
    border-bottom-color: ${({ theme }) => theme.colors.primary};
  }
`;

/**
 * The signed-in header's links, each shown only to a user whose role opens its area (schemas/permissions.ts; the
 * server refuses the rest anyway). Its own chunk: /login never shows it (src/app/AppShell.tsx).
 */
export function MainNav({ user }: { user: UserInfo }) {
  const intl = useIntl();
  return (
    <Nav aria-label={intl.formatMessage({ id: 'app.nav.label', defaultMessage: 'Main' })}>
      {canAccess(user, 'dashboard') ? (
        <NavLink to="/dashboard">
          <FormattedMessage id="app.nav.dashboard" defaultMessage="Dashboard" />
        </NavLink>
      ) : null}
      <NavLink to="/overview">
        <FormattedMessage id="app.nav.overview" defaultMessage="Overview" />
      </NavLink>
      {canAccess(user, 'my-wallet') ? (
        <NavLink to="/my-wallet">
          <FormattedMessage id="app.nav.myWallet" defaultMessage="My wallet" />
        </NavLink>
      ) : null}
      {canAccess(user, 'cards') ? (
        <NavLink to="/cards">
          <FormattedMessage id="app.nav.cards" defaultMessage="Cards" />
        </NavLink>
      ) : null}
      {canAccess(user, 'cashback') ? (
        <NavLink to="/cashback">
          <FormattedMessage id="app.nav.cashback" defaultMessage="Cashback" />
        </NavLink>
      ) : null}
      {canAccess(user, 'transactions') ? (
        <NavLink to="/transactions">
          <FormattedMessage id="app.nav.transactions" defaultMessage="Transactions" />
        </NavLink>
      ) : null}
      {canAccess(user, 'plans') ? (
        <NavLink to="/plans">
          <FormattedMessage id="app.nav.plans" defaultMessage="Plans" />
        </NavLink>
      ) : null}
      {canAccess(user, 'analytics') ? (
        <NavLink to="/analytics">
          <FormattedMessage id="app.nav.analytics" defaultMessage="Analytics" />
        </NavLink>
      ) : null}
      {canAccess(user, 'advertise-with-us') ? (
        <NavLink to="/advertise-with-us">
          <FormattedMessage id="app.nav.advertising" defaultMessage="Advertise with us" />
        </NavLink>
      ) : null}
      {canAccess(user, 'my-addresses') ? (
        <NavLink to="/my-addresses">
          <FormattedMessage id="app.nav.addresses" defaultMessage="Addresses" />
        </NavLink>
      ) : null}
      {canAccess(user, 'my-employees') ? (
        <NavLink to="/my-employees">
          <FormattedMessage id="app.nav.team" defaultMessage="Team" />
        </NavLink>
      ) : null}
      <NavLink to="/settings">
        <FormattedMessage id="app.nav.settings" defaultMessage="Settings" />
      </NavLink>
      {canAccess(user, 'profile') ? (
        <NavLink to="/profile">
          <FormattedMessage id="app.nav.profile" defaultMessage="Profile" />
        </NavLink>
      ) : null}
    </Nav>
  );
}
