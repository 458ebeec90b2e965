import { useSelector } from '@xstate/react';
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import {
  selectAuthenticated,
  selectRestoring,
  selectSigningOut,
  selectUser,
} from '../../machines/session.machine';
import type { UserInfo } from '../../schemas/auth.schema';
import type { MerchantStatus } from '../../schemas/onboarding.schema';
import { canAccess, fallbackRoute, type Area } from '../../schemas/permissions';
import { PageSpinner } from '../ui/Spinner';
import { stepsJustWentBack } from './historyStack';
import { readReturnTo, rememberReturnTo } from './returnTo';
import { useSessionActor } from './session';

export const loginPath = '/login';

/** Remembers where the user was going, then sends them to sign in (SPEC §6). */
function RedirectToLogin({ from }: { from: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    rememberReturnTo(from);
    void navigate(loginPath, { replace: true });
  }, [from, navigate]);
  return <PageSpinner />;
}

/**
 * Where a signed-in user of a merchant that is not approved belongs instead of the banking pages: the
 * review notice while in review, else the onboarding, which opens on the first incomplete step by itself.
 */
export function onboardingRedirect(status: MerchantStatus): string | null {
  if (status === 'approved') return null;
  if (status === 'in_review') return '/information-submitted';
  return '/registration';
}

/**
 * How a route opens, for the guards here and for the navigation (src/app/navGroups.ts), which shows a link only where
 * `routeRedirect` lets it open, so the menu never offers a page that bounces back:
 * - `protected`: a banking page of `area` (RequireAuth): approved merchants whose role opens the area;
 * - `application`: the page of the merchant's application (`to`: /registration or /information-submitted) while it
 *   is not approved, the one `onboardingRedirect` sends every protected route to;
 * - `public`: any visitor (the FAQ).
 */
export type RouteAccess =
  { kind: 'protected'; area: Area } | { kind: 'application'; to: string } | { kind: 'public' };

/** Where a signed-in `user` opening a route of `access` is sent instead; null when it opens for them. */
export function routeRedirect(user: UserInfo, access: RouteAccess): string | null {
  const application = onboardingRedirect(user.merchant.status);
  switch (access.kind) {
    case 'public':
      return null;
    case 'application':
      if (application === null) return '/';
      return application === access.to ? null : application;
    case 'protected':
      if (application !== null) return application;
      return canAccess(user, access.area) ? null : fallbackRoute;
  }
}

/**
 * A protected route (SPEC §6). Convenience only: the server answers 401/403 for the same rules (docs/engineering.md principle 8).
 * While the session is being restored from the refresh cookie, or torn down, it shows progress instead of deciding.
 */
export function RequireAuth({ area, children }: { area: Area; children: ReactNode }) {
  const session = useSessionActor();
  const restoring = useSelector(session, selectRestoring);
  const signingOut = useSelector(session, selectSigningOut);
  const authenticated = useSelector(session, selectAuthenticated);
  const user = useSelector(session, selectUser);
  const location = useLocation();
  const here = `${location.pathname}${location.search}${location.hash}`;
  const redirect = user ? routeRedirect(user, { kind: 'protected', area }) : null;
  const allowed = authenticated && user !== null && redirect === null;

  useEffect(() => {
    if (allowed) rememberReturnTo(here);
  }, [allowed, here]);

  if (restoring || signingOut) return <PageSpinner />;
  if (!authenticated || !user) return <RedirectToLogin from={here} />;
  if (redirect !== null) return <Navigate to={redirect} replace />;
  return children;
}

/**
 * The application's pages (/registration, /information-submitted) for a signed-in user: the one `onboardingRedirect`
 * names for the merchant's status, else where `routeRedirect` sends them (approved: home). Signed out they are public
 * (registration's account phase); each screen decides that case itself.
 */
export function ApplicationRoute({ to, children }: { to: string; children: ReactNode }) {
  const session = useSessionActor();
  const authenticated = useSelector(session, selectAuthenticated);
  const user = useSelector(session, selectUser);
  const redirect = authenticated && user ? routeRedirect(user, { kind: 'application', to }) : null;
  if (redirect !== null) return <Navigate to={redirect} replace />;
  return children;
}

/**
 * A signed-in user on a sign-in page. Come by Back (the sign-in or sign-up page behind a merchant who has just
 * registered), the history goes forward again to where they were, keeping what lay beyond; otherwise they go on to
 * the remembered protected URL, which takes the sign-in page's place in the history.
 */
function SignedInOnGuestPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [back] = useState(() => stepsJustWentBack(location.key));
  useEffect(() => {
    if (back > 0) void navigate(back);
    else void navigate(readReturnTo(), { replace: true });
  }, [back, navigate]);
  return <PageSpinner />;
}

/** The sign-in pages: a signed-in user goes on to the remembered protected URL (default `/`). */
export function GuestOnly({ children }: { children: ReactNode }) {
  const session = useSessionActor();
  const restoring = useSelector(session, selectRestoring);
  const authenticated = useSelector(session, selectAuthenticated);
  if (restoring) return <PageSpinner />;
  if (authenticated) return <SignedInOnGuestPage />;
  return children;
}
