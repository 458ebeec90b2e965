/**
 * What each rendering of the app must end after its test (harness.tsx registers it, setup.ts calls it): its session
 * actor, whose timers would otherwise run on, and the Date.now it changed. A module of its own, so that setup.ts does
 * not load the app to use it.
 */
const ends = new Set<() => void>();

export function endAfterTest(end: () => void): void {
  ends.add(end);
}

export function endRenderedApps(): void {
  for (const end of ends) end();
  ends.clear();
}
