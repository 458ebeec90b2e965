import { act, render, screen, waitFor, within, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, type ReactElement, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate, type NavigateFunction } from 'react-router';
import { ThemeProvider } from 'styled-components';
import {
  createActor,
  fromPromise,
  SimulatedClock,
  type AnyActorRef,
  type AnyStateMachine,
  type EventFromLogic,
  type InspectionEvent,
  type SnapshotFrom,
} from 'xstate';
import { expect, vi } from 'vitest';
import type { ApiFailure } from '../../machines/apiFailure';
import type { SessionResponse } from '../../schemas/auth.schema';
import { selectUser, sessionMachine } from '../../machines/session.machine';
import { AppProviders } from '../../src/app/AppProviders';
import { AppShell } from '../../src/app/AppShell';
import type { BotCheckComponent } from '../../src/app/botCheck';
import { GuestOnly, RequireAuth } from '../../src/app/guards';
import { useSessionActor, type SessionActor } from '../../src/app/session';
import { LocaleProvider } from '../../src/i18n/LocaleProvider';
import type { Locale } from '../../src/i18n/locale';
import { LoginScreen } from '../../src/screens/login/LoginScreen';
import { theme } from '../../src/ui/theme';
import {
  addressMatches,
  expectedScreens,
  type Model,
  type ModelPath,
  type ScreenExpectation,
  type StepAction,
} from './generatePaths';
import { endAfterTest, endRenderedApps } from './rendered';
import { demoSession, sessionInput, texts } from './paths';
import { registry } from './registry';
import { VisibilityStyles } from './visibilityStyles';

/*
 * Runs generated paths against the real screens in jsdom: the session actor gets controllable effects (promise
 * actors that settle only when a path step says so) and a SimulatedClock, and Date.now follows that clock, so the
 * app's own time-based code (activity throttle, countdowns, toasts) sees the same time as the machines.
 *
 * Every model test renders the app through renderScreen (renderJourneyScreen for one journey's screen, renderApp for
 * the login and session journeys) and a part of a screen through renderPart: one router, one set of providers, one
 * location probe, one session setup, ended after each test.
 */

/** A call of an effect that waits for the test to answer it. */
type PendingCall = {
  id: string;
  input: unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

/** Promise actors whose calls wait until `settle(id, ...)`; one registry per rendered app. */
export class Deferreds {
  private calls: PendingCall[] = [];
  /** Every call made, in order, answered or not: what the app sent. */
  readonly made: Array<{ id: string; input: unknown }> = [];

  logic<TOutput, TInput = unknown>() {
    return fromPromise<TOutput, TInput>(
      ({ input, self, signal }) =>
        new Promise<TOutput>((resolve, reject) => {
          const call: PendingCall = {
            id: self.id,
            input,
            resolve: (value) => resolve(value as TOutput),
            reject,
          };
          this.calls.push(call);
          this.made.push({ id: self.id, input });
          // A call whose state was left (the actor stopped) can no longer be answered.
          signal.addEventListener('abort', () => {
            this.calls = this.calls.filter((other) => other !== call);
          });
        }),
    );
  }

  inFlight(id: string): boolean {
    return this.calls.some((call) => call.id === id);
  }

  /** Answers the oldest call of the actor `id`, waiting for the app to make it. */
  async settle(id: string, outcome: { output: unknown } | { error: ApiFailure }): Promise<void> {
    await waitFor(() => {
      if (!this.inFlight(id)) throw new Error(`no call of "${id}" in flight`);
    });
    const index = this.calls.findIndex((call) => call.id === id);
    const [call] = this.calls.splice(index, 1);
    await act(async () => {
      if ('output' in outcome) call!.resolve(outcome.output);
      else call!.reject(outcome.error);
    });
  }
}

/** The jsdom stand-in for ALTCHA (seam of src/app/botCheck.tsx): solved at once, once per round. */
const InstantBotCheck: BotCheckComponent = ({ onVerified }) => {
  const solved = useRef(false);
  useEffect(() => {
    if (solved.current) return;
    solved.current = true;
    onVerified('test-payload');
  });
  return <p>Bot check passed (test stand-in)</p>;
};

/** Screens that fetch data are not rendered in jsdom; this stands in for the dashboard with its heading. */
export function SignedInStandIn() {
  const user = useSelector(useSessionActor(), selectUser);
  return <h1>{user?.merchant.name}</h1>;
}

/** Keeps where the app is (path and query) in `into`, and the router's navigate; the one probe every rendering has. */
function LocationProbe({
  into,
  router,
}: {
  into: { path: string; search: string };
  router: { navigate?: NavigateFunction };
}) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    into.path = location.pathname;
    into.search = location.search;
  }, [into, location.pathname, location.search]);
  useEffect(() => {
    router.navigate = navigate;
  }, [router, navigate]);
  return null;
}

/** A rendering of the app (renderScreen), as tests and path steps drive it. */
export type RenderedApp = {
  user: UserEvent;
  clock: SimulatedClock;
  session: SessionActor;
  effects: Deferreds;
  /** The path the app is at now. */
  path: () => string;
  /** Where the app is now: path and query, as the router has them. */
  location: Readonly<{ path: string; search: string }>;
  /** Opens `to` in the running app, as a link from outside would (an emailed link): no reload; a number moves through the history as Back and Forward do. */
  navigate: (to: string | number) => Promise<void>;
  /** Testing Library's result: container, unmount, rerender. */
  view: RenderResult;
  /** Ends the session and gives Date.now back; the harness does it after each test. */
  stop: () => void;
};

/** 2026-01-15 09:00 UTC: a fixed wall clock, so nothing depends on when the suite runs. */
const wallClockStart = Date.UTC(2026, 0, 15, 9, 0, 0);

/** What the routes of a page are built with: the effects to fake their actors with, and the clock of the app. */
export type ScreenTools = {
  effects: Deferreds;
  clock: SimulatedClock;
};

/** Who uses the app, in which language, and from which state of the browser. */
export type AppOptions = {
  /** The address the app is opened at. */
  path: string;
  /**
   * Signed in with this session (restored from the "cookie"), the demo owner of an approved merchant unless said;
   * `null`: nobody is signed in (the cookie is refused).
   */
  session?: SessionResponse | null;
  /** Instead of `session`: the session machine with effects the test answers (the session and login journeys). */
  sessionLogic?: typeof sessionMachine;
  /** The effects the test built its logic with before rendering; fresh ones unless given. */
  effects?: Deferreds;
  locale?: Locale;
  /** A reload: the session storage of the page before stays. */
  keepSessionStorage?: boolean;
  /** Providers the page needs inside the app's own: a service whose answers the test controls. */
  wrap?: (page: ReactElement) => ReactElement;
};

export type ScreenOptions = AppOptions &
  (
    | {
        /** `<Route>` elements, or what builds them from the tools. */
        routes: ReactNode | ((tools: ScreenTools) => ReactNode);
        /** The app shell around them (header, navigation, dialogs, footer) unless `false`: then a bare `<main>`. */
        shell?: boolean;
      }
    | {
        /** Instead of `routes`: the app's own route table (`<AppRoutes />`), which brings the shell and guards. */
        routeTable: ReactElement;
      }
  );

/** The session machine whose "cookie" restores `response`, or is refused when nobody is signed in. */
function sessionLogicFor(response: SessionResponse | null): typeof sessionMachine {
  return sessionMachine.provide({
    actors: {
      refreshSession: fromPromise<SessionResponse>(async () => {
        if (response) return response;
        throw {
          kind: 'http',
          status: 401,
          code: 'session_expired',
          message: 'No session.',
        } satisfies ApiFailure;
      }),
      signOut: fromPromise<void>(async () => {}),
    },
  });
}

/**
 * Renders the app at `path` with the providers, the routes (in the shell unless said) and the one location probe,
 * around a session actor on a SimulatedClock that Date.now follows. Every rendering starts from empty storage and is
 * ended after its test (setup.ts). One page at a time: a rendering ends the one before it (its session and its
 * Date.now), as a reload would; the test unmounts the old page when it should be gone from the document too.
 */
export function renderScreen(options: ScreenOptions): RenderedApp {
  endRenderedApps();
  window.localStorage.clear();
  if (!options.keepSessionStorage) window.sessionStorage.clear();
  const clock = new SimulatedClock();
  const now = vi.spyOn(Date, 'now').mockImplementation(() => wallClockStart + clock.now());
  const logic =
    options.sessionLogic ?? sessionLogicFor(options.session === undefined ? demoSession : options.session);
  const session = createActor(logic, { input: sessionInput, clock });
  session.start();
  const effects = options.effects ?? new Deferreds();
  let page: ReactElement;
  if ('routeTable' in options) {
    page = options.routeTable;
  } else {
    const routes = (
      <Routes>
        {typeof options.routes === 'function' ? options.routes({ effects, clock }) : options.routes}
      </Routes>
    );
    page = options.shell === false ? <main>{routes}</main> : <AppShell>{routes}</AppShell>;
  }
  const opened = new URL(options.path, 'http://localhost');
  const location = { path: opened.pathname, search: opened.search };
  const router: { navigate?: NavigateFunction } = {};
  const view = render(
    <VisibilityStyles>
      <MemoryRouter initialEntries={[options.path]}>
        <AppProviders session={session} botCheck={InstantBotCheck} locale={options.locale ?? 'en'}>
          {options.wrap ? options.wrap(page) : page}
          <LocationProbe into={location} router={router} />
        </AppProviders>
      </MemoryRouter>
    </VisibilityStyles>,
  );
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    session.stop();
    now.mockRestore();
  };
  endAfterTest(stop);
  return {
    user: userEvent.setup({ delay: null }),
    clock,
    session,
    effects,
    path: () => location.path,
    location,
    navigate: async (to) => {
      const { navigate } = router;
      if (!navigate) throw new Error('the app has not rendered its router yet');
      await act(async () => {
        if (typeof to === 'number') await navigate(to);
        else await navigate(to);
      });
    },
    view,
    stop,
  };
}

/**
 * Renders a part of a screen on its own (a form part, a row of buttons) with what it needs around it: the language
 * and the theme. No router, session or shell: a part that needs them is tested on its screen, through renderScreen.
 */
export function renderPart(part: ReactElement, { locale = 'en' }: { locale?: Locale } = {}): RenderResult {
  return render(part, {
    // A wrapper, not an element around `part`: `rerender` keeps the providers.
    wrapper: ({ children }) => (
      <VisibilityStyles>
        <LocaleProvider initialLocale={locale}>
          <ThemeProvider theme={theme}>{children}</ThemeProvider>
        </LocaleProvider>
      </VisibilityStyles>
    ),
  });
}

/** Resolves once the session holds the user, so what depends on the role has had its chance to appear. */
export async function untilSignedIn(app: RenderedApp): Promise<void> {
  await waitFor(() => expect(selectUser(app.session.getSnapshot())).not.toBeNull());
}

/**
 * Renders the app shell with the login route and a protected `/`, around a session actor created from `logic`
 * (the session machine with faked effects) on a SimulatedClock.
 */
export function renderApp(
  logic: typeof sessionMachine,
  effects: Deferreds,
  initialPath: string,
): RenderedApp {
  return renderScreen({
    path: initialPath,
    sessionLogic: logic,
    effects,
    routes: (
      <>
        <Route
          path="/login/:step?"
          element={
            <GuestOnly>
              <LoginScreen />
            </GuestOnly>
          }
        />
        <Route
          path="/"
          element={
            <RequireAuth area="dashboard">
              <SignedInStandIn />
            </RequireAuth>
          }
        />
      </>
    ),
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Checking what the screen shows

const main = () => screen.getByRole('main');

/**
 * Every accessible button of the page by its accessible name, from ONE role query: asking Testing Library once per
 * expected name computed every button's name and visibility again each time, most of the model tests' time.
 */
function buttonsByName(): (name: string) => HTMLButtonElement[] {
  let named: Map<string, HTMLButtonElement[]> | undefined;
  return (name) => {
    if (!named) {
      const found = new Map<string, HTMLButtonElement[]>();
      screen.queryAllByRole('button', {
        name: (accessibleName, element) => {
          if (element instanceof HTMLButtonElement) {
            found.set(accessibleName, [...(found.get(accessibleName) ?? []), element]);
          }
          return false;
        },
      });
      named = found;
    }
    return named.get(name) ?? [];
  };
}

/** Asserts everything `expected` says about the screen, waiting for React to catch up. */
export async function expectScreen(expected: ScreenExpectation, app: RenderedApp): Promise<void> {
  await waitFor(() => {
    if (!addressMatches(expected.path, app.path())) expect(app.path()).toBe(expected.path);
    const buttonsNamed = buttonsByName();
    if (expected.heading === null) {
      expect(within(main()).getByRole('progressbar')).toBeTruthy();
    } else {
      expect(within(main()).getByRole('heading', { level: 1 }).textContent).toBe(expected.heading);
    }
    if (expected.alert !== undefined) {
      const alerts = within(main())
        .queryAllByRole('alert')
        .map((el) => el.textContent);
      expect(alerts).toEqual(expected.alert === null ? [] : [expected.alert]);
    }
    if (expected.dialogs) {
      const open = screen.queryAllByRole('dialog').map((dialog) => {
        const labelId = dialog.getAttribute('aria-labelledby');
        return (
          (labelId ? document.getElementById(labelId)?.textContent : dialog.getAttribute('aria-label')) ?? ''
        );
      });
      expect(open.sort()).toEqual([...expected.dialogs].sort());
    }
    // The toast itself, not a heading of the page that happens to say the same words.
    if (expected.toast) {
      const toasts = screen.queryAllByText(expected.toast).filter((element) => !main().contains(element));
      expect(toasts, `toast "${expected.toast}"`).toHaveLength(1);
    }
    for (const name of expected.enabled ?? []) {
      const buttons = buttonsNamed(name);
      expect(buttons.length, `button "${name}"`).toBeGreaterThan(0);
      expect(
        buttons.some((button) => !button.disabled),
        `button "${name}" enabled`,
      ).toBe(true);
    }
    for (const name of expected.disabled ?? []) {
      const buttons = buttonsNamed(name);
      expect(buttons.length, `button "${name}"`).toBeGreaterThan(0);
      expect(
        buttons.every((button) => button.disabled),
        `button "${name}" disabled`,
      ).toBe(true);
    }
    for (const name of expected.absent ?? []) {
      // Dialog buttons may share a name with page buttons (the dialog's own "Sign out"); only the page counts.
      const outsideDialogs = buttonsNamed(name).filter((button) => !button.closest('[role="dialog"]'));
      expect(outsideDialogs, `button "${name}" absent`).toEqual([]);
    }
  });
  // SPEC §4: the expiry message appears once; a second copy would be a bug whatever the state.
  expect(screen.queryAllByText(texts.sessionExpired).length).toBeLessThanOrEqual(1);
}

// ---------------------------------------------------------------------------------------------------------------
// Running a path

/** How the tester sends each event of the machine's own union: a new event without one fails to compile. */
export type Executors<M extends AnyStateMachine> = {
  [K in EventFromLogic<M>['type']]: (
    app: RenderedApp,
    event: Extract<EventFromLogic<M>, { type: K }>,
  ) => Promise<void>;
};

export type PathRunner<M extends AnyStateMachine> = {
  /**
   * The journey's model exactly as tests/model/registry.ts lists it (the QA plan is printed from that object): `runPath`
   * refuses a copy, so a test cannot expect another screen than the plan prints.
   */
  model: Model<M>;
  executors: Executors<M>;
  /** The live snapshot of the machine under test (the login journey runs as the session's child). */
  live: (app: RenderedApp) => SnapshotFrom<M>;
  /** Steps that settle an actor some other way than answering its promise (the session's `login` child). */
  settleOther?: (app: RenderedApp, action: Extract<StepAction, { kind: 'actorDone' }>) => Promise<boolean>;
};

async function perform<M extends AnyStateMachine>(
  runner: PathRunner<M>,
  app: RenderedApp,
  action: StepAction,
) {
  switch (action.kind) {
    case 'start':
      return;
    case 'event': {
      // Sent by the screens themselves; the step only waits for it.
      if (action.auto) return;
      const executor = (
        runner.executors as Record<string, (app: RenderedApp, event: unknown) => Promise<void>>
      )[action.event.type];
      if (!executor) throw new Error(`no executor for ${action.event.type}`);
      await executor(app, action.event);
      return;
    }
    case 'actorDone':
      if (await runner.settleOther?.(app, action)) return;
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

/** Executes every step of `path` as a user (or the server) would, checking machine state and screen after each. */
export async function runPath<M extends AnyStateMachine>(
  runner: PathRunner<M>,
  path: ModelPath<SnapshotFrom<M>>,
  app: RenderedApp,
): Promise<void> {
  const { model } = runner;
  const registered = registry.find((entry) => entry.model.name === model.name)?.model;
  if (registered !== model) {
    throw new Error(
      `${model.name}: runPath takes the model tests/model/registry.ts lists, not a copy with other expectations ` +
        '(the QA plan prints what that model expects; put the expectation in its `screen`)',
    );
  }
  const screens = expectedScreens(model, path);
  for (const [index, step] of path.steps.entries()) {
    const where = `${path.id} step ${index}: ${step.action.says}`;
    try {
      await perform(runner, app, step.action);
      const next = path.steps[index + 1]?.action;
      // When the screens answer this state by themselves (an `auto` event), the machine may already be past it.
      if (!(next?.kind === 'event' && next.auto)) {
        await waitFor(() => expect(model.serialize(runner.live(app))).toBe(model.serialize(step.state)));
      }
      const expected = screens[index];
      if (expected) await expectScreen(expected, app);
    } catch (error) {
      if (error instanceof Error) error.message = `${where}\n${error.message}`;
      throw error;
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// One journey screen

/** The journey a screen runs (its root actor), as its `inspect` saw it last. */
export type JourneyCapture<A extends AnyActorRef> = {
  current: A | undefined;
  /** The journey's snapshot now; fails when the screen has started none. */
  snapshot: () => SnapshotFrom<A>;
};

/** An empty capture; `name` says which journey a failure was waiting for. */
export function journeyCapture<A extends AnyActorRef>(name: string): JourneyCapture<A> {
  const capture: JourneyCapture<A> = {
    current: undefined,
    snapshot: () => {
      if (!capture.current) throw new Error(`the screen runs no ${name}`);
      return capture.current.getSnapshot() as SnapshotFrom<A>;
    },
  };
  return capture;
}

/** What the screen under test is built with: the effects to fake its actors with, the clock, and its inspector. */
export type JourneyScreenTools = ScreenTools & {
  /** Pass it to the screen: it fills the capture and reports the journey's snapshots. */
  inspect: (event: InspectionEvent) => void;
};

export type JourneyScreenOptions<A extends AnyActorRef> = AppOptions & {
  /** Where the screen is mounted: one route's path, or the paths a layout route (the screen) holds. */
  route: string | readonly string[];
  screen: (tools: JourneyScreenTools) => ReactElement;
  journey: JourneyCapture<A>;
  /** Each snapshot of the journey, for tests that follow it from state to state. */
  onSnapshot?: (snapshot: SnapshotFrom<A>) => void;
  /** Other routes beside the screen's: stand-ins for the pages the journey leads to. */
  routes?: ReactNode;
  /** As renderScreen's: the app shell around the screen unless `false`, then a bare `<main>`. */
  shell?: boolean;
};

/**
 * Renders one journey screen behind `route` (renderScreen: in the app shell, signed in as the demo owner unless
 * said); the journey it starts is kept in `journey`, emptied first.
 */
export function renderJourneyScreen<A extends AnyActorRef>({
  route,
  screen: build,
  journey,
  onSnapshot,
  routes,
  ...app
}: JourneyScreenOptions<A>): RenderedApp {
  journey.current = undefined;
  const inspect = (event: InspectionEvent) => {
    if (event.actorRef.sessionId !== event.rootId) return;
    if (event.type === '@xstate.event') journey.current = event.actorRef as A;
    if (event.type === '@xstate.snapshot') onSnapshot?.(event.snapshot as SnapshotFrom<A>);
  };
  return renderScreen({
    ...app,
    routes: (tools) => {
      const element = build({ ...tools, inspect });
      return (
        <>
          {typeof route === 'string' ? (
            <Route path={route} element={element} />
          ) : (
            <Route element={element}>
              {route.map((one) => (
                <Route key={one} path={one} />
              ))}
            </Route>
          )}
          {routes}
        </>
      );
    },
  });
}

/** The Idempotency-Keys of a checkout journey (card order, plan checkout), for SPEC's one key per priced order. */
export type CheckoutKeys = {
  /** The key each freshly priced order was given. */
  priced: string[];
  /** Each payment's key, with the key of the order it paid. */
  payments: Array<{ sent: string; priced: string | undefined }>;
};

type KeyedSnapshot = { value: unknown; context: { idempotencyKey: string | null } };

/** Follows one rendering of a checkout (`pricing` → `reviewing` → `paying`) into `keys`: a reload follows afresh. */
export function followCheckoutKeys(keys: CheckoutKeys): (snapshot: KeyedSnapshot) => void {
  let previous: string | null = null;
  return (snapshot) => {
    const value = String(snapshot.value);
    if (value === 'reviewing' && previous === 'pricing' && snapshot.context.idempotencyKey) {
      keys.priced.push(snapshot.context.idempotencyKey);
    }
    if (value === 'paying' && previous !== 'paying') {
      keys.payments.push({ sent: snapshot.context.idempotencyKey ?? '', priced: keys.priced.at(-1) });
    }
    previous = value;
  };
}

/** Each priced order got a key of its own; every payment of an order, retries included, carried that order's key. */
export function expectOneKeyPerOrder(keys: CheckoutKeys): void {
  expect(new Set(keys.priced).size).toBe(keys.priced.length);
  for (const payment of keys.payments) {
    expect(payment.sent).toMatch(/^[0-9a-f-]{36}$/);
    expect(payment.sent).toBe(payment.priced);
  }
}
