import { botCheckMachine, type BotCheckSnapshot } from '../../machines/botCheck.machine';
import type { Fixtures, Model, ModelPath, ScreenExpectation, StepAction } from './generatePaths';

/*
 * The test model of the bot check (machines/botCheck.machine.ts), run by botCheck.model.test.tsx on the real
 * AltchaBotCheck as the sign-in form shows it on /login (registration and the password links show the same one): the
 * challenge is solved, or cannot be fetched, and "Try again" starts over. Each try of the form spends the payload;
 * the journey then mounts a fresh bot check, which starts from the beginning of this model.
 */

export const botCheckPath = '/login';

export const botCheckTexts = {
  /** The sign-in form's heading, above the bot check. */
  heading: 'Sign in to Tameio',
  solving: 'Checking that you are not a robot…',
  verified: 'You are not a robot.',
  failed: 'The robot check could not finish.',
  retry: 'Try again',
};

/** A payload as the solver makes it: base64 of the solved challenge. */
export const solvedPayload = btoa(
  JSON.stringify({
    algorithm: 'SHA-256',
    challenge: 'c0ffee',
    number: 42,
    salt: 'model-salt',
    signature: 'sig',
  }),
);

export const botCheckFixtures = {
  events: {
    'check.retry': [
      {
        event: { type: 'check.retry' },
        does: `Click "${botCheckTexts.retry}": the bot check says "${botCheckTexts.solving}" again`,
      },
    ],
  },
  actors: {
    solveChallenge: {
      done: {
        output: { altcha: solvedPayload },
        says: `The server hands out a signed challenge and the page finds its proof of work: "${botCheckTexts.verified}"`,
      },
      errors: [
        {
          failure: { kind: 'network' },
          says: `No challenge arrives (no answer from the server): "${botCheckTexts.failed}"`,
          does: 'In the browser\'s developer tools block the address /api/altcha/challenge/ ("Block request URL"), then open /login',
          tester: true,
        },
        {
          failure: { kind: 'http', status: 500, code: 'internal_error', message: 'Internal server error' },
          says: `The server fails to hand out a challenge (500): "${botCheckTexts.failed}"`,
        },
      ],
    },
  },
  delays: {},
} satisfies Fixtures<typeof botCheckMachine>;

/** What the status line of the bot check says (its role="status" region). */
export function botCheckStatusText(snapshot: BotCheckSnapshot): string {
  if (snapshot.matches('verified')) return botCheckTexts.verified;
  if (snapshot.matches('failed')) return `${botCheckTexts.failed}${botCheckTexts.retry}`;
  return botCheckTexts.solving;
}

function botCheckScreen(snapshot: BotCheckSnapshot): ScreenExpectation {
  const t = botCheckTexts;
  const common = { path: botCheckPath, heading: t.heading, alert: null };
  if (snapshot.matches('failed')) return { ...common, enabled: [t.retry] };
  return { ...common, absent: [t.retry] };
}

/** A step in the words of a title: what happened to the check. */
function stepWords(action: StepAction): string | null {
  if (action.kind === 'actorDone') return 'solved';
  if (action.kind === 'actorError') {
    return action.failure.kind === 'network' ? 'no answer from the server' : 'the server fails';
  }
  if (action.kind === 'event') return `"${botCheckTexts.retry}"`;
  return null;
}

/** "Bot check: no answer from the server, then "Try again" (ends solving)". */
function botCheckTitle(path: ModelPath<BotCheckSnapshot>): string {
  const words = path.steps.map((step) => stepWords(step.action)).filter((word) => word !== null);
  const end = path.steps.at(-1)?.state.value;
  return `Bot check: ${words.join(', then ')} (ends ${String(end)})`;
}

export const botCheckModel: Model<typeof botCheckMachine> = {
  name: 'botCheck',
  machine: botCheckMachine,
  file: 'botCheck.machine.ts',
  start: `Signed out, open ${botCheckPath}: under the password field the bot check says "${botCheckTexts.solving}"`,
  fixtures: botCheckFixtures,
  // The state and whether a payload is held decide what the status line says and whether "Try again" is offered.
  serialize: (snapshot) =>
    JSON.stringify({ value: snapshot.value, solved: snapshot.context.altcha !== null }),
  bounds: { maxDepth: 5, simplePerState: 1, maxSimple: 4 },
  screen: botCheckScreen,
  title: botCheckTitle,
};
