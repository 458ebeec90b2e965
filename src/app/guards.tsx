import { useSelector } from '@xstate/react';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import {
  selectAuthenticated,
  selectRestoring,
  selectSigningOut,
  selectUser,
} from '../../machines/session.machine';
import type { MerchantStatus } from '../../schemas/onboarding.schema';
import { canAccess, fallbackRoute, type Area } from '../../schemas/permissions';
import { PageSpinner } from '../ui/Spinner';
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
  const allowed =
    authenticated && user !== null && user.merchant.status === 'approved' && canAccess(user, area);

  useEffect(() => {
    if (allowed) rememberReturnTo(here);
  }, [allowed, here]);

  if (restoring || signingOut) return <PageSpinner />;
  if (!authenticated || !user) return <RedirectToLogin from={here} />;
  const onboarding = onboardingRedirect(user.merchant.status);
  if (onboarding) return <Navigate to={onboarding} replace />;
  if (!allowed) return <Navigate to={fallbackRoute} replace />;
  return children;
}

/** The sign-in pages: a signed-in user goes on to the remembered protected URL (default `/`). */
export function GuestOnly({ children }: { children: ReactNode }) {
  const session = useSessionActor();
  const restoring = useSelector(session, selectRestoring);
  const authenticated = useSelector(session, selectAuthenticated);
  if (restoring) return <PageSpinner />;
  if (authenticated) return <Navigate to={readReturnTo()} replace />;
  return children;
}
