import { getAdjacencyMap, getShortestPaths, type AdjacencyMap, type StatePath } from '@xstate/graph';
import {
  __unsafe_getAllOwnEventDescriptors as getAllOwnEventDescriptors,
  createEmptyActor,
  type AnyStateMachine,
  type ContextFrom,
  type EventFromLogic,
  type EventObject,
  type InputFrom,
  type OutputFrom,
  type SnapshotFrom,
  type StateMachine,
} from 'xstate';
import type { ApiFailure } from '../../machines/apiFailure';
import { machineShape, takenTransitions, type MachineShape } from './machineGraph';

/*
 * docs/engineering.md principle 3: the machines are the test plan. `generatePaths` turns a machine plus fixtures (one per
 * event, per actor outcome and per delay) into test paths: every shortest path to every state, bounded simple
 * paths, and extra paths for any transition those leave untaken. The model tests run each path against the real
 * screens and scripts/testPaths.ts writes the same paths out as the QA plan. The models themselves (fixtures,
 * expected screens) are in ./paths.ts.
 */

// ---------------------------------------------------------------------------------------------------------------
// Fixture types, derived from the machine so that a new event, actor or delay without a fixture fails to compile.

type ActorsOf<M> =
  M extends StateMachine<
    infer _Context,
    infer _Event,
    infer _Children,
    infer TActor,
    infer _Action,
    infer _Guard,
    infer _Delay,
    infer _Value,
    infer _Tag,
    infer _Input,
    infer _Output,
    infer _Emitted,
    infer _Meta,
    infer _Schema,
    infer _TransitionMeta
  >
    ? TActor
    : never;

type DelaysOf<M> =
  M extends StateMachine<
    infer _Context,
    infer _Event,
    infer _Children,
    infer _Actor,
    infer _Action,
    infer _Guard,
    infer TDelay,
    infer _Value,
    infer _Tag,
    infer _Input,
    infer _Output,
    infer _Emitted,
    infer _Meta,
    infer _Schema,
    infer _TransitionMeta
  >
    ? TDelay
    : never;

/** What the tester does to send this event, in plain words (QA plan), with the event it sends. */
export type EventFixture<TEvent, TContext = unknown> = {
  event: TEvent;
  does: string;
  /**
   * Set for events the screens send by themselves (e.g. after showing a one-time notice): the event is offered
   * only while this holds, and then nothing else is, because the app sends it before the user can do anything.
   */
  auto?: (context: TContext) => boolean;
  /**
   * Set for events the tester causes with the pointer or the keyboard. While the model's `activity` reporter is on,
   * such a gesture also reports activity first (the app listens for pointerdown/keydown), throttled like the app.
   */
  gesture?: true;
};

/**
 * One successful answer: a realistic output (a function when it depends on what the user chose earlier, e.g. the
 * code's channel), in plain words, and what it changes in the data (QA plan: the step's expected result).
 */
export type DoneFixture<TOutput, TContext> = {
  output: TOutput | ((context: TContext) => TOutput);
  says: string;
  /**
   * What changes in the data, as the server records it (balances, the transfer's fields, a stored schedule), for
   * the tester to check after the step; a function when it depends on what the user chose. Printed in the plan.
   */
  effect?: string | ((context: TContext) => string);
  /**
   * Whether a tester can get this answer from the sandbox here (by default yes). False where only a test double
   * answers so (e.g. a bank that names no one on a close match): a path through it is run by the model tests only.
   */
  tester?: (context: TContext) => boolean;
};

/** What the server (or the child journey) answers, in plain words, and the value the effect yields. */
export type ActorFixture<TOutput, TContext> = {
  done: DoneFixture<TOutput, TContext>;
  /**
   * Further successful outcomes the machine tells apart by the output (a child journey that ends with a grant, or
   * cancelled without one); each is offered wherever `done` is.
   */
  alsoDone?: ReadonlyArray<DoneFixture<TOutput, TContext>>;
  /** One entry per failure the machine tells apart (guards) or the screen words differently. */
  errors: ReadonlyArray<ErrorFixture<TContext>>;
};

/** A failure the server (or the network) answers, in plain words. */
export type ErrorFixture<TContext = unknown> = {
  failure: ApiFailure;
  says: string;
  /**
   * Where the server can answer so at all, when not everywhere the call is made (no "insufficient funds" for a total
   * of zero, which charges nothing): elsewhere no path takes this answer, in the model tests or the plan.
   */
  when?: (context: TContext) => boolean;
  /**
   * Whether a tester can cause this answer against the sandbox (a wrong code, a taken address, an empty balance).
   * By default a 4xx answer can, a network failure or a 5xx cannot (`testerCanCause`): paths through such a fault are
   * listed in the QA plan as run by the model tests only.
   */
  tester?: boolean;
  /**
   * What the tester does instead of the step before, to make the server answer this (e.g. "Type 000000, a wrong
   * code, click \"Verify\""): the model test fakes the answer, a tester must cause it.
   */
  does?: string;
};

/** Whether a tester can make the server answer `failure` (see `ErrorFixture.tester`). */
export function testerCanCause(fixture: Pick<ErrorFixture<never>, 'failure' | 'tester'>): boolean {
  if (fixture.tester !== undefined) return fixture.tester;
  return fixture.failure.kind === 'http' && fixture.failure.status < 500;
}

export type Fixtures<M extends AnyStateMachine> = {
  events: {
    [K in EventFromLogic<M>['type']]: ReadonlyArray<
      EventFixture<Extract<EventFromLogic<M>, { type: K }>, ContextFrom<M>>
    >;
  };
  actors: {
    [A in ActorsOf<M> as A['src']]: ActorFixture<OutputFrom<A['logic']>, ContextFrom<M>>;
  };
  /** For each named delay, what passing that time means to the tester. */
  delays: { [D in DelaysOf<M>]: string };
};

// ---------------------------------------------------------------------------------------------------------------
// What each generated step means, for the test executor and the QA plan.

export type StepAction =
  | { kind: 'start'; says: string }
  /** `auto`: the screens send it themselves (see `EventFixture.auto`). */
  | { kind: 'event'; event: EventObject; says: string; auto?: boolean }
  /**
   * `effect`: what the answer changes in the data (`DoneFixture.effect`); `tester: false`: the sandbox does not give
   * this answer (`DoneFixture.tester`).
   */
  | {
      kind: 'actorDone';
      id: string;
      src: string;
      output: unknown;
      says: string;
      effect?: string;
      tester?: false;
    }
  /** `tester`: whether a tester can cause it (`testerCanCause`); `does`: what the tester does to cause it. */
  | {
      kind: 'actorError';
      id: string;
      src: string;
      failure: ApiFailure;
      says: string;
      tester: boolean;
      does?: string;
    }
  | { kind: 'delay'; delay: string | number; stateId: string; says: string; ms?: number };

export type ModelStep<TSnapshot> = { event: EventObject; state: TSnapshot; action: StepAction };

export type ModelPath<TSnapshot> = {
  /** Stable within one generation: `<machine>-<n>`. */
  id: string;
  /** How the path was found: a shortest path to a state, a bounded simple path, or one that takes a transition. */
  origin: 'shortest' | 'simple' | 'transition';
  steps: Array<ModelStep<TSnapshot>>;
  /** The serialized state key of the last step. */
  target: string;
};

export type PathBounds = {
  /** Simple paths stop growing at this many events. */
  maxDepth: number;
  /** At most this many simple paths end in any one state. */
  simplePerState: number;
  /** At most this many simple paths in all. */
  maxSimple: number;
};

export type Model<M extends AnyStateMachine> = {
  name: string;
  machine: M;
  /** The machine's source file under machines/ (QA plan). */
  file: string;
  /** What the tester does first, in plain words (QA plan). */
  start: string;
  input?: InputFrom<M>;
  fixtures: Fixtures<M>;
  /** Two snapshots with equal keys are the same state for test purposes (what the screen shows and can do). */
  serialize: (snapshot: SnapshotFrom<M>) => string;
  /**
   * What else decides where the machine goes next without changing what the screen shows: the journey's place in the
   * browser's history (which step Back and Forward lead to). The walk tells states apart by it, so every path is
   * exact and every Back and Forward transition is taken, but paths are chosen per `serialize` key alone: one path
   * to each screen, not one for each history behind it.
   */
  historyKey?: (snapshot: SnapshotFrom<M>) => string;
  bounds: PathBounds;
  /** How the screens report user activity to the machine on every gesture (see `EventFixture.gesture`). */
  activity?: ActivityReporter<SnapshotFrom<M>>;
  /** What the user must see in a state (asserted by the model tests, printed in the QA plan). */
  screen: (snapshot: SnapshotFrom<M>) => ScreenExpectation;
  /**
   * The QA plan's title of a path, named by what it proves (its decisions and where it ends) rather than by its last
   * step; without it scripts/testPaths.ts words a title from the steps. Titles must be unique across all plans.
   */
  title?: (path: ModelPath<SnapshotFrom<M>>) => string;
};

/** What the screen shows in one state, in terms a tester (and Testing Library) can check. */
export type ScreenExpectation = {
  /**
   * The address (pathname) the browser shows. A segment `:name` stands for a part the tester chose before the journey
   * could know it, or the server assigned (`/registration/:step/<merchant>`, `/registration/details/:registration`):
   * it matches any one segment (`addressMatches`).
   */
  path: string;
  /** The page's h1; null while a whole-page spinner stands in for the page. */
  heading: string | null;
  /** The text of the page's error alert (inside <main>), or null for no alert. */
  alert?: string | null;
  /** Dialogs open, by name (exactly these). */
  dialogs?: string[];
  /** A toast with this text is on screen. */
  toast?: string;
  /** Buttons present and enabled / present and disabled, by accessible name. */
  enabled?: string[];
  disabled?: string[];
  /** Buttons that must not be there at all. */
  absent?: string[];
};

export type ActivityReporter<TSnapshot> = {
  event: EventObject;
  /** At most one report per this many ms (src/app/AppShell.tsx `activityThrottleMs`). */
  throttleMs: number;
  /** Whether the screens listen at all (only while signed in). */
  enabled: (snapshot: TSnapshot) => boolean;
};

// ---------------------------------------------------------------------------------------------------------------
// Generation

type AnySnapshot = SnapshotFrom<AnyStateMachine>;
/** Fixtures with the machine's types erased, as the generator walks them by name at run time. */
export type LooseFixtures = {
  events: Record<string, ReadonlyArray<EventFixture<EventObject, never>>>;
  actors: Record<string, ActorFixture<unknown, unknown>>;
  delays: Record<string, string>;
};

/**
 * Builds the per-state event list from the fixtures: user events by type, `xstate.done.actor.<id>` and
 * `xstate.error.actor.<id>` for every invocation (by its src), `xstate.after.<delay>.<state>` for every delayed
 * transition. An event type without a fixture is simply not offered, which the coverage guard then reports.
 */
function eventSource(
  start: string,
  shape: MachineShape,
  fixtures: LooseFixtures,
  activity: ActivityReporter<AnySnapshot> | undefined,
) {
  const actions = new Map<EventObject, StepAction>();
  const gestures = new Set<EventObject>();
  const invokeById = new Map(shape.invokes.map((invoke) => [invoke.id, invoke]));
  const delayByType = new Map(shape.delays.map((delay) => [delay.eventType, delay]));

  const autoWhen = new Map<EventObject, (context: unknown) => boolean>();
  const userEvents = Object.values(fixtures.events).flatMap((list) =>
    list.map((fixture) => {
      actions.set(fixture.event, {
        kind: 'event',
        event: fixture.event,
        says: fixture.does,
        ...(fixture.auto ? { auto: true } : {}),
      });
      // The predicate was typed against the machine's context; it is only ever called with that context.
      if (fixture.auto) autoWhen.set(fixture.event, fixture.auto as (context: unknown) => boolean);
      if (fixture.gesture) gestures.add(fixture.event);
      return fixture.event;
    }),
  );
  const staticEvents = new Map<string, EventObject[]>();
  /** The answers a server gives only in some contexts (`ErrorFixture.when`). */
  const answeredWhen = new Map<EventObject, (context: unknown) => boolean>();
  for (const event of userEvents)
    staticEvents.set(event.type, [...(staticEvents.get(event.type) ?? []), event]);
  for (const invoke of shape.invokes) {
    const fixture = fixtures.actors[invoke.src];
    if (!fixture) continue;
    const errors = fixture.errors.map((error) => {
      const { failure, says, does } = error;
      const event = { type: `xstate.error.actor.${invoke.id}`, error: failure };
      if (error.when) answeredWhen.set(event, error.when);
      actions.set(event, {
        kind: 'actorError',
        id: invoke.id,
        src: invoke.src,
        failure,
        says,
        tester: testerCanCause(error),
        ...(does ? { does } : {}),
      });
      return event;
    });
    staticEvents.set(`xstate.error.actor.${invoke.id}`, errors);
  }
  for (const delay of shape.delays) {
    const says = typeof delay.delay === 'number' ? `Wait ${delay.delay} ms` : fixtures.delays[delay.delay];
    if (says === undefined) continue;
    const event = { type: delay.eventType };
    actions.set(event, { kind: 'delay', delay: delay.delay, stateId: delay.stateId, says });
    staticEvents.set(delay.eventType, [event]);
  }
  // Done events whose output depends on the context are made per context; cache them so identical contexts give
  // identical event objects (and so identical serialized events).
  const doneCache = new Map<string, EventObject>();

  const eventsFor = (snapshot: AnySnapshot): EventObject[] => {
    const events: EventObject[] = [];
    const { timers } = clockOf(snapshot);
    const firstDue = Math.min(...timers.map((timer) => timer.due));
    for (const type of [...new Set(getAllOwnEventDescriptors(snapshot))].sort()) {
      if (delayByType.has(type)) {
        // Only the earliest pending timer can fire next.
        if (timers.some((timer) => timer.eventType === type && timer.due === firstDue))
          events.push(...(staticEvents.get(type) ?? []));
      } else if (type.startsWith('xstate.done.actor.')) {
        const id = type.slice('xstate.done.actor.'.length);
        const invoke = invokeById.get(id);
        const fixture = invoke ? fixtures.actors[invoke.src] : undefined;
        if (!invoke || !fixture) continue;
        [fixture.done, ...(fixture.alsoDone ?? [])].forEach((outcome, index) => {
          const output =
            typeof outcome.output === 'function'
              ? (outcome.output as (context: unknown) => unknown)(snapshot.context)
              : outcome.output;
          const effect =
            typeof outcome.effect === 'function' ? outcome.effect(snapshot.context) : outcome.effect;
          const tester = outcome.tester ? outcome.tester(snapshot.context) : true;
          // The effect is part of the key: the same answer can change different data (a name check's result).
          const cacheKey = `${type}|${index ? `${index}|` : ''}${JSON.stringify(output)}|${effect ?? ''}|${tester}`;
          let event = doneCache.get(cacheKey);
          if (!event) {
            const created: EventObject & { output: unknown } = { type, output };
            doneCache.set(cacheKey, created);
            actions.set(created, {
              kind: 'actorDone',
              id,
              src: invoke.src,
              output,
              says: outcome.says,
              ...(effect ? { effect } : {}),
              ...(tester ? {} : { tester: false as const }),
            });
            event = created;
          }
          events.push(event);
        });
      } else {
        events.push(
          ...(staticEvents.get(type) ?? []).filter(
            (event) => answeredWhen.get(event)?.(snapshot.context) ?? true,
          ),
        );
      }
    }
    const auto = events.filter((event) => autoWhen.get(event)?.(snapshot.context));
    if (auto.length) return auto;
    // A gesture that is only an activity report does nothing while the app's throttle holds it back.
    const reporting = canReport(snapshot, activity);
    return events.filter(
      (event) => !autoWhen.has(event) && (reporting || !activity || event.type !== activity.event.type),
    );
  };

  const actionOf = (event: EventObject): StepAction => {
    if (event.type === 'xstate.init') return { kind: 'start', says: start };
    const action = actions.get(event);
    if (!action) throw new Error(`generated event ${event.type} has no fixture`);
    return action;
  };

  return { eventsFor, actionOf, isGesture: (event: EventObject) => gestures.has(event) };
}

// ---------------------------------------------------------------------------------------------------------------
// Time. Abstract paths may take any delayed transition at any moment, but a real clock fires the earliest timer
// first (with a 10-minute token and a 15-minute idle limit the refresh always comes before the idle warning).
// The traversal therefore runs the machine with an actor scope that records the timers its actions schedule and
// cancel, offers only the earliest pending timer's event, and keeps the remaining times in the state key, so every
// generated path can happen on a SimulatedClock exactly as written.

export type PendingTimer = { id: string; eventType: string; due: number };
export type Clocked = {
  now: number;
  timers: PendingTimer[];
  /** When a gesture last reported activity (-Infinity: the listener was set up afresh). */
  lastReport: number;
};

const clocks = new WeakMap<object, Clocked>();
/**
 * The last change of the data on the way to a snapshot (`DoneFixture.effect`): the shortest-path search tells states
 * apart by it, so that each different change on the way to an end (a payment after each name-check answer) gets its
 * own shortest path even where the screens look the same.
 */
const lastEffects = new WeakMap<object, string>();

/** Simulated time and pending timers of a snapshot produced by the timed traversal. */
export function clockOf(snapshot: object): Clocked {
  return clocks.get(snapshot) ?? { now: 0, timers: [], lastReport: -Infinity };
}

type ExecutedAction = { type: string; params?: unknown };

function recordingScope(onAction: (action: ExecutedAction) => void) {
  const self = createEmptyActor();
  return {
    self,
    logger: () => {},
    id: '',
    sessionId: 'model',
    defer: () => {},
    system: self.system,
    stopChild: () => {},
    emit: () => {},
    actionExecutor: onAction,
  };
}

function applyTimerActions(clock: Clocked, actions: ExecutedAction[]): PendingTimer[] {
  let timers = clock.timers;
  for (const action of actions) {
    const params = (action.params ?? {}) as {
      id?: string;
      delay?: unknown;
      event?: EventObject;
      sendId?: string;
    };
    if (action.type === 'xstate.raise' && typeof params.delay === 'number' && params.event) {
      const id = params.id ?? params.event.type;
      timers = [
        ...timers.filter((t) => t.id !== id),
        { id, eventType: params.event.type, due: clock.now + params.delay },
      ];
    } else if (action.type === 'xstate.cancel') {
      timers = timers.filter((t) => t.id !== params.sendId);
    }
  }
  return timers;
}

/** Whether a gesture now would report activity (listener on, throttle passed). */
function canReport(snapshot: AnySnapshot, activity: ActivityReporter<AnySnapshot> | undefined): boolean {
  if (!activity?.enabled(snapshot)) return false;
  const { now, lastReport } = clockOf(snapshot);
  return now - lastReport >= activity.throttleMs;
}

/** The machine as actor logic whose snapshots carry simulated time (see `clockOf`). */
function timedLogic(
  machine: AnyStateMachine,
  input: unknown,
  activity: ActivityReporter<AnySnapshot> | undefined,
  isGesture: (event: EventObject) => boolean,
  effectOf: (event: EventObject) => string | undefined,
): { logic: AnyStateMachine; initial: AnySnapshot } {
  const initialActions: ExecutedAction[] = [];
  const initial: AnySnapshot = machine.getInitialSnapshot(
    recordingScope((action) => initialActions.push(action)) as never,
    input,
  );
  const start: Clocked = { now: 0, timers: [], lastReport: -Infinity };
  clocks.set(initial, { ...start, timers: applyTimerActions(start, initialActions) });
  const logic: AnyStateMachine = Object.create(machine);
  logic.transition = (snapshot: AnySnapshot, event: EventObject) => {
    const before = clockOf(snapshot);
    const fired = before.timers.find((timer) => timer.eventType === event.type);
    let clock: Clocked = fired
      ? { ...before, now: fired.due, timers: before.timers.filter((timer) => timer !== fired) }
      : before;
    const actions: ExecutedAction[] = [];
    const scope = recordingScope((action) => actions.push(action)) as never;
    let current = snapshot;
    if (activity && isGesture(event) && canReport(snapshot, activity)) {
      if (event.type !== activity.event.type) current = machine.transition(current, activity.event, scope);
      clock = { ...clock, lastReport: clock.now };
    }
    const next: AnySnapshot = machine.transition(current, event, scope);
    const lastReport = activity?.enabled(next) ? clock.lastReport : -Infinity;
    if (next !== snapshot) {
      clocks.set(next, { now: clock.now, timers: applyTimerActions(clock, actions), lastReport });
      const effect = effectOf(event) ?? lastEffects.get(snapshot);
      if (effect !== undefined) lastEffects.set(next, effect);
    }
    return next;
  };
  return { logic, initial };
}

/** What the traversal must tell apart besides the model's key: remaining timer times and the activity throttle. */
function timeKey(snapshot: AnySnapshot, activity: ActivityReporter<AnySnapshot> | undefined): string {
  const { now, lastReport } = clockOf(snapshot);
  const throttle = activity?.enabled(snapshot) ? Math.min(now - lastReport, activity.throttleMs) : null;
  return JSON.stringify({ timers: timerKey(snapshot), throttle });
}

/** Remaining time of each pending timer, earliest first: part of the state key. */
export function timerKey(snapshot: object): Array<[string, number]> {
  const { now, timers } = clockOf(snapshot);
  return timers
    .map((timer): [string, number] => [
      timer.eventType.replace(/^xstate\.after\.([^.]+)\..*$/, '$1'),
      timer.due - now,
    ])
    .sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]));
}

type RawPath = { steps: Array<{ event: EventObject; state: AnySnapshot }> };

/**
 * Simple paths (no state twice, by the model's own key) of at most `maxDepth` events, a few per end state, longest
 * first. The walk runs over the exact timed adjacency, so every path it yields can happen on a real clock.
 */
function boundedSimplePaths(
  adjacency: AdjacencyMap<AnySnapshot, EventObject>,
  start: AnySnapshot,
  exactKey: (snapshot: AnySnapshot) => string,
  stateKey: (snapshot: AnySnapshot) => string,
  bounds: PathBounds,
): RawPath[] {
  const byEnd = new Map<string, RawPath[]>();
  const stack: RawPath['steps'] = [{ event: { type: 'xstate.init' }, state: start }];
  const onPath = new Set<string>([stateKey(start)]);
  let budget = 100_000; // visits: keeps a badly bounded model from hanging the suite
  const visit = (snapshot: AnySnapshot): void => {
    const entry = adjacency[exactKey(snapshot) as keyof typeof adjacency];
    if (!entry || stack.length > bounds.maxDepth) return;
    for (const { event, state } of Object.values(entry.transitions)) {
      if (--budget <= 0) return;
      const key = stateKey(state);
      if (onPath.has(key)) continue;
      stack.push({ event, state });
      onPath.add(key);
      byEnd.set(key, [...(byEnd.get(key) ?? []), { steps: [...stack] }]);
      visit(state);
      onPath.delete(key);
      stack.pop();
    }
  };
  visit(start);
  const chosen: RawPath[] = [];
  for (const list of byEnd.values()) {
    // Longest first within the bound: they exercise the most; shorter ones are mostly prefixes of them anyway.
    list.sort((a, b) => b.steps.length - a.steps.length);
    chosen.push(...list.slice(0, bounds.simplePerState));
  }
  return chosen.slice(0, bounds.maxSimple);
}

/** Drops every path whose events are a prefix of another's: the longer one checks the same screens on its way. */
function dropPrefixes(paths: RawPath[]): RawPath[] {
  const sorted = [...paths].sort((a, b) => b.steps.length - a.steps.length);
  const kept: Array<{ path: RawPath; events: EventObject[] }> = [];
  for (const path of sorted) {
    const events = path.steps.slice(1).map((step) => step.event);
    const covered = kept.some(
      (other) =>
        other.events.length >= events.length && events.every((event, i) => other.events[i] === event),
    );
    if (!covered) kept.push({ path, events });
  }
  return kept.map((entry) => entry.path);
}

export type GenerateOptions<M extends AnyStateMachine> = {
  /** Replace fixtures (the coverage guard's self-test removes one to prove the guard bites). */
  fixtures?: Fixtures<M> | LooseFixtures;
  bounds?: PathBounds;
};

export function generatePaths<M extends AnyStateMachine>(
  model: Model<M>,
  options: GenerateOptions<M> = {},
): Array<ModelPath<SnapshotFrom<M>>> {
  const machine: AnyStateMachine = model.machine;
  // Fixtures<M> is a mapped type over M that TypeScript cannot index generically; at run time it is LooseFixtures.
  const fixtures = (options.fixtures ?? model.fixtures) as LooseFixtures;
  const bounds = options.bounds ?? model.bounds;
  const shape = machineShape(machine);
  const activity = model.activity as ActivityReporter<AnySnapshot> | undefined;
  const { eventsFor, actionOf, isGesture } = eventSource(model.start, shape, fixtures, activity);
  const stateKey = (snapshot: AnySnapshot) => model.serialize(snapshot as SnapshotFrom<M>);
  // The traversal itself tells states apart by pending timers too, so that its paths are exact on a clock; the
  // paths kept are then chosen by the model's own key (what the screen shows and offers).
  const historyKey = (snapshot: AnySnapshot) => model.historyKey?.(snapshot as SnapshotFrom<M>) ?? '';
  const exactKey = (snapshot: AnySnapshot) =>
    `${stateKey(snapshot)} ${historyKey(snapshot)} ${timeKey(snapshot, activity)}`;
  const effectOf = (event: EventObject) => {
    if (event.type === 'xstate.init') return undefined;
    const action = actionOf(event);
    return action.kind === 'actorDone' ? action.effect : undefined;
  };
  const { logic, initial } = timedLogic(machine, model.input, activity, isGesture, effectOf);
  const traversal = { events: eventsFor, serializeState: exactKey, fromState: initial };

  const exactShortest: RawPath[] = getShortestPaths(logic, {
    ...traversal,
    serializeState: (snapshot: AnySnapshot) => `${exactKey(snapshot)} ${lastEffects.get(snapshot) ?? ''}`,
  })
    .map((path: StatePath<AnySnapshot, EventObject>) => ({ steps: path.steps }))
    .sort((a, b) => a.steps.length - b.steps.length);
  const shortestByState = new Map<string, RawPath>();
  for (const path of exactShortest) {
    const key = stateKey(path.steps.at(-1)!.state);
    if (!shortestByState.has(key)) shortestByState.set(key, path);
  }
  // Besides the shortest path to each state, the shortest one that ends with each different change of the data
  // there: the same "Payment on its way" after a match, a close match, no match and a bank that cannot check records
  // four different transfers, and a tester (and an auditor) needs each.
  const endsWith = (path: RawPath) =>
    `${stateKey(path.steps.at(-1)!.state)} ${effectOf(path.steps.at(-1)!.event)}`;
  const byEffect = new Set([...shortestByState.values()].map(endsWith));
  for (const path of exactShortest) {
    if (effectOf(path.steps.at(-1)!.event) === undefined || byEffect.has(endsWith(path))) continue;
    byEffect.add(endsWith(path));
    shortestByState.set(endsWith(path), path);
  }
  const shortest = [...shortestByState.values()];
  const adjacency = getAdjacencyMap(logic, traversal);
  const simple = boundedSimplePaths(adjacency, initial, exactKey, stateKey, bounds);

  // Transitions no path so far takes: extend the shortest path to some state where a fixture event takes it.
  const taken = new Set<string>();
  const record = (path: RawPath) => {
    for (let i = 1; i < path.steps.length; i++) {
      for (const key of takenTransitions(machine, shape, path.steps[i - 1]!.state, path.steps[i]!.event))
        taken.add(key);
    }
  };
  [...shortest, ...simple].forEach(record);
  const completing: RawPath[] = [];
  for (const info of shape.transitions) {
    if (taken.has(info.key)) continue;
    search: for (const path of exactShortest) {
      const last = path.steps.at(-1)!.state;
      const entry = adjacency[exactKey(last) as keyof typeof adjacency];
      for (const { event, state } of Object.values(entry?.transitions ?? {})) {
        if (!takenTransitions(machine, shape, last, event).includes(info.key)) continue;
        const extended: RawPath = { steps: [...path.steps, { event, state }] };
        record(extended);
        completing.push(extended);
        break search;
      }
    }
  }

  const origins = new Map<RawPath, ModelPath<AnySnapshot>['origin']>();
  shortest.forEach((path) => origins.set(path, 'shortest'));
  simple.forEach((path) => origins.set(path, 'simple'));
  completing.forEach((path) => origins.set(path, 'transition'));
  // A path must not stop where the screens answer by themselves (an `auto` event): that state lasts no time.
  const isAuto = (event: EventObject) => {
    const action = actionOf(event);
    return action.kind === 'event' && action.auto === true;
  };
  const settled = (path: RawPath): RawPath => {
    const steps = [...path.steps];
    for (let guard = 0; guard < 10; guard++) {
      const last = steps.at(-1)!.state;
      const auto = eventsFor(last).find(isAuto);
      if (!auto) break;
      steps.push({ event: auto, state: logic.transition(last, auto, undefined as never) });
    }
    if (steps.length === path.steps.length) return path;
    const extended = { steps };
    origins.set(extended, origins.get(path) ?? 'shortest');
    return extended;
  };
  const kept = dropPrefixes([...shortest, ...simple, ...completing].map(settled));
  // Deterministic order for the QA plan: by length, then by the steps' words.
  const words = (path: RawPath) => path.steps.map((step) => actionOf(step.event).says).join(' | ');
  kept.sort((a, b) => a.steps.length - b.steps.length || words(a).localeCompare(words(b)));
  return kept.map((path, index): ModelPath<SnapshotFrom<M>> => ({
    id: `${model.name}-${index + 1}`,
    origin: origins.get(path) ?? 'shortest',
    target: stateKey(path.steps.at(-1)!.state),
    steps: path.steps.map((step, i): ModelStep<SnapshotFrom<M>> => {
      const state = step.state as SnapshotFrom<M>;
      const action = actionOf(step.event);
      if (action.kind !== 'delay' || i === 0) return { event: step.event, state, action };
      // How long the tester (or the SimulatedClock) waits here: the timer's remaining time at the previous step.
      const before = clockOf(path.steps[i - 1]!.state);
      const timer = before.timers.find((pending) => pending.eventType === step.event.type);
      if (!timer) throw new Error(`${step.event.type} fired without a pending timer`);
      return { event: step.event, state, action: { ...action, ms: timer.due - before.now } };
    }),
  }));
}

// ---------------------------------------------------------------------------------------------------------------
// What each step must show: ONE function for the model tests (harness.tsx `runPath`) and the QA plan
// (scripts/testPaths.ts), so the plan cannot print a screen the tests do not check.

/**
 * The expected screen after each step of `path`: `model.screen` of the step's state, or null where the screens move
 * on by themselves (the next step is an `auto` event): such a state lasts no time, so neither a tester nor the tests
 * can look at it.
 */
export function expectedScreens<M extends AnyStateMachine>(
  model: Model<M>,
  path: ModelPath<SnapshotFrom<M>>,
): Array<ScreenExpectation | null> {
  return path.steps.map((step, index) => {
    const next = path.steps[index + 1]?.action;
    return next?.kind === 'event' && next.auto ? null : model.screen(step.state);
  });
}

/** Whether the address `actual` is the expected `pattern` (its `:name` segments match any one segment). */
export function addressMatches(pattern: string, actual: string): boolean {
  const want = pattern.split('/');
  const got = actual.split('/');
  return (
    want.length === got.length &&
    want.every((segment, index) => (segment.startsWith(':') ? got[index] !== '' : segment === got[index]))
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Titles of QA-plan paths, by what they prove (Model.title).

/**
 * A refusal or fault in a few words: "<answer> refused (<code>)", or "no answer from <answer>". `refusals` words a code
 * where its own name says too little to a tester (insufficient_funds → "insufficient funds", conflict → "already
 * decided"); any other code is its name with spaces.
 */
export function failureWords(
  action: Extract<StepAction, { kind: 'actorError' }>,
  answer: string,
  refusals: Partial<Record<string, string>> = {},
): string {
  const { failure } = action;
  return failure.kind === 'http'
    ? `${answer} refused (${refusals[failure.code] ?? failure.code.replace(/_/g, ' ')})`
    : `no answer from ${answer}`;
}

/**
 * A path's title: its decisions in order (`words` of each step; null for a step that decides nothing), then where it
 * ends. "Open" when nothing was decided.
 */
export function pathTitle<TSnapshot>(
  path: ModelPath<TSnapshot>,
  words: (
    step: ModelPath<TSnapshot>['steps'][number],
    index: number,
    steps: ModelPath<TSnapshot>['steps'],
  ) => string | null,
  end: string,
  /** What a path that decided nothing did. */
  none = 'open',
): string {
  const decisions = path.steps.map(words).filter((one) => one !== null);
  const text = decisions.length ? decisions.join(', ') : none;
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}: ${end}`;
}

/** Where a path ends that has no better word: on a page, busy (waits) or not (stops), or behind a spinner. */
export function screenEnd(screen: ScreenExpectation, busy: boolean): string {
  if (screen.heading === null) return busy ? 'waits behind the spinner' : 'stops behind the spinner';
  return busy ? `waits on “${screen.heading}”` : `stops on “${screen.heading}”`;
}
