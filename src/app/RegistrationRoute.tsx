import { useSelector } from '@xstate/react';
import { lazy } from 'react';
import { Navigate } from 'react-router';
import { selectAuthenticated, selectRestoring, selectUser } from '../../machines/session.machine';
import { api } from '../api/client';
import { createRegistrationLogic } from './registrationActors';
import { useSessionActor } from './session';
import { PageSpinner } from '../ui/Spinner';
import { RegistrationScreen, type RegistrationScreenProps } from '../screens/registration/RegistrationScreen';

const registrationLogic = createRegistrationLogic(api);
// The onboarding phase is its own chunk: a new account downloads it only once signed in.
const OnboardingScreen = lazy(() => import('../screens/onboarding/OnboardingScreen'));

/**
 * SPEC §2 /registration/:step?/:id?: the account phase while signed out; signed in, the company onboarding of the
 * user's merchant until it is approved. Approved merchants have nothing left here. The route chooses between two
 * journeys' screens, which is wiring: it lives in the app, not in either screen folder.
 */
export function RegistrationRoute({ logic = registrationLogic, ...seams }: Partial<RegistrationScreenProps>) {
  const session = useSessionActor();
  const restoring = useSelector(session, selectRestoring);
  const authenticated = useSelector(session, selectAuthenticated);
  const user = useSelector(session, selectUser);
  if (restoring) return <PageSpinner />;
  if (authenticated && user) {
    if (user.merchant.status === 'approved') return <Navigate to="/" replace />;
    return <OnboardingScreen merchantId={user.merchant.id} />;
  }
  return <RegistrationScreen logic={logic} {...seams} />;
}

export default RegistrationRoute;
