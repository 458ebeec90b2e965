import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { isApiFailure } from './apiFailure';

/*
 * The bot check of the sign-in, registration and password-link forms (docs/product.md "Identity and sessions",
 * ADR 004, ADR 021): our own self-hosted ALTCHA proof of work, solved in the page.
 *
 * solving (solveChallenge: a signed challenge is fetched from our own server and solved in the page) → verified (the
 * payload, handed to the form) or failed ("Try again" → solving). A payload is single use: the form spends it on its
 * next try, and the journey that used it asks for a fresh round, which starts a new bot check from solving.
 */

/** What the solved check yields: the payload the form sends with its next try. */
export type SolvedCheck = {
  /** Base64 of the solved challenge; named like the field the forms send, so the inspector redacts it. */
  altcha: string;
};

export type BotCheckContext = {
  /** The solved payload, once verified; spent by the form's next try. */
  altcha: string | null;
};

export type BotCheckEvent = { type: 'check.retry' };

function notProvided(name: string): never {
  throw new Error(`The app must provide the "${name}" actor`);
}

export const botCheckMachine = setup({
  types: {
    context: {} as BotCheckContext,
    events: {} as BotCheckEvent,
  },
  actors: {
    solveChallenge: fromPromise<SolvedCheck>(async () => notProvided('solveChallenge')),
  },
  guards: {
    // Only the request reports a network failure; the solver's own failure is a plain error.
    noAnswer: (_, params: { error: unknown }) =>
      isApiFailure(params.error) && params.error.kind === 'network',
  },
}).createMachine({
  id: 'botCheck',
  context: { altcha: null },
  initial: 'solving',
  states: {
    solving: {
      description:
        'A challenge signed by our own server is fetched and solved in the page (ALTCHA proof of work, ' +
        'self-hosted: nothing is sent to a third party). "Checking that you are not a robot…"; the form waits.',
      tags: ['busy'],
      invoke: {
        id: 'solveChallenge',
        src: 'solveChallenge',
        onDone: {
          target: 'verified',
          description: 'The proof of work is found: its payload goes to the form.',
          actions: assign({ altcha: ({ event }) => event.output.altcha }),
        },
        onError: [
          {
            target: 'failed',
            description: 'No answer from our server (offline, a dropped connection): no challenge to solve.',
            guard: { type: 'noAnswer', params: ({ event }) => ({ error: event.error }) },
            actions: assign({ altcha: null }),
          },
          {
            target: 'failed',
            description:
              'Our server failed to hand out a challenge, or the page could not solve it (no solution in ' +
              'range, or the browser cannot hash with the algorithm asked): no payload.',
            actions: assign({ altcha: null }),
          },
        ],
      },
    },
    verified: {
      type: 'final',
      description:
        '"You are not a robot." The form sends the payload with its next try; the server verifies it and accepts ' +
        'each payload once. After that try the journey starts a fresh bot check.',
    },
    failed: {
      description:
        '"The robot check could not finish." with "Try again"; the form cannot be sent without a payload.',
      on: {
        'check.retry': {
          target: 'solving',
          description: 'The user clicks "Try again": a new challenge is fetched and solved.',
        },
      },
    },
  },
});

export type BotCheckSnapshot = SnapshotFrom<typeof botCheckMachine>;

export type BotCheckPhase = 'solving' | 'verified' | 'failed';

/** Which of the three the screen shows. */
export function selectBotCheckPhase(snapshot: BotCheckSnapshot): BotCheckPhase {
  if (snapshot.matches('verified')) return 'verified';
  if (snapshot.matches('failed')) return 'failed';
  return 'solving';
}

/** The payload to hand to the form, once verified. */
export function selectVerifiedPayload(snapshot: BotCheckSnapshot): string | null {
  return snapshot.matches('verified') ? snapshot.context.altcha : null;
}
