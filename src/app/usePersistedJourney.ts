import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useNavigationType, type Location } from 'react-router';
import type {
  Actor,
  ActorOptions,
  AnyActorLogic,
  AnyStateMachine,
  EventFromLogic,
  InputFrom,
  InspectionEvent,
  Observer,
  Snapshot,
  SnapshotFrom,
} from 'xstate';
import type { JourneyNav } from '../../machines/journeyNav';
import { useJourneyActor } from './inspection';

/*
 * Journeys survive Back, Forward and reload (docs/engineering.md "Front end"):
 *
 * - The step lives in the address and in the tab's history: each step the machine reaches is a history entry (the
 *   machine's `nav`, machines/journeyNav.ts, says which), so the browser's Back and Forward land on the journey's own
 *   entries. They are sent to the machine as `nav.back` and `nav.forward`, and the machine decides: where it refuses
 *   (paying, a placed order) the history is moved back to the step it stays on. The address follows the machine.
 * - The machine's snapshot is kept for the tab in sessionStorage with the address it was at, and a reload there starts
 *   the machine from it (`createActor(logic, { snapshot })`): a request it was waiting for is sent again with the same
 *   input, Idempotency-Key included, so it cannot pay twice. A journey says which snapshots are worth keeping; a
 *   finished one is dropped.
 * - Leaving a journey with money on it by a link (the navigation, a link on the page) asks first; Back between its
 *   steps does not.
 */

/** The marker this journey puts in each history entry it makes: which run of which journey, and which step entry. */
type Entry = { id: string; index: number };
const entryKey = 'tameioJourney';

function entryOf(state: unknown): Entry | null {
  if (!state || typeof state !== 'object' || !(entryKey in state)) return null;
  const entry = (state as Record<string, unknown>)[entryKey];
  if (!entry || typeof entry !== 'object') return null;
  const { id, index } = entry as Partial<Entry>;
  return typeof id === 'string' && typeof index === 'number' ? { id, index } : null;
}

/** What a journey keeps in sessionStorage: its id, the address it was at, and the machine's persisted snapshot. */
type Stored = { id: string; path: string | null; snapshot: Snapshot<unknown> };

function readStored(storageKey: string): Stored | null {
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(storageKey) ?? 'null') as Partial<Stored> | null;
    if (!stored || typeof stored.id !== 'string' || typeof stored.snapshot !== 'object' || !stored.snapshot)
      return null;
    return {
      id: stored.id,
      path: typeof stored.path === 'string' ? stored.path : null,
      snapshot: stored.snapshot,
    };
  } catch {
    return null;
  }
}

/** Forgets a journey's stored snapshot: it ended, or the user left it or started it afresh. */
export function forgetJourney(storageKey: string): void {
  try {
    window.sessionStorage.removeItem(storageKey);
  } catch {
    // Storage off: nothing was kept.
  }
}

const addressOf = (location: Pick<Location, 'pathname' | 'search'>) => location.pathname + location.search;

type InspectionObserver = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

export type PersistedJourneyOptions<TMachine extends AnyStateMachine> = {
  /** Where the journey keeps its snapshot in sessionStorage (one journey of a kind per tab). */
  storageKey: string;
  input: InputFrom<TMachine>;
  inspect?: InspectionObserver | undefined;
  clock?: ActorOptions<AnyActorLogic>['clock'] | undefined;
  /** The address of the journey's step now (path and query); null until it has one (while it opens). */
  pathOf: (snapshot: SnapshotFrom<TMachine>) => string | null;
  /** The machine's place among its steps (machines/journeyNav.ts). */
  navOf: (snapshot: SnapshotFrom<TMachine>) => JourneyNav<string>;
  /** Whether a reload should take this snapshot up again; when not, the stored one is dropped (the journey ended). */
  keep: (snapshot: SnapshotFrom<TMachine>) => boolean;
  /** A step whose snapshot is not kept: a reload there takes up the last one kept before it. */
  holdWhile?: (snapshot: SnapshotFrom<TMachine>) => boolean;
  /** Money is on the journey and not yet paid: leaving it by a link asks first. */
  atStake: (snapshot: SnapshotFrom<TMachine>) => boolean;
  /** Back or Forward went to an address of the screen this journey did not make (an earlier run): start afresh. */
  onForeignEntry: () => void;
  /** Started afresh while the screen stays (`useJourneyRestarts`): what was kept is not taken up. */
  fresh: boolean;
};

export type PersistedJourney<TMachine extends AnyStateMachine> = {
  journey: Actor<TMachine>;
  /** The address a link was about to open while money is on the journey: the screen asks before going there. */
  leaving: string | null;
  /** Leaves for that address, forgetting the journey. */
  leave: () => void;
  /** Stays on the journey. */
  stay: () => void;
};

/**
 * Starts a journey's machine for a screen, taken up again from the tab's sessionStorage when the page is reloaded at
 * the address it was left at (or Back or Forward return to one of its entries), with its steps in the history.
 */
export function usePersistedJourney<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: PersistedJourneyOptions<TMachine>,
): PersistedJourney<TMachine> {
  const { storageKey, pathOf, navOf, keep, holdWhile, atStake } = options;
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();

  const [boot] = useState(() => {
    const stored = readStored(storageKey);
    const entry = entryOf(location.state);
    // Its own entry (Back or Forward into it, or a reload that kept the history), or a reload without one.
    const ours = stored && (entry ? entry.id.startsWith(`${stored.id}.`) : navigationType === 'POP');
    if (!options.fresh && stored && ours && stored.path === addressOf(location)) {
      try {
        // A snapshot of an older version of the journey, which the machine cannot take up, is dropped.
        machine.resolveState(stored.snapshot as Parameters<TMachine['resolveState']>[0]);
        return { id: stored.id, snapshot: stored.snapshot };
      } catch {
        // Dropped below with a fresh start.
      }
    }
    return { id: globalThis.crypto.randomUUID(), snapshot: undefined };
  });

  const journey = useJourneyActor(machine as AnyStateMachine, {
    input: options.input,
    ...(boot.snapshot ? { snapshot: boot.snapshot } : {}),
    ...(options.inspect ? { inspect: options.inspect } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  }) as Actor<TMachine>;

  const here = useRef(location);
  // The router's navigate changes with the address; the history is followed through the latest one.
  const go = useRef(navigate);
  useLayoutEffect(() => {
    here.current = location;
    go.current = navigate;
  }, [location, navigate]);

  /** The index our own `navigate(delta)` is travelling to; until it lands, nothing else moves the history. */
  const travelling = useRef<number | null>(null);
  /** The index of the journey's entry the tab is on. */
  const onIndex = useRef<number | null>(null);
  /** Set while Back or Forward is being answered by the machine. */
  const answering = useRef(false);

  const runOf = useCallback((nav: JourneyNav<string>) => `${boot.id}.${nav.run}`, [boot.id]);

  /** Makes the history follow the machine; after Back or Forward the machine refused, moves it back. */
  const follow = useCallback(
    (afterTravel: boolean) => {
      if (travelling.current !== null) return;
      const snapshot = journey.getSnapshot();
      const path = pathOf(snapshot);
      if (path === null) return;
      const nav = navOf(snapshot);
      const want = nav.behind.length;
      const state = { [entryKey]: { id: runOf(nav), index: want } satisfies Entry };
      const at = here.current;
      const entry = entryOf(at.state);
      if (!entry || entry.id !== runOf(nav)) {
        // The journey's first step takes the place of the address it was opened at.
        onIndex.current = want;
        void go.current(path, { replace: true, state });
        return;
      }
      const delta = want - entry.index;
      if (delta === 0) {
        onIndex.current = want;
        if (addressOf(at) !== path) void go.current(path, { replace: true, state });
      } else if (delta < 0 || afterTravel) {
        travelling.current = want;
        void go.current(delta);
      } else {
        onIndex.current = want;
        void go.current(path, { state });
      }
    },
    [journey, navOf, pathOf, runOf],
  );

  useEffect(() => {
    const subscription = journey.subscribe((snapshot) => {
      try {
        if (holdWhile?.(snapshot)) {
          // The snapshot kept before this step stays.
        } else if (keep(snapshot)) {
          const stored: Stored = {
            id: boot.id,
            path: pathOf(snapshot),
            snapshot: journey.getPersistedSnapshot(),
          };
          window.sessionStorage.setItem(storageKey, JSON.stringify(stored));
        } else forgetJourney(storageKey);
      } catch {
        // Storage full or off: the journey simply starts afresh after a reload.
      }
      if (!answering.current) follow(false);
    });
    follow(false);
    return () => subscription.unsubscribe();
  }, [journey, boot.id, follow, keep, holdWhile, pathOf, storageKey]);

  const seenKey = useRef(location.key);
  useEffect(() => {
    if (seenKey.current === location.key) return;
    seenKey.current = location.key;
    const entry = entryOf(location.state);
    if (travelling.current !== null) {
      // Our own travel landed (or the user moved on meanwhile): take it from where the tab is.
      if (entry) onIndex.current = entry.index;
      travelling.current = null;
      follow(false);
      return;
    }
    const nav = navOf(journey.getSnapshot());
    if (navigationType !== 'POP') return;
    if (!entry || entry.id !== runOf(nav)) {
      options.onForeignEntry();
      return;
    }
    if (onIndex.current === null) return;
    const delta = entry.index - onIndex.current;
    if (delta === 0) return;
    onIndex.current = entry.index;
    answering.current = true;
    try {
      // Back or Forward by several entries at once (the browser's history menu) is that many steps, while the
      // machine takes them.
      for (let step = 0; step < Math.abs(delta); step++) {
        const before = journey.getSnapshot();
        journey.send({ type: delta < 0 ? 'nav.back' : 'nav.forward' } as EventFromLogic<TMachine>);
        if (journey.getSnapshot() === before) break;
      }
    } finally {
      answering.current = false;
    }
    onIndex.current = entry.index;
    follow(true);
    // Only a change of entry is news here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  const stake = useSelector(journey, atStake);
  const [leaving, setLeaving] = useState<string | null>(null);
  useEffect(() => {
    if (!stake) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute('download')) return;
      if (anchor.target && anchor.target !== '_self') return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      // Before the router's own handler sees the click: the link waits for the answer.
      event.preventDefault();
      event.stopPropagation();
      setLeaving(url.pathname + url.search + url.hash);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [stake]);

  const leave = useCallback(() => {
    if (leaving === null) return;
    setLeaving(null);
    forgetJourney(storageKey);
    void navigate(leaving);
  }, [leaving, navigate, storageKey]);
  const stay = useCallback(() => setLeaving(null), []);

  return { journey, leaving, leave, stay };
}

/**
 * Counts the journey's fresh starts for a screen that keys its journey on it: a link or the navigation opening one of
 * the journey's addresses while it runs (not the journey's own steps, nor Back and Forward) starts it afresh there;
 * `restart` does so when Back or Forward reach an address of the screen the journey did not make.
 */
export function useJourneyRestarts(): { run: number; restart: () => void } {
  const location = useLocation();
  const navigationType = useNavigationType();
  const [seen, setSeen] = useState({ key: location.key, run: 0 });
  const restart = useCallback(() => setSeen((last) => ({ ...last, run: last.run + 1 })), []);
  if (seen.key !== location.key) {
    const fresh = navigationType !== 'POP' && entryOf(location.state) === null;
    setSeen({ key: location.key, run: seen.run + (fresh ? 1 : 0) });
  }
  return { run: seen.run, restart };
}
