import { fromPromise, setup, type AnyStateMachine } from 'xstate';
import { describe, expect, it } from 'vitest';
import { loginMachine } from '../../machines/login.machine';
import { findUncovered, machineShape } from './machineGraph';
import { generatePaths, type Fixtures, type LooseFixtures, type Model } from './generatePaths';
import { beneficiaryFormModel } from './beneficiaryForm.paths';
import { cardControlsModel } from './cardControls.paths';
import { cardOrderModel } from './cardOrder.paths';
import { createPasswordModel, resetPasswordModel } from './passwordLink.paths';
import { identityVerificationModel } from './identityVerification.paths';
import { invitationModel } from './invitation.paths';
import { inviteEmployeeModel } from './inviteEmployee.paths';
import { onboardingModel } from './onboarding.paths';
import { loginFixtures, loginModel, sessionFixtures, sessionModel } from './paths';
import { registrationModel } from './registration.paths';
import { oneTimeCodeModel } from './oneTimeCode.paths';
import { pendingRequestsModel } from './pendingRequests.paths';
import { requestMoneyModel } from './requestMoney.paths';
import { profileChangeModel } from './profileChange.paths';
import { scheduledPaymentModel } from './scheduledPayment.paths';
import { sendMoneyModel } from './sendMoney.paths';
import { teamModel } from './team.paths';
import { myAddressesModel } from './myAddresses.paths';
import { transactionListModel } from './transactionList.paths';
import { planCheckoutModel } from './planCheckout.paths';
import { cancelPlanModel } from './cancelPlan.paths';
import { accountDeletionModel } from './accountDeletion.paths';
import { analyticsModel } from './analytics.paths';
import { advertisingModel } from './advertising.paths';
import { changePasswordModel } from './changePassword.paths';
import { addAuthenticatorModel } from './addAuthenticator.paths';
import { removeMfaMethodModel } from './removeMfaMethod.paths';

// docs/engineering.md principle 3: a state or transition that no generated path reaches is a hole in the test plan. These
// tests walk each machine definition and fail on any such hole; the last block proves that the guard bites.

function describeCoverage<M extends AnyStateMachine>(model: Model<M>) {
  describe(`${model.name} machine`, () => {
    coverageTests(model);
  });
}

function coverageTests<M extends AnyStateMachine>(model: Model<M>) {
  const paths = generatePaths(model);
  const report = findUncovered(model.machine, paths);

  it('reaches every state node on some generated path', () => {
    expect(report.uncoveredStates).toEqual([]);
  });

  it('takes every transition (guarded branches, after, onDone and onError) on some generated path', () => {
    expect(report.uncoveredTransitions).toEqual([]);
    // Sanity: the walk really found the transitions it claims to check.
    const shape = machineShape(model.machine);
    // Machines without delays (onboarding) have no `after` transitions to find.
    const delays = Object.keys((model.fixtures as LooseFixtures).delays).length;
    expect(shape.transitions.some((t) => t.eventType.startsWith('xstate.after.'))).toBe(delays > 0);
    expect(shape.transitions.some((t) => t.eventType.startsWith('xstate.error.actor.'))).toBe(true);
    expect(shape.transitions.some((t) => t.guard !== null)).toBe(true);
  });

  it('has no transitions the guard cannot track (always, internal onDone)', () => {
    expect(report.untrackable).toEqual([]);
  });

  it('uses every fixture on some path (no stale fixtures)', () => {
    const seen = new Set<unknown>();
    for (const path of paths) {
      for (const { action } of path.steps) {
        if (action.kind === 'event') seen.add(action.event);
        if (action.kind === 'actorError') seen.add(action.failure);
        if (action.kind === 'actorDone') seen.add(action.src);
        if (action.kind === 'delay') seen.add(action.delay);
      }
    }
    const fixtures = model.fixtures as LooseFixtures;
    const unused = [
      ...Object.values(fixtures.events).flatMap((list) =>
        list.map((f) => f.event).filter((e) => !seen.has(e)),
      ),
      ...Object.entries(fixtures.actors).flatMap(([src, actor]) => [
        ...(seen.has(src) ? [] : [`${src} done`]),
        ...actor.errors.filter((e) => !seen.has(e.failure)).map((e) => `${src} ${JSON.stringify(e.failure)}`),
      ]),
      ...Object.keys(fixtures.delays).filter((delay) => !seen.has(delay)),
    ];
    expect(unused).toEqual([]);
  });

  it('keeps every path time-consistent and its waits positive', () => {
    for (const path of paths) {
      for (const { action } of path.steps) {
        if (action.kind === 'delay') expect(action.ms).toBeGreaterThan(0);
      }
    }
  });
}

describeCoverage(loginModel);
describeCoverage(sessionModel);
describeCoverage(onboardingModel);
describeCoverage(resetPasswordModel);
describeCoverage(createPasswordModel);
describeCoverage(registrationModel);
describeCoverage(identityVerificationModel);
describeCoverage(beneficiaryFormModel);
describeCoverage(transactionListModel);
describeCoverage(sendMoneyModel);
describeCoverage(scheduledPaymentModel);
describeCoverage(oneTimeCodeModel);
describeCoverage(requestMoneyModel);
describeCoverage(pendingRequestsModel);
describeCoverage(cardOrderModel);
describeCoverage(cardControlsModel);
describeCoverage(invitationModel);
describeCoverage(teamModel);
describeCoverage(myAddressesModel);
describeCoverage(inviteEmployeeModel);
describeCoverage(planCheckoutModel);
describeCoverage(cancelPlanModel);
describeCoverage(accountDeletionModel);
describeCoverage(analyticsModel);
describeCoverage(advertisingModel);
describeCoverage(changePasswordModel);
describeCoverage(addAuthenticatorModel);
describeCoverage(removeMfaMethodModel);
describeCoverage(profileChangeModel);

describe('the coverage guard', () => {
  it('reports the dead-code branch once the fixtures no longer kill a code', () => {
    const fixtures = {
      ...loginFixtures,
      actors: {
        ...loginFixtures.actors,
        otpLogin: {
          ...loginFixtures.actors.otpLogin,
          errors: loginFixtures.actors.otpLogin.errors.filter(
            ({ failure }) =>
              failure.kind !== 'http' || !['otp_exhausted', 'otp_expired'].includes(failure.code),
          ),
        },
      },
    } satisfies Fixtures<typeof loginMachine>;
    const report = findUncovered(loginMachine, generatePaths(loginModel, { fixtures }));
    expect(report.uncoveredStates).toEqual(['login.awaitingCode.code.dead']);
    // The guarded branch into `dead`, and everything that leaves `dead`.
    expect(report.uncoveredTransitions).toEqual([
      'login.awaitingCode.code.verifying on xstate.error.actor.otpLogin #1',
      'login.awaitingCode.code.dead on method.change #0',
    ]);
  });

  it('reports the cooldown branch and the resend states once no delay fixture lets the cooldown end', () => {
    const fixtures = { ...loginFixtures, delays: {} };
    const report = findUncovered(loginMachine, generatePaths(loginModel, { fixtures }));
    expect(report.uncoveredStates).toEqual(['login.awaitingCode.resend.ready', 'login.resendingCode']);
    expect(report.uncoveredTransitions).toContain(
      'login.awaitingCode.resend.coolingDown on xstate.after.resendCooldown.login.awaitingCode.resend.coolingDown #0',
    );
  });

  it('reports the sign-out failure branch once its fixture is gone', () => {
    const fixtures = {
      ...sessionFixtures,
      actors: { ...sessionFixtures.actors, signOut: { ...sessionFixtures.actors.signOut, errors: [] } },
    } satisfies Fixtures<typeof sessionModel.machine>;
    const report = findUncovered(sessionModel.machine, generatePaths(sessionModel, { fixtures }));
    expect(report.uncoveredStates).toEqual([]);
    expect(report.uncoveredTransitions).toEqual([
      'session.signingOut on xstate.error.actor.signOut #0',
      'session.expiring on xstate.error.actor.expireSession #0',
    ]);
  });

  it('reports paths that stop short of a state', () => {
    const paths = generatePaths(loginModel).filter((path) => !path.target.includes('"signedIn"'));
    const report = findUncovered(loginMachine, paths);
    expect(report.uncoveredStates).toEqual(['login.signedIn']);
  });

  it('refuses, at compile time, fixtures that miss an event, an actor or a delay', () => {
    const { 'otp.resend': _resend, ...fewerEvents } = loginFixtures.events;
    const { otpLogin: _otpLogin, ...fewerActors } = loginFixtures.actors;
    // @ts-expect-error: every event type of the machine needs a fixture
    const missingEvent: Fixtures<typeof loginMachine> = { ...loginFixtures, events: fewerEvents };
    // @ts-expect-error: every actor named in setup() needs its outcomes
    const missingActor: Fixtures<typeof loginMachine> = { ...loginFixtures, actors: fewerActors };
    // @ts-expect-error: every named delay needs a fixture
    const missingDelay: Fixtures<typeof loginMachine> = { ...loginFixtures, delays: {} };

    // A machine that grows an actor, an event and a delay needs fixtures for each.
    const grown = setup({
      types: { events: {} as { type: 'go' } | { type: 'stop' } },
      actors: { fetchThing: fromPromise(async () => 'thing') },
      delays: { patience: 1000 },
    }).createMachine({
      initial: 'idle',
      states: {
        idle: { on: { go: 'busy' } },
        busy: {
          invoke: { src: 'fetchThing', onDone: 'idle' },
          after: { patience: 'idle' },
          on: { stop: 'idle' },
        },
      },
    });
    // @ts-expect-error: `stop`, `fetchThing` and `patience` have no fixtures
    const incomplete: Fixtures<typeof grown> = { events: { go: [] }, actors: {}, delays: {} };
    const complete: Fixtures<typeof grown> = {
      events: { go: [], stop: [] },
      actors: { fetchThing: { done: { output: 'thing', says: '' }, errors: [] } },
      delays: { patience: '' },
    };
    expect([missingEvent, missingActor, missingDelay, incomplete, complete]).toHaveLength(5);
    // …and the walk sees what the types see.
    expect(machineShape(grown).invokes.map((invoke) => invoke.src)).toEqual(['fetchThing']);
    expect(machineShape(grown).delays.map((delay) => delay.delay)).toEqual(['patience']);
  });
});
