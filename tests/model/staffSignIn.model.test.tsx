import { screen } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import { Route, Routes } from 'react-router';
import { createActor, type ActorRefFrom } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import {
  staffSignInMachine,
  type StaffSessionStart,
  type StaffLoginStep,
} from '../../machines/staffSignIn.machine';
import { StaffSignInScreen } from '../../src/screens/backOffice/StaffSignInScreen';
import { generatePaths } from './generatePaths';
import {
  Deferreds,
  renderScreen,
  runPath,
  type Executors,
  type PathRunner,
  type RenderedApp,
} from './harness';
import {
  backOfficePath,
  staffCode,
  staffCredentials,
  staffSignInModel,
  staffStart,
  staffTexts as t,
  stepWithPasskey,
  stepWithoutPasskey,
} from './staffSignIn.paths';

// Every generated path of the staff sign-in (machines/staffSignIn.machine.ts), run against the real sign-in screen at
// /back-office. The journey's effects (the password, the passkey with the browser's prompt, the code) are the
// harness's controllable calls; when it ends, a stand-in shows the back office's first page (the session's own model
// test renders the real shell).

type SignIn = ActorRefFrom<typeof staffSignInMachine>;

let signIn: SignIn | undefined;
const live = (): SignIn => {
  if (!signIn) throw new Error('no staff sign-in journey runs');
  return signIn;
};

afterEach(() => {
  signIn?.stop();
  signIn = undefined;
});

/** The sign-in screen until the journey ends, then what the back office opens with (its home page's heading). */
function SignInPage({ journey }: { journey: SignIn }) {
  const done = useSelector(journey, (snapshot) => snapshot.status === 'done');
  const output = useSelector(journey, (snapshot) => snapshot.output);
  if (done && output) {
    return (
      <main>
        <h1>Welcome, {output.staff.name}</h1>
      </main>
    );
  }
  return <StaffSignInScreen signIn={journey} />;
}

const click = async (app: RenderedApp, name: string) => {
  await app.user.click(screen.getByRole('button', { name }));
};

async function retype(app: RenderedApp, label: string, value: string) {
  const field = screen.getByLabelText(label);
  await app.user.clear(field);
  if (value !== '') await app.user.type(field, value);
}

const executors: Executors<typeof staffSignInMachine> = {
  'credentials.submit': async (app, event) => {
    await retype(app, t.email, event.email);
    await retype(app, t.password, event.password);
    await click(app, t.continue);
  },
  // The passkey step's button, or the code step's way back to the passkey.
  'passkey.use': (app) =>
    click(app, screen.queryByRole('button', { name: t.usePasskey }) ? t.usePasskey : t.backToPasskey),
  'code.choose': (app) => click(app, t.useCode),
  'code.submit': async (app, event) => {
    await retype(app, t.code, event.code);
    await click(app, t.verify);
  },
  'signIn.restart': (app) => click(app, t.restart),
};

function startSignIn(): RenderedApp {
  const effects = new Deferreds();
  const journey = createActor(
    staffSignInMachine.provide({
      actors: {
        checkPassword: effects.logic<StaffLoginStep, { email: string; password: string }>(),
        signInWithPasskey: effects.logic<
          StaffSessionStart,
          { ticket: string; options: { challenge: string } }
        >(),
        signInWithCode: effects.logic<StaffSessionStart, { ticket: string; code: string }>(),
      },
    }),
  );
  journey.start();
  signIn = journey;
  // The back office is its own app: no merchant is signed in, and its pages bring their own landmarks.
  return renderScreen({
    path: backOfficePath,
    session: null,
    effects,
    routeTable: (
      <Routes>
        <Route path={backOfficePath} element={<SignInPage journey={journey} />} />
      </Routes>
    ),
  });
}

const paths = generatePaths(staffSignInModel);

const runner: PathRunner<typeof staffSignInMachine> = {
  model: staffSignInModel,
  executors,
  live: () => live().getSnapshot(),
};

describe(`staffSignIn journey: ${paths.length} generated paths`, () => {
  it.each(paths.map((path) => [path.id, path] as const))('%s', async (_id, path) => {
    const app = startSignIn();
    await runPath(runner, path, app);
  });
});

describe('what the sign-in sends', () => {
  it('sends the trimmed email, then the ticket with the passkey challenge, then the ticket with the code', async () => {
    const app = startSignIn();
    await retype(app, t.email, `  ${staffCredentials.email} `);
    await retype(app, t.password, staffCredentials.password);
    await click(app, t.continue);
    await app.effects.settle('checkPassword', { output: stepWithPasskey });
    await click(app, t.usePasskey);
    await app.effects.settle('signInWithPasskey', {
      error: { kind: 'http', status: 400, code: 'passkey_refused', message: 'Cancelled.' },
    });
    await click(app, t.useCode);
    await retype(app, t.code, staffCode);
    await click(app, t.verify);
    await app.effects.settle('signInWithCode', { output: staffStart });
    await screen.findByRole('heading', { level: 1, name: t.home });
    expect(app.effects.made).toEqual([
      { id: 'checkPassword', input: staffCredentials },
      {
        id: 'signInWithPasskey',
        input: { ticket: stepWithPasskey.ticket, options: stepWithPasskey.passkey_options },
      },
      { id: 'signInWithCode', input: { ticket: stepWithPasskey.ticket, code: staffCode } },
    ]);
    expect(live().getSnapshot().output).toEqual(staffStart);
  });

  it('keeps only digits in the code, and offers no passkey to a staff member without one', async () => {
    const app = startSignIn();
    await executors['credentials.submit'](app, { type: 'credentials.submit', ...staffCredentials });
    await app.effects.settle('checkPassword', { output: stepWithoutPasskey });
    await retype(app, t.code, '24 68-10');
    expect(screen.getByLabelText<HTMLInputElement>(t.code).value).toBe(staffCode);
    expect(screen.queryByRole('button', { name: t.backToPasskey })).toBeNull();
    expect(screen.queryByRole('button', { name: t.usePasskey })).toBeNull();
  });

  it('shows a refused code as an alert tied to the field, and clears the field for the next try', async () => {
    const app = startSignIn();
    await executors['credentials.submit'](app, { type: 'credentials.submit', ...staffCredentials });
    await app.effects.settle('checkPassword', { output: stepWithoutPasskey });
    await executors['code.submit'](app, { type: 'code.submit', code: '000000' });
    await app.effects.settle('signInWithCode', {
      error: {
        kind: 'http',
        status: 400,
        code: 'otp_invalid',
        message: 'This code is not right.',
        details: { attempts_left: 1 },
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'This code is not right. Enter the 6 digits the app shows now. 1 try left.',
    );
    const field = screen.getByLabelText<HTMLInputElement>(t.code);
    expect(field.value).toBe('');
    expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(alert.id);
  });
});
