import { screen, within } from '@testing-library/react';
import type { ActorRefFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  answersComplete,
  cancelPlanMachine,
  type CancellationData,
  type CancelPlanInput,
} from '../../machines/cancelPlan.machine';
import type { Subscription } from '../../schemas/plans.schema';
import { CancelPlanScreen } from '../../src/screens/account/CancelPlanScreen';
import {
  cancellationPath,
  cancellationQuestions,
  cancelPlanModel,
  cancelPlanTexts as t,
  tooExpensive,
} from './cancelPlan.paths';
import { generatePaths } from './generatePaths';
import {
  journeyCapture,
  renderJourneyScreen,
  runPath,
  type Executors,
  type PathRunner,
  type RenderedApp,
} from './harness';
import { businessYearly } from './planCheckout.paths';

// Every generated path of cancelling the subscription (machines/cancelPlan.machine.ts), run against the real screen at
// /account/cancellation, signed in as the owner of an approved merchant.

type CancelActor = ActorRefFrom<typeof cancelPlanMachine>;

const journey = journeyCapture<CancelActor>('cancellation journey');

const click = async (app: RenderedApp, name: string) => {
  await app.user.click(screen.getByRole('button', { name }));
};

const clickInDialog = async (app: RenderedApp, name: string) => {
  await app.user.click(within(screen.getByRole('dialog')).getByRole('button', { name }));
};

const commentLabel = 'Anything else you would like to tell us? (optional)';

const executors: Executors<typeof cancelPlanMachine> = {
  'load.retry': (app) => click(app, t.retry),
  'answers.submit': async (app, event) => {
    const reason = event.answers.find((answer) => answer.question_id === 'reason')?.options?.[0];
    if (reason === 'too_expensive')
      await app.user.click(screen.getByRole('radio', { name: 'It costs too much' }));
    const comment = screen.getByLabelText(commentLabel);
    await app.user.clear(comment);
    const text = event.answers.find((answer) => answer.question_id === 'comments')?.text;
    if (text) await app.user.type(comment, text);
    await click(app, t.submit);
  },
  'cancel.confirm': (app) => clickInDialog(app, t.confirm),
  'cancel.back': (app) => clickInDialog(app, t.back),
  'undo.request': (app) => click(app, t.undo),
  'cancel.restart': (app) => click(app, t.title),
};

function startApp(): RenderedApp {
  return renderJourneyScreen({
    path: cancellationPath,
    route: '/account/cancellation',
    journey,
    screen: ({ effects, clock, inspect }) => (
      <CancelPlanScreen
        logic={cancelPlanMachine.provide({
          actors: {
            loadCancellation: effects.logic<CancellationData, void>(),
            cancelPlan: effects.logic<Subscription, CancelPlanInput>(),
            undoCancelPlan: effects.logic<Subscription, void>(),
          },
        })}
        clock={clock}
        inspect={inspect}
      />
    ),
  });
}

const paths = generatePaths(cancelPlanModel);

const runner: PathRunner<typeof cancelPlanMachine> = {
  model: cancelPlanModel,
  executors,
  live: () => journey.snapshot(),
};

describe(`cancelPlan journey: ${paths.length} generated paths`, () => {
  it.each(paths.map((path) => [path.id, path] as const))('%s', async (_id, path) => {
    const app = startApp();
    await runPath(runner, path, app);
  });
});

describe('the questionnaire', () => {
  it('translates each question and option, asks for the required one, and sends the answers given', async () => {
    const app = startApp();
    await app.effects.settle('loadCancellation', {
      output: { subscription: businessYearly, questions: cancellationQuestions },
    });
    await screen.findByText(
      'Your Business plan stays until January 1, 2027, then you move to Free. Before you go, please tell us why you are leaving.',
    );
    const reason = screen.getByRole('group', { name: 'Why are you cancelling? (required)' });
    expect(
      within(reason)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual([
      'It costs too much',
      'It lacks features I need',
      'I am moving to another provider',
      'I am closing my business',
      'I am pausing my business for a while',
      'Something else',
    ]);
    const missing = screen.getByRole('group', { name: 'What did you miss? (optional)' });
    expect(within(missing).getAllByRole('checkbox')).toHaveLength(6);
    await click(app, t.submit);
    expect(within(reason).getByText('Answer this question.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    await app.user.click(screen.getByRole('radio', { name: 'It lacks features I need' }));
    await app.user.click(screen.getByRole('checkbox', { name: 'More cards' }));
    await app.user.click(screen.getByRole('checkbox', { name: 'Card payments in my shop (POS)' }));
    await click(app, t.submit);
    const dialog = await screen.findByRole('dialog', { name: t.confirmTitle });
    expect(dialog.textContent).toContain(
      'It stays until January 1, 2027, then becomes Free. You can undo this until then.',
    );
    await clickInDialog(app, t.confirm);
    expect(app.effects.made.find((call) => call.id === 'cancelPlan')?.input).toEqual({
      body: {
        answers: [
          { question_id: 'reason', options: ['missing_features'] },
          { question_id: 'missing_features', options: ['more_cards', 'pos'] },
        ],
      },
    });
    await app.effects.settle('cancelPlan', {
      output: { ...businessYearly, cancel_at_period_end: true },
    });
    await screen.findByRole('heading', { level: 1, name: t.cancelledTitle });
    expect(
      screen.getByText('Your Business plan stays until January 1, 2027. Then it becomes Free.'),
    ).toBeTruthy();
  });

  it('accepts only complete answers to the questions asked', () => {
    expect(answersComplete(cancellationQuestions, tooExpensive)).toBe(true);
    expect(answersComplete(cancellationQuestions, [{ question_id: 'comments', text: 'Bye.' }])).toBe(false);
    expect(
      answersComplete(cancellationQuestions, [
        { question_id: 'reason', options: ['too_expensive', 'other'] },
      ]),
    ).toBe(false);
    expect(answersComplete(cancellationQuestions, [{ question_id: 'reason', options: ['cheaper'] }])).toBe(
      false,
    );
    expect(
      answersComplete(cancellationQuestions, [...tooExpensive, { question_id: 'colour', options: ['blue'] }]),
    ).toBe(false);
  });
});
