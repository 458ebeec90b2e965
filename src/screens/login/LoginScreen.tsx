import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { selectLoginCodeActor, selectLoginStep } from '../../../machines/login.machine';
import { selectOneTimeCodeStep } from '../../../machines/oneTimeCode.machine';
import type { SessionSnapshot } from '../../../machines/session.machine';
import { useSessionActor } from '../../app/session';
import { Card, Page } from '../../ui/Layout';
import type { OneTimeCodeActor } from '../../ui/OneTimeCodeStep';
import { PageSpinner } from '../../ui/Spinner';
import { CodeStep } from './CodeStep';
import { CredentialsStep } from './CredentialsStep';
import { useLogin, type LoginActor } from './loginActor';

// The session machine invokes the login journey as child `login` while signed out (machines/session.machine.ts).
const selectLoginActor = (snapshot: SessionSnapshot): LoginActor | undefined => snapshot.children.login;

/** The address follows the journey (SPEC §2 /login/:step?) without driving it: the machines decide the step. */
function useLoginAddress(target: string): void {
  const navigate = useNavigate();
  const { step: urlStep } = useParams();
  useEffect(() => {
    if (`/login${urlStep ? `/${urlStep}` : ''}` !== target) void navigate(target, { replace: true });
  }, [target, urlStep, navigate]);
}

function CredentialsJourney({ login }: { login: LoginActor }) {
  useLoginAddress('/login');
  return <CredentialsStep login={login} />;
}

/** The second factor: /login/method while choosing where the code goes, /login/code once it is awaited. */
function CodeJourney({ code }: { code: OneTimeCodeActor }) {
  const step = useSelector(code, selectOneTimeCodeStep);
  useLoginAddress(step === 'code' ? '/login/code' : '/login/method');
  return <CodeStep code={code} />;
}

function LoginJourney({ login }: { login: LoginActor }) {
  const step = useLogin(login, selectLoginStep);
  const code = useLogin(login, selectLoginCodeActor);
  switch (step) {
    case 'credentials':
      return <CredentialsJourney login={login} />;
    case 'code':
      return code ? <CodeJourney key={code.sessionId} code={code} /> : <PageSpinner />;
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
