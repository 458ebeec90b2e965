import { useSelector } from '@xstate/react';
import { Navigate } from 'react-router';
import { selectAuthenticated, selectRestoring, selectUser } from '../../../machines/session.machine';
import { loginPath, onboardingRedirect } from '../../app/guards';
import { useSessionActor } from '../../app/session';
import { PageSpinner } from '../../ui/Spinner';
import {
  IdentityVerificationScreen,
  type IdentityVerificationScreenProps,
} from './IdentityVerificationScreen';

/**
 * Identity verification is part of onboarding: for a signed-in user whose merchant is in `onboarding` or `rejected`,
 * or `information_requested` (the server refuses it with step_locked unless the bank named the identity step).
 * Approved merchants have nothing left here, in review waits on /information-submitted. The server checks the same.
 */
export function IdentityVerificationRoute(props: IdentityVerificationScreenProps) {
  const session = useSessionActor();
  const restoring = useSelector(session, selectRestoring);
  const authenticated = useSelector(session, selectAuthenticated);
  const user = useSelector(session, selectUser);
  if (restoring) return <PageSpinner />;
  if (!authenticated || !user) return <Navigate to={loginPath} replace />;
  if (user.merchant.status === 'approved') return <Navigate to="/" replace />;
  if (user.merchant.status === 'in_review') {
    return <Navigate to={onboardingRedirect(user.merchant.status) ?? '/'} replace />;
  }
  return <IdentityVerificationScreen {...props} />;
}

export default IdentityVerificationRoute;
