import { act, screen, waitFor as waitForDom } from '@testing-library/react';
import { Route } from 'react-router';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  passwordLinkMachine,
  type PasswordLink,
  type RequestLinkInput,
  type SetPasswordInput,
} from '../../machines/passwordLink.machine';
import type { PasswordLinkRequestResponse } from '../../schemas/passwordJourneys.schema';
import { GuestOnly } from '../../src/app/guards';
import { CreatePasswordScreen } from '../../src/screens/password/CreatePasswordScreen';
import { ResetPasswordScreen } from '../../src/screens/password/ResetPasswordScreen';
import { generatePaths, type Model, type ModelPath, type StepAction } from './generatePaths';
import { expectScreen, renderScreen, type RenderedApp } from './harness';
import { createPasswordModel, passwordTexts, resetPasswordModel, startPath } from './passwordLink.paths';

// Every generated path of the password journeys (machines/passwordLink.machine.ts), run against the real screens
// at /reset_password/ and /create-password/:step?, signed out.

type Journey = ActorRefFrom<typeof passwordLinkMachine>;
type Snapshot = SnapshotFrom<typeof passwordLinkMachine>;

/** The app shell with the two password routes, signed out, the journey on a SimulatedClock with held effects. */
function renderPasswordApp(initialPath: string, found: { journey?: Journey }): RenderedApp {
  const onJourney = (journey: Journey) => {
    found.journey = journey;
  };
  return renderScreen({
    path: initialPath,
    session: null,
    routes: ({ effects, clock }) => {
      const logic = passwordLinkMachine.provide({
        actors: {
          requestLink: effects.logic<PasswordLinkRequestResponse, RequestLinkInput>(),
          setPassword: effects.logic<void, SetPasswordInput>(),
        },
      });
      return (
        <>
          <Route
            path="/reset_password/"
            element={
              <GuestOnly>
                <ResetPasswordScreen logic={logic} onJourney={onJourney} clock={clock} />
              </GuestOnly>
            }
          />
          <Route
            path="/create-password/:step?"
            element={
              <GuestOnly>
                <CreatePasswordScreen logic={logic} onJourney={onJourney} clock={clock} />
              </GuestOnly>
            }
          />
        </>
      );
    },
  });
}

async function retype(app: RenderedApp, label: string, value: string) {
  const field = screen.getByLabelText(label);
  await app.user.clear(field);
  await app.user.type(field, value);
}

const click = async (app: RenderedApp, name: string | RegExp) => {
  await app.user.click(screen.getByRole('button', { name }));
};

async function perform(app: RenderedApp, action: StepAction) {
  switch (action.kind) {
    case 'start':
      return;
    case 'event': {
      const event = action.event as { type: string } & Record<string, string>;
      switch (event.type) {
        case 'journey.opened':
          return; // The screen sends it itself once it has read the address.
        case 'link.request':
          await retype(app, 'Email', event.email ?? '');
          await click(app, passwordTexts.sendLink);
          return;
        case 'link.requestAnother':
          await click(app, new RegExp(`^(${passwordTexts.sendAnother}|${passwordTexts.sendNew})$`));
          return;
        case 'password.submit':
          await retype(app, 'New password', event.password ?? '');
          await retype(app, 'Confirm new password', event.confirmation ?? '');
          await click(app, passwordTexts.save);
          return;
      }
      throw new Error(`no executor for ${event.type}`);
    }
    case 'actorDone':
      await app.effects.settle(action.id, { output: action.output });
      return;
    case 'actorError':
      await app.effects.settle(action.id, { error: action.failure });
      return;
    case 'delay': {
      const ms = action.ms;
      if (ms === undefined) throw new Error(`delay step ${action.stateId} without a duration`);
      await act(async () => {
        app.clock.increment(ms);
      });
      return;
    }
  }
}

function runModel(model: Model<typeof passwordLinkMachine>) {
  const purpose = model.input?.purpose ?? 'reset';
  const paths = generatePaths(model);

  describe(`${model.name} journey: ${paths.length} generated paths`, () => {
    it.each(paths.map((path) => [path.id, path] as const))('%s', async (_id, path: ModelPath<Snapshot>) => {
      // The first step says whether the page is opened from the emailed link; the address carries it.
      const opened = path.steps[1]?.action;
      const link =
        opened?.kind === 'event' && opened.event.type === 'journey.opened'
          ? ((opened.event as unknown as { link: PasswordLink | null }).link ?? null)
          : null;
      const found: { journey?: Journey } = {};
      const running = renderPasswordApp(startPath(purpose, link), found);
      const live = () => {
        if (!found.journey) throw new Error('the screen runs no password journey yet');
        return found.journey.getSnapshot();
      };
      for (const [index, step] of path.steps.entries()) {
        const next = path.steps[index + 1]?.action;
        // The screens answer `opening` by themselves: the journey is past it by the time anyone could look.
        if (next?.kind === 'event' && next.event.type === 'journey.opened') continue;
        try {
          await perform(running, step.action);
          await waitForDom(() => expect(model.serialize(live())).toBe(model.serialize(step.state)));
          await expectScreen(model.screen(step.state), running);
        } catch (error) {
          if (error instanceof Error)
            error.message = `${path.id} step ${index}: ${step.action.says}\n${error.message}`;
          throw error;
        }
      }
    });
  });
}

runModel(resetPasswordModel);
runModel(createPasswordModel);
