import { screen } from '@testing-library/react';
import { Route } from 'react-router';
import type { ActorRefFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  invitationMachine,
  type AcceptInput,
  type InvitationKeyInput,
} from '../../machines/invitation.machine';
import {
  oneTimeCodeMachine,
  type CodeGrant,
  type CodeSent,
  type OneTimeCodeOutput,
  type SendCodeInput,
  type VerifyCodeInput,
} from '../../machines/oneTimeCode.machine';
import type { AcceptInvitationResponse, InvitationPreview } from '../../schemas/employees.schema';
import { InvitationRoute } from '../../src/screens/invitation/InvitationScreen';
import { InvitationSuccessScreen } from '../../src/screens/invitation/InvitationSuccessScreen';
import { generatePaths } from './generatePaths';
import {
  journeyCapture,
  renderJourneyScreen,
  runPath,
  type Executors,
  type PathRunner,
  type RenderedApp,
} from './harness';
import {
  invitationModel,
  invitationPath,
  invitationTexts as t,
  invitee,
  resendSeconds,
  successPath,
} from './invitation.paths';
import { finishCodeStep } from './oneTimeCodeSteps';

// Every generated path of accepting an invitation (machines/invitation.machine.ts), run against the real screens at
// /merchant-invitation/:key/accept and /invitation/success by a visitor who is not signed in.

type InvitationActor = ActorRefFrom<typeof invitationMachine>;

const journey = journeyCapture<InvitationActor>('invitation journey');

const click = async (app: RenderedApp, name: string) => {
  await app.user.click(screen.getByRole('button', { name }));
};

/** Replaces a field's text the way a password manager or a paste would. */
async function retype(app: RenderedApp, label: string, value: string) {
  const field = screen.getByLabelText(label);
  await app.user.clear(field);
  await app.user.click(field);
  await app.user.paste(value);
}

const executors: Executors<typeof invitationMachine> = {
  'invitation.opened': async () => {
    throw new Error('the page sends invitation.opened by itself');
  },
  'load.retry': (app) => click(app, t.retry),
  'details.submit': async (app, event) => {
    await retype(app, 'First name', event.names.first_name);
    await retype(app, 'Last name', event.names.last_name);
    await click(app, t.continue);
  },
  'details.edit': (app) => click(app, t.back),
  'factor.chosen': (app, event) => click(app, event.method === 'email' ? t.email : t.sms),
  'factor.change': (app) => click(app, t.back),
  'phone.submit': async (app, event) => {
    await retype(app, 'Mobile phone', event.phone.replace(/^\+30/, ''));
    await click(app, t.sendCode);
  },
  'password.submit': async (app, event) => {
    await retype(app, 'New password', event.password);
    await retype(app, 'Confirm new password', event.password);
    // With SMS codes the phone comes next ("Continue"); with email codes this accepts.
    await click(app, screen.queryByRole('button', { name: t.accept }) ? t.accept : t.continue);
  },
};

function startApp(): RenderedApp {
  return renderJourneyScreen<InvitationActor>({
    path: invitationPath,
    route: '/merchant-invitation/:key/accept',
    routes: <Route path={successPath} element={<InvitationSuccessScreen />} />,
    journey,
    // No refresh cookie: the invitee is not signed in.
    session: null,
    screen: ({ effects, clock, inspect }) => (
      <InvitationRoute
        logic={invitationMachine.provide({
          actors: {
            invitationByKey: effects.logic<InvitationPreview, InvitationKeyInput>(),
            acceptInvitation: effects.logic<AcceptInvitationResponse, AcceptInput>(),
            oneTimeCode: oneTimeCodeMachine.provide({
              actors: {
                sendCode: effects.logic<CodeSent, SendCodeInput>(),
                verifyCode: effects.logic<CodeGrant, VerifyCodeInput>(),
              },
            }),
          },
        })}
        clock={clock}
        inspect={inspect}
      />
    ),
  });
}

const runner: PathRunner<typeof invitationMachine> = {
  model: invitationModel,
  executors,
  live: () => journey.snapshot(),
  // The phone's code step ends through its screen: joined, refused (the phone when sending, the rest when the code
  // is checked with the acceptance), or "Change number".
  settleOther: async (rendered, action) => {
    if (action.id !== 'oneTimeCode') return false;
    await finishCodeStep(rendered, action.output as OneTimeCodeOutput, {
      methodButton: null,
      firstHeading: t.codeTitle,
      codeHeading: t.codeTitle,
      codeLabel: 'Verification code',
      cancel: t.changePhone,
      sent: { method: 'sms', destination: '+30 ******5678', expires_in: 300, resend_in: resendSeconds },
      refusedAt: (failure) =>
        failure.kind === 'http' && (failure.status === 410 || failure.fields?.['phone']) ? 'send' : 'verify',
    });
    return true;
  },
};

const paths = generatePaths(invitationModel);

describe(`invitation journey: ${paths.length} generated paths`, () => {
  it.each(paths.map((path) => [path.id, path] as const))('%s', async (_id, path) => {
    const app = startApp();
    await runPath(runner, path, app);
    // What was sent is what the invitee chose: the names and the password; with email codes no phone, with SMS the
    // phone, whose code the code step checks with the acceptance.
    const accepted = app.effects.made.filter((call) => call.id === 'acceptInvitation');
    for (const { input } of accepted as Array<{ input: AcceptInput }>) {
      expect(input.body).toMatchObject({ first_name: invitee.first_name, password: invitee.password });
      expect(input.body).toMatchObject({ mfa_method: 'email' });
      expect(input.body).not.toHaveProperty('phone');
    }
    const checked = app.effects.made.filter((call) => call.id === 'verifyCode');
    for (const { input } of checked as Array<{ input: VerifyCodeInput }>) {
      expect(input).toMatchObject({
        purpose: 'invitation',
        code: invitee.code,
        body: {
          first_name: invitee.first_name,
          password: invitee.password,
          mfa_method: 'sms',
          phone: invitee.phone,
        },
      });
    }
  });
});

describe('the success page', () => {
  it('says whom the invitee joined as what, and sends them to sign in', async () => {
    const app = startApp();
    const path = paths.find((one) => one.target.includes('"value":"accepted"'));
    if (!path) throw new Error('no path ends accepted');
    await runPath(runner, path, app);
    expect(
      screen.getByText(
        `You joined Demo Coffee as Viewer. Sign in with ${invitee.email} and the password you chose.`,
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
  });
});

describe('the details page', () => {
  it('tells the invitee, in the second person, what their role lets them see and change', async () => {
    const app = startApp();
    const path = paths.find((one) => one.target.includes('"value":"accepted"'));
    if (!path) throw new Error('no path ends accepted');
    // Run the path up to the details page only.
    const details = path.steps.findIndex((step) => step.event.type === 'details.submit');
    await runPath(runner, { ...path, steps: path.steps.slice(0, details) }, app);
    await screen.findByText('Demo Coffee invited you (' + invitee.email + ') as Viewer.');
    expect(
      screen.getByText(
        'You will see: Overview, Dashboard, Analytics, Transactions, Cards, Wallet, Scheduled payments, ' +
          'Beneficiaries, QR codes, Cashback, and Team. You cannot change anything: you cannot pay, order cards, ' +
          'or change the plan or the team.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText('You will also see the company’s balances and all its transactions.'),
    ).toBeTruthy();
    expect(screen.queryByText(/Their own/)).toBeNull();
  });
});
