import { useSelector } from '@xstate/react';
import { LogOut } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import styled from 'styled-components';
import {
  selectAuthenticated,
  selectConfirmingSignOut,
  selectIdleWarning,
  selectNotice,
  selectRestoring,
  selectSigningOut,
  selectUser,
} from '../../machines/session.machine';
import { api, unwrap } from '../api/client';
import { errorMessages } from '../i18n/errorMessages';
import type { Locale } from '../i18n/locale';
import { Button } from '../ui/Button';
import { theme } from '../ui/theme';
import { notify } from '../ui/notify';
import { mayChooseAccount } from './currentAccount';
import { useHistoryStack } from './historyStack';
import { LanguageSwitcher } from './LanguageSwitcher';
import { NotificationsProvider } from './notifications';
import { useSessionActor } from './session';
import { useUserLanguage } from './useUserLanguage';

// Shown only to signed-in users, so /login does not load them (the navigation either); fetched ahead once a user is
// signed in.
const loadSignOutDialog = () => import('./SignOutDialog');
const loadIdleWarningDialog = () => import('./IdleWarningDialog');
const loadNotificationBell = () => import('./NotificationBell');
const loadMainNav = () => import('./MainNav');
const loadAccountSwitcher = () => import('./AccountSwitcher');
const SignOutDialog = lazy(loadSignOutDialog);
const IdleWarningDialog = lazy(loadIdleWarningDialog);
const NotificationBell = lazy(() =>
  loadNotificationBell().then((module) => ({ default: module.NotificationBell })),
);
const MainNav = lazy(() => loadMainNav().then((module) => ({ default: module.MainNav })));
const AccountSwitcher = lazy(() =>
  loadAccountSwitcher().then((module) => ({ default: module.AccountSwitcher })),
);

/** Holds the bell's place (44 × 44, NotificationBell.tsx) while it loads, so the header does not move. */
const BellPlace = styled.span`
  display: inline-block;
  width: 44px;
  height: 44px;
`;

/** Activity is reported at most this often: enough for a 15-minute idle limit, cheap for the machine. */
export const activityThrottleMs = 5_000;

const SkipLink = styled.a`
  position: absolute;
  left: -999px;
  top: 0;
  background: ${({ theme }) => theme.colors.surface};
  padding: ${({ theme }) => theme.space(2)};
  z-index: 1001;
  &:focus {
    left: ${({ theme }) => theme.space(2)};
  }
`;

const Header = styled.header`
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

/**
 * One row at every width from 320 px: brand, the merchant's name and account switcher, language, bell and sign-out;
 * the navigation is in the sidebar or bar. The account list opens below it (src/app/AccountSwitcher.tsx).
 */
const HeaderInner = styled.div`
  position: relative;
  padding: ${({ theme }) => theme.space(2)};
  display: flex;
  flex-wrap: nowrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  @media (min-width: ${({ theme }) => theme.breakpoints.tablet}) {
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(6)}`};
    gap: ${({ theme }) => theme.space(3)};
  }
`;

/**
 * Signed in on a phone the merchant's name takes the brand's place: the row has no room for both, and the bottom bar
 * leads home.
 */
const Brand = styled(Link)<{ $yieldOnPhones: boolean }>`
  flex: none;
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  font-size: 1.25rem;
  font-weight: 800;
  color: ${({ theme }) => theme.colors.primary};
  text-decoration: none;
  white-space: nowrap;
  @media not all and (min-width: ${({ theme }) => theme.breakpoints.tablet}) {
    font-size: 1.125rem;
    ${({ $yieldOnPhones }) => ($yieldOnPhones ? 'display: none;' : '')}
  }
`;

/** Takes the row's free space, so what follows it sits at the right edge. */
const Spacer = styled.span`
  flex: 1 1 0;
  min-width: 0;
`;

/**
 * The one part of the row that gives way when it is narrow: cut with an ellipsis, the whole name stays in the text
 * (screen readers) and in the title (hover).
 */
const MerchantName = styled.span`
  flex: 0 1 auto;
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  font-weight: 600;
  @media (min-width: ${({ theme }) => theme.breakpoints.tablet}) {
    padding-left: ${({ theme }) => theme.space(3)};
    border-left: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

/**
 * Below desktop width the icon alone shows, beside the words kept for screen readers (the row also holds the merchant's
 * name and account there); from desktop width up both show.
 */
const SignOutButton = styled(Button)`
  flex: none;
  @media not all and (min-width: ${({ theme }) => theme.breakpoints.desktop}) {
    padding: ${({ theme }) => theme.space(2)};
    min-width: 44px;
  }
`;

const SignOutWords = styled.span`
  @media not all and (min-width: ${({ theme }) => theme.breakpoints.desktop}) {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0, 0, 0, 0);
    white-space: nowrap;
  }
`;

/**
 * Signed in: the sidebar beside the content from tablet width up (src/app/MainNav.tsx); on phones the content is
 * padded at the bottom so the fixed bottom bar never covers its end.
 */
const Frame = styled.div<{ $withNav: boolean }>`
  ${({ $withNav, theme }) =>
    $withNav
      ? `
  @media (min-width: ${theme.breakpoints.tablet}) {
    display: grid;
    grid-template-columns: ${theme.shell.sidebarWidth} minmax(0, 1fr);
    align-items: start;
  }
  @media not all and (min-width: ${theme.breakpoints.tablet}) {
    padding-bottom: calc(${theme.shell.bottomBarHeight} + env(safe-area-inset-bottom));
  }`
      : ''}
`;

const Content = styled.div`
  min-width: 0;
  grid-column: 2;
`;

/** Public pages every visitor can reach, signed in or not (SPEC §2). */
const Footer = styled.footer`
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  margin-top: ${({ theme }) => theme.space(6)};
  nav {
    max-width: 64rem;
    margin: 0 auto;
    padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => `${theme.space(1)} ${theme.space(5)}`};
  }
  a {
    display: inline-block;
    padding: ${({ theme }) => `${theme.space(2)} 0`};
    font-weight: 600;
  }
`;

const Main = styled.main`
  &:focus {
    outline: none;
  }
`;

/** Reports user activity to the session (SPEC §4 idle limit), throttled, only while signed in. */
function useActivityTracking(enabled: boolean) {
  const session = useSessionActor();
  useEffect(() => {
    if (!enabled) return;
    let last = 0;
    const onActivity = () => {
      const now = Date.now();
      if (now - last < activityThrottleMs) return;
      last = now;
      session.send({ type: 'user.activity' });
    };
    window.addEventListener('pointerdown', onActivity, { passive: true });
    window.addEventListener('keydown', onActivity);
    return () => {
      window.removeEventListener('pointerdown', onActivity);
      window.removeEventListener('keydown', onActivity);
    };
  }, [enabled, session]);
}

/** SPEC §4: when the session ends by itself the user is told once, with a danger toast. */
function useExpiryNotice() {
  const session = useSessionActor();
  const intl = useIntl();
  const notice = useSelector(session, selectNotice);
  useEffect(() => {
    if (notice !== 'sessionExpired') return;
    notify('danger', intl.formatMessage(errorMessages.session_expired), { id: 'session-expired' });
    session.send({ type: 'notice.dismissed' });
  }, [notice, intl, session]);
}

/**
 * The frame of every page: the header (brand, the merchant's name and account, language, bell, sign-out), the signed-in navigation (a sidebar, or a bottom
 * bar on phones), the footer, and the session's dialogs and notices.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const session = useSessionActor();
  const intl = useIntl();
  const authenticated = useSelector(session, selectAuthenticated);
  const signingOut = useSelector(session, selectSigningOut);
  const restoring = useSelector(session, selectRestoring);
  const user = useSelector(session, selectUser);
  const confirmingSignOut = useSelector(session, selectConfirmingSignOut);
  const idleWarning = useSelector(session, selectIdleWarning);
  const withNav = authenticated && user !== null;
  const withAccounts = authenticated && user !== null && mayChooseAccount(user);
  useActivityTracking(authenticated);
  useHistoryStack();
  useExpiryNotice();
  useUserLanguage();
  // The one settings call the header needs, written here so the shell does not pull in the settings journeys.
  const saveLanguage = useCallback(
    (language: Locale) => unwrap(api.PUT('/api/merchants/settings/language/', { body: { language } })),
    [],
  );
  useEffect(() => {
    if (!authenticated) return;
    void loadSignOutDialog();
    void loadIdleWarningDialog();
    void loadNotificationBell();
    void loadMainNav();
    void loadAccountSwitcher();
  }, [authenticated]);

  return (
    <NotificationsProvider enabled={authenticated && user !== null}>
      <SkipLink href="#main">
        <FormattedMessage id="app.skipToContent" defaultMessage="Skip to main content" />
      </SkipLink>
      <Header>
        <HeaderInner>
          <Brand to={authenticated ? '/' : '/login'} $yieldOnPhones={withNav}>
            <FormattedMessage id="app.brand" defaultMessage="Tameio" />
          </Brand>
          {withNav ? <MerchantName title={user.merchant.name}>{user.merchant.name}</MerchantName> : null}
          {withAccounts ? (
            <Suspense fallback={null}>
              <AccountSwitcher />
            </Suspense>
          ) : null}
          <Spacer />
          <LanguageSwitcher save={authenticated && user ? saveLanguage : undefined} />
          {authenticated && user ? (
            <Suspense fallback={<BellPlace />}>
              <NotificationBell />
            </Suspense>
          ) : null}
          {authenticated ? (
            <SignOutButton variant="secondary" onClick={() => session.send({ type: 'signOut.request' })}>
              <LogOut aria-hidden="true" focusable="false" size={theme.shell.iconSize} />
              <SignOutWords>
                <FormattedMessage id="app.signOut" defaultMessage="Sign out" />
              </SignOutWords>
            </SignOutButton>
          ) : null}
        </HeaderInner>
      </Header>
      <Frame $withNav={withNav}>
        {authenticated && user ? (
          <Suspense fallback={null}>
            <MainNav user={user} />
          </Suspense>
        ) : null}
        <Content>
          <Main id="main" tabIndex={-1} aria-busy={signingOut || undefined}>
            {children}
          </Main>
          {/* Hidden while the session is restored: the page above it then grows from a spinner to the screen, and on a small
              phone the footer would jump down; shown afterwards, it moves nothing. */}
          <Footer hidden={restoring}>
            <nav
              aria-label={intl.formatMessage({ id: 'app.footer.label', defaultMessage: 'Help and legal' })}
            >
              <Link to="/faq">
                <FormattedMessage id="app.footer.faq" defaultMessage="FAQ" />
              </Link>
              <Link to="/download-app">
                <FormattedMessage id="app.footer.downloadApp" defaultMessage="Get the app" />
              </Link>
              <Link to="/terms-of-use">
                <FormattedMessage id="app.footer.terms" defaultMessage="Terms of use" />
              </Link>
              <Link to="/privacy-policy">
                <FormattedMessage id="app.footer.privacy" defaultMessage="Privacy policy" />
              </Link>
            </nav>
          </Footer>
        </Content>
      </Frame>
      <Suspense fallback={null}>
        {confirmingSignOut ? <SignOutDialog /> : null}
        {idleWarning ? <IdleWarningDialog /> : null}
      </Suspense>
    </NotificationsProvider>
  );
}
