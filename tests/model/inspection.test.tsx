import { screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { Actor, type InspectionEvent } from 'xstate';
import { describe, expect, it } from 'vitest';
import { passwordLinkMachine, type RequestLinkInput } from '../../machines/passwordLink.machine';
import type { PasswordLinkRequestResponse } from '../../schemas/passwordJourneys.schema';
import { AppInspector, redactContext, redactEvent, redactInspection } from '../../src/app/inspection';
import type { PasswordLinkActor } from '../../src/screens/password/passwordActor';
import { ResetPasswordScreen } from '../../src/screens/password/ResetPasswordScreen';
import { renderScreen, type RenderedApp } from './harness';
import { passwordTexts } from './passwordLink.paths';

// README "Watching a flow run": with inspection on, the journey a real screen starts reports to the app's one
// inspector (src/app/inspection.ts); with it off, nothing is attached. The screen knows nothing about it.

type Watch = { journey?: PasswordLinkActor };

/** /reset_password/ signed out, its journey's effects held, inside the app's inspector when `inspector` is given. */
function renderReset(watch: Watch, inspector?: (event: InspectionEvent) => void): RenderedApp {
  return renderScreen({
    path: '/reset_password/',
    session: null,
    ...(inspector ? { wrap: (page) => <AppInspector value={inspector}>{page}</AppInspector> } : {}),
    routes: ({ effects, clock }) => {
      const logic = passwordLinkMachine.provide({
        actors: { requestLink: effects.logic<PasswordLinkRequestResponse, RequestLinkInput>() },
      });
      return (
        <Route
          path="/reset_password/"
          element={
            <ResetPasswordScreen
              logic={logic}
              clock={clock}
              onJourney={(journey) => {
                watch.journey = journey;
              }}
            />
          }
        />
      );
    },
  });
}

/** The inspector the journey was started with. */
function inspectorOf(journey: PasswordLinkActor | undefined): unknown {
  if (!(journey instanceof Actor)) throw new Error('the screen has not started its journey');
  return journey.options.inspect;
}

/** The event types the journey received, as the inspector saw them. */
function eventsTo(journey: PasswordLinkActor | undefined, seen: InspectionEvent[]): string[] {
  return seen.flatMap((event) =>
    event.type === '@xstate.event' && event.actorRef === journey ? [event.event.type] : [],
  );
}

describe('journeys and the app inspector', () => {
  it('a journey a screen starts reports its events to the app inspector when one is set', async () => {
    const seen: InspectionEvent[] = [];
    const watch: Watch = {};
    const app = renderReset(watch, (event) => seen.push(event));

    await waitFor(() => expect(eventsTo(watch.journey, seen)).toContain('journey.opened'));
    expect(seen.some((event) => event.type === '@xstate.actor' && event.actorRef === watch.journey)).toBe(
      true,
    );

    await app.user.type(screen.getByLabelText('Email'), 'maria@example.com');
    await app.user.click(screen.getByRole('button', { name: passwordTexts.sendLink }));
    await waitFor(() => expect(eventsTo(watch.journey, seen)).toContain('link.request'));
    expect(inspectorOf(watch.journey)).toBeDefined();
    expect(
      seen.some(
        (event) =>
          event.type === '@xstate.snapshot' &&
          event.actorRef === watch.journey &&
          !event.snapshot.status.startsWith('error'),
      ),
    ).toBe(true);
  });

  it('with inspection off the same journey runs and nothing is reported', async () => {
    const seen: InspectionEvent[] = [];
    const watch: Watch = {};
    const app = renderReset(watch);

    await waitFor(() => expect(watch.journey).toBeDefined());
    await app.user.type(screen.getByLabelText('Email'), 'maria@example.com');
    await app.user.click(screen.getByRole('button', { name: passwordTexts.sendLink }));
    await waitFor(() => expect(app.effects.made).toHaveLength(1));
    expect(inspectorOf(watch.journey)).toBeUndefined();
    expect(seen).toEqual([]);
  });
});

describe('what the inspector is sent', () => {
  it('passwords, codes, PINs, tokens and the bot check leave the page as "[redacted]"', () => {
    expect(
      redactEvent({
        type: 'credentials.submit',
        email: 'maria@example.com',
        password: 'hunter22',
        altcha: 'x',
      }),
    ).toEqual({
      type: 'credentials.submit',
      email: 'maria@example.com',
      password: '[redacted]',
      altcha: '[redacted]',
    });
    expect(redactEvent({ type: 'otp.submit', code: '123456' })).toEqual({
      type: 'otp.submit',
      code: '[redacted]',
    });
    expect(redactEvent({ type: 'password.submit', password: 'a', confirmation: 'a' })).toEqual({
      type: 'password.submit',
      password: '[redacted]',
      confirmation: '[redacted]',
    });
    expect(redactEvent({ type: 'pin.submit', value: { pin: '1234' } })).toEqual({
      type: 'pin.submit',
      value: { pin: '[redacted]' },
    });
  });

  it('a revealed card travels with its number and verification value hidden', () => {
    expect(
      redactEvent({
        type: 'xstate.done.actor.reveal',
        output: {
          what: 'details',
          number: '4111111111111111',
          expiry_month: 12,
          expiry_year: 2029,
          cvv: '123',
        },
      }),
    ).toEqual({
      type: 'xstate.done.actor.reveal',
      output: {
        what: 'details',
        number: '[redacted]',
        expiry_month: 12,
        expiry_year: 2029,
        cvv: '[redacted]',
      },
    });
  });

  it('the input and output of an invoked request are redacted too (the sanitizers see only contexts and events)', () => {
    expect(
      redactInspection({
        type: '@xstate.actor',
        snapshot: {
          status: 'done',
          input: { email: 'maria@example.com', password: 'hunter22', altcha: 'proof' },
          output: { login_token: 'ticket', methods: ['email'] },
        },
      }),
    ).toEqual({
      type: '@xstate.actor',
      snapshot: {
        status: 'done',
        input: { email: 'maria@example.com', password: '[redacted]', altcha: '[redacted]' },
        output: { login_token: '[redacted]', methods: ['email'] },
      },
    });
    expect(redactInspection({ type: '@xstate.event', event: { type: 'x' } })).toEqual({
      type: '@xstate.event',
      event: { type: 'x' },
    });
  });

  it('a context keeps what a reviewer needs (error codes, map pins) and loses its secrets', () => {
    expect(
      redactContext({
        accessToken: 'eyJ',
        stepUpToken: 'grant',
        secret: { number: '4111111111111111', cvv: '123' },
        error: { code: 'insufficient_balance' },
        pin: { lat: 37.98, lng: 23.72 },
        steps: [{ loginToken: 't', methods: ['email'] }],
      }),
    ).toEqual({
      accessToken: '[redacted]',
      stepUpToken: '[redacted]',
      secret: '[redacted]',
      error: { code: 'insufficient_balance' },
      pin: { lat: 37.98, lng: 23.72 },
      steps: [{ loginToken: '[redacted]', methods: ['email'] }],
    });
  });
});
