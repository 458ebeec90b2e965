import { fromPromise, setup, type AnyStateMachine } from 'xstate';
import { describe, expect, it } from 'vitest';
import { loginMachine } from '../../machines/login.machine';
import { oneTimeCodeMachine } from '../../machines/oneTimeCode.machine';
import { findUncovered, machineShape } from './machineGraph';
import { generatePaths, type Fixtures, type LooseFixtures, type Model } from './generatePaths';
import { oneTimeCodeFixtures, oneTimeCodeModel } from './oneTimeCode.paths';
import { loginFixtures, loginModel, sessionFixtures, sessionModel } from './paths';
import { registry, type RegisteredModel } from './registry';
import { registryGaps, type ModuleExports, type RegistryInputs } from './registryGuard';

// docs/engineering.md principle 3: a state or transition that no generated path reaches is a hole in the test plan. These
// tests walk the machine of every registered model (./registry.ts) and fail on any such hole; a machine without a
// registered model, or a registered model that no model test runs, is a hole too. The last blocks prove that both
// guards bite.

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

for (const { model } of registry) describeCoverage(model);

describe('the coverage guard', () => {
  it('reports the dead-code branch once the fixtures no longer kill a code', () => {
    const fixtures = {
      ...oneTimeCodeFixtures,
      actors: {
        ...oneTimeCodeFixtures.actors,
        verifyCode: {
          ...oneTimeCodeFixtures.actors.verifyCode,
          errors: oneTimeCodeFixtures.actors.verifyCode.errors.filter(
            ({ failure }) =>
              failure.kind !== 'http' || !['otp_exhausted', 'otp_expired'].includes(failure.code),
          ),
        },
      },
    } satisfies Fixtures<typeof oneTimeCodeMachine>;
    const report = findUncovered(oneTimeCodeMachine, generatePaths(oneTimeCodeModel, { fixtures }));
    expect(report.uncoveredStates).toEqual(['oneTimeCode.awaitingCode.code.dead']);
    // The guarded branch into `dead`, and everything that leaves `dead`.
    expect(report.uncoveredTransitions).toEqual([
      'oneTimeCode.awaitingCode.code.verifying on xstate.error.actor.verifyCode #1',
      'oneTimeCode.awaitingCode.code.dead on method.change #0',
    ]);
  });

  it('reports the cooldown branch and the resend states once no delay fixture lets the cooldown end', () => {
    const fixtures = { ...oneTimeCodeFixtures, delays: {} };
    const report = findUncovered(oneTimeCodeMachine, generatePaths(oneTimeCodeModel, { fixtures }));
    expect(report.uncoveredStates).toEqual([
      'oneTimeCode.awaitingCode.resend.ready',
      'oneTimeCode.resendingCode',
    ]);
    expect(report.uncoveredTransitions).toContain(
      'oneTimeCode.awaitingCode.resend.coolingDown on xstate.after.resendCooldown.oneTimeCode.awaitingCode.resend.coolingDown #0',
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
    const { 'credentials.submit': _submit, ...fewerEvents } = loginFixtures.events;
    const { oneTimeCode: _oneTimeCode, ...fewerActors } = loginFixtures.actors;
    // @ts-expect-error: every event type of the machine needs a fixture
    const missingEvent: Fixtures<typeof loginMachine> = { ...loginFixtures, events: fewerEvents };
    // @ts-expect-error: every actor named in setup() needs its outcomes
    const missingActor: Fixtures<typeof loginMachine> = { ...loginFixtures, actors: fewerActors };
    // @ts-expect-error: every named delay needs a fixture
    const missingDelay: Fixtures<typeof oneTimeCodeMachine> = { ...oneTimeCodeFixtures, delays: {} };

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

// What the registry guard reads: every machine file (found here, not in the registry), every module that defines
// models, and the source of every model test (read as text, not run).
const byFileName = <T>(modules: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(modules).map(([file, module]) => [file.split('/').pop()!, module]));
const realInputs: RegistryInputs = {
  machines: byFileName(
    import.meta.glob<Record<string, unknown>>('../../machines/*.machine.ts', { eager: true }),
  ),
  registry,
  fixtures: byFileName(
    import.meta.glob<Record<string, unknown>>(['./*.paths.ts', './paths.ts'], { eager: true }),
  ),
  tests: byFileName(
    import.meta.glob<string>('./*.model.test.tsx', { query: '?raw', import: 'default', eager: true }),
  ),
};

describe('the registry', () => {
  it('has a model for every machine that machines/*.machine.ts exports, and a model test that runs each', () => {
    expect(Object.keys(realInputs.machines).length).toBeGreaterThanOrEqual(28);
    expect(Object.keys(realInputs.tests).length).toBeGreaterThanOrEqual(28);
    expect(registryGaps(realInputs)).toEqual([]);
  });
});

describe('the registry guard', () => {
  const loginTest = realInputs.tests['login.model.test.tsx']!;
  const withTests = (tests: Record<string, string>): RegistryInputs => ({
    ...realInputs,
    tests: { ...realInputs.tests, ...tests },
  });

  it('reports a machine file whose machine has no registered model', () => {
    const madeUpMachine = setup({ types: { events: {} as { type: 'go' } } }).createMachine({
      id: 'madeUp',
      initial: 'idle',
      states: { idle: { on: { go: 'done' } }, done: { type: 'final' } },
    });
    const machines: ModuleExports = { ...realInputs.machines, 'madeUp.machine.ts': { madeUpMachine } };
    expect(registryGaps({ ...realInputs, machines })).toEqual([
      'machines/madeUp.machine.ts exports madeUpMachine, which no registered model covers',
    ]);
  });

  it('reports a model left out of the registry, and the machine it alone covered', () => {
    const registryWithoutSession = registry.filter(({ model }) => model !== sessionModel);
    expect(registryGaps({ ...realInputs, registry: registryWithoutSession })).toEqual([
      'machines/session.machine.ts exports sessionMachine, which no registered model covers',
      'tests/model/paths.ts exports sessionModel, which is not in the registry',
    ]);
  });

  it('reports a registered model whose model test is missing or does not run its paths on the screens', () => {
    const login = registry.find(({ model }) => model === loginModel)!;
    const elsewhere: RegisteredModel = { ...login, test: 'nowhere.model.test.tsx' };
    expect(
      registryGaps({
        ...realInputs,
        registry: registry.map((entry) => (entry === login ? elsewhere : entry)),
      }),
    ).toEqual(['model login: its model test tests/model/nowhere.model.test.tsx does not exist']);

    // The real login test passes its model to generatePaths; the same file without that call runs no path.
    expect(loginTest).toMatch(/generatePaths\(loginModel\)/);
    const noPaths = loginTest.replace(/generatePaths\(loginModel\)/g, '[]');
    expect(registryGaps(withTests({ 'login.model.test.tsx': noPaths }))).toEqual([
      'model login: tests/model/login.model.test.tsx does not pass loginModel to generatePaths',
    ]);
    // Walking some other model's paths is not running this one's.
    const otherModel = loginTest.replace(/generatePaths\(loginModel\)/g, 'generatePaths(sessionModel)');
    expect(registryGaps(withTests({ 'login.model.test.tsx': otherModel }))).toEqual([
      'model login: tests/model/login.model.test.tsx does not pass loginModel to generatePaths',
    ]);
    const noScreens = loginTest.replace(/from '\.\/harness'/g, "from './elsewhere'");
    expect(registryGaps(withTests({ 'login.model.test.tsx': noScreens }))).toEqual([
      'model login: tests/model/login.model.test.tsx renders no screens (imports neither ./harness nor anything under src/)',
    ]);
  });

  it('follows a model through a function of the test that passes it to generatePaths', () => {
    const passwordTest = realInputs.tests['passwordLink.model.test.tsx']!;
    expect(passwordTest).toMatch(/runModel\(createPasswordModel\)/);
    const onlyReset = passwordTest.replace(/runModel\(createPasswordModel\);?/g, '');
    expect(registryGaps(withTests({ 'passwordLink.model.test.tsx': onlyReset }))).toEqual([
      'model createPassword: tests/model/passwordLink.model.test.tsx does not pass createPasswordModel to generatePaths',
    ]);
  });
});
