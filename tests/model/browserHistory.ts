import type { RenderedApp } from './harness';

/*
 * The browser's Back and Forward buttons in a rendered app: the router goes one entry back or forward in its history
 * (a POP, as the browser's buttons make), which the journeys answer with `nav.back` and `nav.forward`
 * (src/app/usePersistedJourney.ts).
 */

/** The harness's navigate takes a number as a move in the history, as the router's navigate does. */
export const pressBack = (app: RenderedApp): Promise<void> => app.navigate(-1);
export const pressForward = (app: RenderedApp): Promise<void> => app.navigate(1);

/** The fixtures of the two buttons, for a model's events. */
export const browserButtons = {
  back: { event: { type: 'nav.back' }, does: 'Press the browser’s Back button' },
  forward: { event: { type: 'nav.forward' }, does: 'Press the browser’s Forward button' },
} as const;
