/*
 * Where a multi-step journey (send money, request money, card order, plan checkout, onboarding) stands among its steps
 * and in the tab's history, so that the browser's Back and Forward move through the journey's steps and the machine
 * decides whether they may (src/app/usePersistedJourney.ts makes the history follow it).
 *
 * Each journey names its steps in order. Reaching a later step is a new history entry; going back to an earlier step
 * (a "Change" button, or the server refusing a choice) returns to that step's entry, or takes the place of the entry of
 * a later step when the journey started past it. So the steps behind are always in the journey's order, and Back
 * (`nav.back`) goes to the last of them, Forward (`nav.forward`) to the step Back left, as long as the journey still
 * holds what that step needs.
 */

/** The journey's place: its step, and the steps of its history entries behind and ahead (nearest last). */
export type JourneyNav<TStep extends string> = {
  /** The step the address shows; null until the journey has one (while it opens and loads). */
  at: TStep | null;
  /** The steps of the entries behind, in the journey's order: Back goes to the last one. */
  behind: TStep[];
  /** The steps Back left, the nearest last: Forward goes to it. */
  ahead: TStep[];
  /** Counts the journey's starts: a journey started again ("Order another card") has a history of its own. */
  run: number;
};

export type NavEvent = { type: 'nav.back' } | { type: 'nav.forward' };

export function startNav<TStep extends string>(): JourneyNav<TStep> {
  return { at: null, behind: [], ahead: [] as TStep[], run: 0 };
}

/** The journey starts again: a new history, counted as a new run. */
export function restartNav<TStep extends string>(nav: JourneyNav<TStep>): JourneyNav<TStep> {
  return { at: null, behind: [], ahead: [], run: nav.run + 1 };
}

/**
 * The journey reaches `step` on its own course (not by Back or Forward): a later step is a new entry, an earlier one
 * goes back to the entries before it. Forward has nothing left to go to either way.
 */
export function arriveAt<TStep extends string>(
  order: readonly TStep[],
  nav: JourneyNav<TStep>,
  step: TStep,
): JourneyNav<TStep> {
  if (nav.at === step) return nav;
  if (nav.at === null) return { ...nav, at: step, ahead: [] };
  const rank = (one: TStep) => order.indexOf(one);
  if (rank(step) > rank(nav.at)) return { ...nav, at: step, behind: [...nav.behind, nav.at], ahead: [] };
  return { ...nav, at: step, behind: nav.behind.filter((one) => rank(one) < rank(step)), ahead: [] };
}

/** Back: the entry behind becomes the step; the step left is ahead. */
export function navBack<TStep extends string>(nav: JourneyNav<TStep>): JourneyNav<TStep> {
  const to = nav.behind.at(-1);
  if (to === undefined || nav.at === null) return nav;
  return { ...nav, at: to, behind: nav.behind.slice(0, -1), ahead: [...nav.ahead, nav.at] };
}

/** Forward: the step Back left becomes the step again. */
export function navForward<TStep extends string>(nav: JourneyNav<TStep>): JourneyNav<TStep> {
  const to = nav.ahead.at(-1);
  if (to === undefined || nav.at === null) return nav;
  return { ...nav, at: to, behind: [...nav.behind, nav.at], ahead: nav.ahead.slice(0, -1) };
}

/** Whether Back would go to `step`. */
export const backTo = <TStep extends string>(nav: JourneyNav<TStep>, step: TStep): boolean =>
  nav.behind.at(-1) === step;

/** Whether Forward would go to `step`. */
export const forwardTo = <TStep extends string>(nav: JourneyNav<TStep>, step: TStep): boolean =>
  nav.ahead.at(-1) === step;
