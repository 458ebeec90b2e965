/*
 * Two journeys share the address /plans/address (SPEC §2): the card order's shipping step and the plan checkout's
 * POS terminal step. The route table (src/app/routes.tsx) mounts both behind one layout and asks this small module,
 * which the lazily loaded screens also use, whose address it is when the page is opened there.
 */

/** Where the plan checkout keeps its progress (a machine snapshot and the address it was at). */
export const planCheckoutStorageKey = 'tameio.planCheckout';

/** The plan checkout left its progress at this address (so a reload there is the plan checkout's). */
export function planCheckoutStoredAt(pathname: string): boolean {
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(planCheckoutStorageKey) ?? 'null') as {
      path?: unknown;
    } | null;
    return stored?.path === pathname;
  } catch {
    return false;
  }
}

export type PlansJourney = 'plan' | 'card';

/**
 * Which journey an address belongs to. /plans/address belongs to the journey already on screen (it moved there
 * itself); opened afresh, to the plan checkout when that left its progress there, else to the card order.
 */
export function journeyAt(pathname: string, current: PlansJourney | null): PlansJourney {
  if (pathname === '/plans/address') return current ?? (planCheckoutStoredAt(pathname) ? 'plan' : 'card');
  if (pathname === '/plans/plan/checkout' || /^\/plans\/?$/.test(pathname)) return 'plan';
  if (/^\/plans\/(card-selection|card)\//.test(pathname) || pathname.startsWith('/cards/')) return 'card';
  return /^\/plans\/[^/]+\/?$/.test(pathname) ? 'plan' : 'card';
}
