import type { RenderedApp } from './harness';

/*
 * The browser's Back and Forward buttons in a rendered app: the router goes one entry back or forward in its history
 * (a POP, as the browser's buttons make), which the journeys answer with `nav.back` and `nav.forward`
 * (src/app/usePersistedJourney.ts).
 */

/** The harness opens addresses; a number is a move in the history, as the router's navigate takes it. */
const move = (app: RenderedApp, delta: number) => app.navigate(delta as unknown as string);

export const pressBack = (app: RenderedApp): Promise<void> => move(app, -1);
export const pressForward = (app: RenderedApp): Promise<void> => move(app, 1);

/** The fixtures of the two buttons, for a model's events. */
export const browserButtons = {
  back: { event: { type: 'nav.back' }, does: 'Press the browser’s Back button' },
  forward: { event: { type: 'nav.forward' }, does: 'Press the browser’s Forward button' },
} as const;
