import { screen, within } from '@testing-library/react';
import type { ActorRefFrom } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import {
  accountDeletionMachine,
  deleteBodyOf,
  type AccountDeleteInput,
  type DeletionData,
} from '../../machines/accountDeletion.machine';
import {
  oneTimeCodeMachine,
  type OneTimeCodeOutput,
  type CodeGrant,
  type CodeSent,
  type SendCodeInput,
  type VerifyCodeInput,
} from '../../machines/oneTimeCode.machine';
import type { AccountDeletion } from '../../schemas/plans.schema';
import { AccountDeletionScreen } from '../../src/screens/account/AccountDeletionScreen';
import {
  accountDeletionModel,
  deletionPath,
  deletionTexts as t,
  payoutIban,
  scheduledDeletion,
} from './accountDeletion.paths';
import { generatePaths } from './generatePaths';
import {
  journeyCapture,
  renderJourneyScreen,
  runPath,
  type Executors,
  type PathRunner,
  type RenderedApp,
} from './harness';
import { codeMethods, codeTexts } from './oneTimeCode.paths';
import { finishCodeStep } from './oneTimeCodeSteps';

// Every generated path of asking for the account to be deleted (machines/accountDeletion.machine.ts), run against the
// real screen at /account/deletion, signed in as the owner. The one-time code child is driven through its own screen
// part (src/ui/OneTimeCodeStep.tsx) wherever a path says it ends.

type DeletionActor = ActorRefFrom<typeof accountDeletionMachine>;

const journey = journeyCapture<DeletionActor>('account-deletion journey');

const click = async (app: RenderedApp, name: string) => {
  await app.user.click(screen.getByRole('button', { name }));
};

async function retype(app: RenderedApp, label: string, value: string) {
  const field = screen.getByLabelText(label);
  await app.user.clear(field);
  if (value !== '') await app.user.type(field, value);
}

const executors: Executors<typeof accountDeletionMachine> = {
  'load.retry': (app) => click(app, t.retry),
  'deletion.submit': async (app, event) => {
    await retype(app, t.iban, event.payoutIban);
    await retype(app, t.reason, event.reason);
    await click(app, t.submit);
  },
  'withdraw.request': (app) => click(app, t.withdraw),
};

/** Ends the oneTimeCode child through its screen: cancelled, or with the emailed code and the grant. */
/** The grant each request was sent with. */
let requestGrants: string[] = [];

function startApp(): RenderedApp {
  let previous = '';
  return renderJourneyScreen<DeletionActor>({
    path: deletionPath,
    route: '/account/deletion',
    journey,
    onSnapshot: (snapshot) => {
      const value = String(snapshot.value);
      if (value === 'requesting' && previous !== 'requesting')
        requestGrants.push(snapshot.context.stepUpToken ?? '');
      previous = value;
    },
    screen: ({ effects, clock, inspect }) => (
      <AccountDeletionScreen
        logic={accountDeletionMachine.provide({
          actors: {
            loadDeletion: effects.logic<DeletionData, void>(),
            oneTimeCode: oneTimeCodeMachine.provide({
              actors: {
                sendCode: effects.logic<CodeSent, SendCodeInput>(),
                verifyCode: effects.logic<CodeGrant, VerifyCodeInput>(),
              },
            }),
            accountDeleteRequest: effects.logic<AccountDeletion, AccountDeleteInput>(),
            withdrawAccountDeletion: effects.logic<AccountDeletion, void>(),
          },
        })}
        clock={clock}
        inspect={inspect}
      />
    ),
  });
}

const paths = generatePaths(accountDeletionModel);
afterEach(() => {
  requestGrants = [];
});

const runner: PathRunner<typeof accountDeletionMachine> = {
  model: accountDeletionModel,
  executors,
  live: () => journey.snapshot(),
  settleOther: async (rendered, action) => {
    if (action.id !== 'oneTimeCode') return false;
    await finishCodeStep(rendered, action.output as OneTimeCodeOutput);
    return true;
  },
};

describe(`accountDeletion journey: ${paths.length} generated paths`, () => {
  it.each(paths.map((path) => [path.id, path] as const))('%s', async (_id, path) => {
    const app = startApp();
    await runPath(runner, path, app);
    // Every request carries the grant of a fresh code asked for this purpose.
    for (const grant of requestGrants) expect(grant).toBe('grant-1');
    for (const call of app.effects.made.filter((one) => one.id === 'sendCode'))
      expect((call.input as SendCodeInput).purpose).toBe('account_deletion');
  });
});

describe('the deletion request', () => {
  it('explains the date, the payout and the blockers, refuses a wrong IBAN, and sends the compact IBAN', async () => {
    const app = startApp();
    await app.effects.settle('loadDeletion', {
      output: { deletion: null, methods: [...codeMethods], periodEnd: scheduledDeletion.effective_at },
    });
    await screen.findByText('Your account closes at the end of your billing period, on January 1, 2027.');
    expect(
      within(screen.getByRole('list'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Money left in your accounts (paid out first)',
      'A transfer still pending',
      'A card that is not destroyed',
      'A paid plan that is not cancelled',
    ]);
    await retype(app, t.iban, 'GR16 0110 1250 0000 0001 2300 696');
    await click(app, t.submit);
    expect(screen.getByText('Enter a valid IBAN.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: codeTexts.methodTitle })).toBeNull();
    await executors['deletion.submit'](app, { type: 'deletion.submit', payoutIban, reason: '' });
    await screen.findByRole('heading', { level: 1, name: codeTexts.methodTitle });
    await finishCodeStep(app, { stepUpToken: 'grant-1' });
    expect(app.effects.made.find((call) => call.id === 'accountDeleteRequest')?.input).toEqual({
      body: { payout_iban: 'GR1601101250000000012300695' },
      stepUpToken: 'grant-1',
    });
    await app.effects.settle('accountDeleteRequest', { output: scheduledDeletion });
    await screen.findByRole('heading', { level: 1, name: t.scheduledTitle });
    expect(screen.getAllByRole('definition').map((one) => one.textContent)).toEqual([
      'January 15, 2026',
      'January 1, 2027',
      'GR16 0110 1250 0000 0001 2300 695',
    ]);
    expect(
      within(screen.getByRole('list'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Money left in your accounts (paid out first)', 'A card that is not destroyed']);
  });

  it('keeps the reason only when one is given', () => {
    expect(deleteBodyOf({ payoutIban: 'gr16 0110 1250 0000 0001 2300 695', reason: '  ' })).toEqual({
      payout_iban: 'GR1601101250000000012300695',
    });
    expect(deleteBodyOf({ payoutIban, reason: ' Closing. ' })).toEqual({
      payout_iban: 'GR1601101250000000012300695',
      reason: 'Closing.',
    });
  });
});
