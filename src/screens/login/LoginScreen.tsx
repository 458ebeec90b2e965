import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { selectLoginStep } from '../../../machines/login.machine';
import type { SessionSnapshot } from '../../../machines/session.machine';
import { useSessionActor } from '../../app/session';
import { Card, Page } from '../../ui/Layout';
import { PageSpinner } from '../../ui/Spinner';
import { CodeStep } from './CodeStep';
import { CredentialsStep } from './CredentialsStep';
import { MethodStep } from './MethodStep';
import { useLogin, type LoginActor } from './loginActor';

// The session machine invokes the login journey as child `login` while signed out (machines/session.machine.ts).
const selectLoginActor = (snapshot: SessionSnapshot): LoginActor | undefined => snapshot.children.login;

const stepPaths = { credentials: '/login', method: '/login/method', code: '/login/code' } as const;

function LoginJourney({ login }: { login: LoginActor }) {
  const step = useLogin(login, selectLoginStep);
  const navigate = useNavigate();
  const { step: urlStep } = useParams();

  // The address follows the journey (SPEC §2 /login/:step?) without driving it: the machine decides the step.
  useEffect(() => {
    if (step === 'done') return;
    const target = stepPaths[step];
    if (`/login${urlStep ? `/${urlStep}` : ''}` !== target) void navigate(target, { replace: true });
  }, [step, urlStep, navigate]);

  switch (step) {
    case 'credentials':
      return <CredentialsStep login={login} />;
    case 'method':
      return <MethodStep login={login} />;
    case 'code':
      return <CodeStep login={login} />;
    case 'done':
      return <PageSpinner />;
  }
}

/** SPEC §2 /login/:step?: renders the login statechart that runs inside the session while signed out. */
export function LoginScreen() {
  const session = useSessionActor();
  const login = useSelector(session, selectLoginActor);
  return (
    <Page $narrow>
      <Card>{login ? <LoginJourney key={login.sessionId} login={login} /> : <PageSpinner />}</Card>
    </Page>
  );
}

export default LoginScreen;
