import type { ApiFailure } from '../../machines/apiFailure';
import {
  accountDeletionMachine,
  selectAccountDeletionStep,
  type AccountDeletionError,
  type AccountDeletionEvent,
  type AccountDeletionSnapshot,
  type DeletionData,
} from '../../machines/accountDeletion.machine';
import type { AccountDeletion } from '../../schemas/plans.schema';
import {
  failureWords,
  type Fixtures,
  type Model,
  type ModelPath,
  type ScreenExpectation,
} from './generatePaths';
import { codeMethodButton, codeMethods, codeTexts } from './oneTimeCode.paths';

/*
 * The test model of asking for the account to be deleted (machines/accountDeletion.machine.ts), run on the real screen
 * at /account/deletion by accountDeletion.model.test.tsx: Demo Coffee is on Business until Jan 1, 2027. Dora Demou
 * gives the company's account at another bank for the payout, confirms with a one-time code, and sees the request for
 * Jan 1, 2027 with what must be settled first (the balance, an active card); she may withdraw it. A request made earlier
 * is shown when the page opens.
 */

export const deletionPath = '/account/deletion';
export const payoutIban = 'GR16 0110 1250 0000 0001 2300 695';
const periodEnd = '2026-12-31T22:00:00.000Z';

export const scheduledDeletion = {
  id: '00000000-0000-4000-8000-000000000301',
  status: 'scheduled',
  requested_at: '2026-01-15T09:00:00.000Z',
  effective_at: periodEnd,
  payout_iban: 'GR1601101250000000012300695',
  blockers: ['balance', 'active_card'],
} satisfies AccountDeletion;

const data = (deletion: AccountDeletion | null): DeletionData => ({
  deletion,
  methods: [...codeMethods],
  periodEnd,
});

const http = (
  status: number,
  code: string,
  message: string,
  extra: Partial<Extract<ApiFailure, { kind: 'http' }>> = {},
) => ({ kind: 'http', status, code, message, ...extra }) satisfies ApiFailure;

export const deletionTexts = {
  title: 'Delete account',
  retry: 'Try again',
  submit: 'Request deletion',
  scheduledTitle: 'Account deletion scheduled',
  withdraw: 'Withdraw the request',
  requestedToast: 'Deletion requested',
  withdrawnToast: 'Deletion request withdrawn',
  iban: 'IBAN for the payout',
  reason: 'Why are you leaving? (optional)',
};

export const accountDeletionFixtures = {
  events: {
    'load.retry': [{ event: { type: 'load.retry' }, does: 'Click "Try again"' }],
    'deletion.submit': [
      {
        event: { type: 'deletion.submit', payoutIban, reason: 'We are closing the shop.' },
        does: `Type "${payoutIban}" as IBAN for the payout and "We are closing the shop." as the reason, click "Request deletion"`,
      },
    ],
    'withdraw.request': [{ event: { type: 'withdraw.request' }, does: 'Click "Withdraw the request"' }],
  },
  actors: {
    loadDeletion: {
      done: {
        output: data(null),
        says: 'Server has no deletion request; the billing period ends on Jan 1, 2027; a code can go by email or SMS',
      },
      alsoDone: [{ output: data(scheduledDeletion), says: 'Server sends the request made earlier' }],
      errors: [{ failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' }],
    },
    oneTimeCode: {
      done: {
        output: { stepUpToken: 'grant-1' },
        says: `Choose "${codeMethodButton(codeMethods[0])}", type the emailed code 246810, click "Verify" (the server grants the request)`,
      },
      alsoDone: [{ output: null, says: 'Click "Cancel" on "Confirm it is you"' }],
      errors: [],
    },
    accountDeleteRequest: {
      done: {
        output: scheduledDeletion,
        // server/billing/deletion.ts requestAccountDeletion: one transaction; nothing is closed before the date.
        effect:
          'the one-time code’s grant is spent; a deletion request is stored (account_deletions: status ' +
          `${scheduledDeletion.status}, payout_iban ${scheduledDeletion.payout_iban}, the reason, effective_at ` +
          `the end of the paid period (Jan 1, 2027), blockers ${scheduledDeletion.blockers.join(' and ')}); the ` +
          'representative gets an account_deletion task (representative_tasks) and the owner an email ' +
          '(deletion_requested, on /dev/outbox). The account stays open until that date, and then only once ' +
          'nothing blocks it.',
        says: 'Server schedules the deletion for Jan 1, 2027: the balance and an active card must be settled first',
      },
      errors: [
        {
          failure: http(403, 'step_up_required', 'Confirm with a one-time code.'),
          says: 'Server answers 403 step_up_required (the grant expired)',
        },
        {
          failure: http(400, 'validation_failed', 'Some fields are missing or not valid.', {
            fields: { payout_iban: 'This is one of your Tameio accounts: give an account at another bank.' },
          }),
          says: 'Server answers 400 validation_failed: the IBAN is one of the merchant’s own Tameio accounts',
        },
      ],
    },
    withdrawAccountDeletion: {
      done: {
        output: { ...scheduledDeletion, status: 'withdrawn' },
        effect:
          'the request is withdrawn (account_deletions: status withdrawn, withdrawn_at now) and the ' +
          'representative’s account_deletion task is closed (status done, outcome withdrawn); the account stays open.',
        says: 'Server withdraws the request',
      },
      errors: [{ failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' }],
    },
  },
  delays: {},
} satisfies Fixtures<typeof accountDeletionMachine>;

export function accountDeletionErrorText(error: AccountDeletionError): string {
  switch (error) {
    case 'step_up_required':
      return 'Your confirmation has expired. Confirm it is you with a new one-time code.';
    case 'validation_failed':
      return 'Some details were not accepted. Check them and try again.';
    case 'deletion_state':
      return 'The deletion request changed meanwhile. Reload the page to see where it stands.';
    case 'forbidden':
      return 'You may not delete the account.';
    case 'rate_limited':
      return 'Too many attempts. Please wait a moment and try again.';
    case 'network':
      return 'A network error has occurred.';
    case 'unknown':
      return 'Something went wrong. Please try again.';
  }
}

function accountDeletionScreen(snapshot: AccountDeletionSnapshot): ScreenExpectation {
  const t = deletionTexts;
  const busy = snapshot.hasTag('busy');
  const { error, outcome } = snapshot.context;
  const alert = error ? accountDeletionErrorText(error) : null;
  const path = deletionPath;
  switch (selectAccountDeletionStep(snapshot)) {
    case 'loading':
      return { path, heading: null };
    case 'loadFailed':
      return { path, heading: t.title, alert, enabled: [t.retry] };
    case 'explain':
      return {
        path,
        heading: t.title,
        alert,
        ...(outcome === 'withdrawn' ? { toast: t.withdrawnToast } : {}),
        ...(busy ? { disabled: [t.submit] } : { enabled: [t.submit] }),
      };
    case 'code':
      // The child starts afresh at the method choice each time the parent enters this state.
      return {
        path,
        heading: codeTexts.methodTitle,
        alert,
        enabled: [...codeMethods.map((option) => codeMethodButton(option)), codeTexts.cancel],
      };
    case 'scheduled':
      return {
        path,
        heading: t.scheduledTitle,
        alert,
        ...(outcome === 'requested' ? { toast: t.requestedToast } : {}),
        ...(busy ? { disabled: [t.withdraw] } : { enabled: [t.withdraw] }),
      };
  }
}

/** A decision of a path, in a few words (null: a step that decides nothing, e.g. an answer every path gets). */
function decisionWords(step: ModelPath<AccountDeletionSnapshot>['steps'][number]): string | null {
  const { action } = step;
  switch (action.kind) {
    case 'start':
    case 'delay':
      return null;
    case 'actorDone':
      if (action.src === 'loadDeletion') {
        return (action.output as DeletionData).deletion ? 'a request made earlier' : null;
      }
      if (action.src === 'oneTimeCode') return action.output ? 'a one-time code' : 'cancel the code';
      return null;
    case 'actorError': {
      const { failure } = action;
      if (failure.kind === 'http' && failure.code === 'step_up_required') return 'the grant expired';
      if (failure.kind === 'http' && failure.code === 'validation_failed')
        return 'an own Tameio IBAN refused';
      return failureWords(
        action,
        {
          loadDeletion: 'the page',
          accountDeleteRequest: 'the request',
          withdrawAccountDeletion: 'the withdrawal',
        }[action.src] ?? action.src,
      );
    }
    case 'event': {
      const event = action.event as AccountDeletionEvent;
      switch (event.type) {
        case 'load.retry':
          return 'load again';
        case 'deletion.submit':
          return 'request deletion';
        case 'withdraw.request':
          return 'withdraw';
      }
    }
  }
  return null;
}

/** A path's title by what it proves: the request, the code, the refusals and a withdrawal in order, then the end. */
export function accountDeletionTitle(path: ModelPath<AccountDeletionSnapshot>): string {
  const words = ['Account deletion', ...path.steps.map(decisionWords).filter((one) => one !== null)].join(
    ', ',
  );
  const last = path.steps.at(-1)!.state;
  const screen = accountDeletionScreen(last);
  const { outcome } = last.context;
  const step = selectAccountDeletionStep(last);
  const end =
    screen.heading === null
      ? 'stops while the page loads'
      : last.hasTag('busy')
        ? `waits on “${screen.heading}”`
        : step === 'scheduled' && outcome === 'requested'
          ? 'scheduled'
          : step === 'explain' && outcome === 'withdrawn'
            ? 'withdrawn'
            : `stops on “${screen.heading}”`;
  return `${words}: ${end}`;
}

export const accountDeletionModel: Model<typeof accountDeletionMachine> = {
  name: 'accountDeletion',
  machine: accountDeletionMachine,
  file: 'accountDeletion.machine.ts',
  start: `Signed in as the owner of Demo Coffee (an approved merchant), open ${deletionPath}`,
  fixtures: accountDeletionFixtures,
  // The error decides the alert, the outcome the toast; the request is always the same one.
  serialize: (snapshot) => {
    const { value, context } = snapshot;
    return JSON.stringify({ value, outcome: context.outcome, error: context.error });
  },
  bounds: { maxDepth: 10, simplePerState: 1, maxSimple: 4 },
  screen: accountDeletionScreen,
  title: accountDeletionTitle,
};
