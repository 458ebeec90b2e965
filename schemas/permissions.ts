/**
 * One permission table for the browser's route guards and the server's endpoint checks (DESIGN.md principle 8).
 * SPEC §6: non-owner, non-viewer employees are sent to Overview from `restrictedForEmployees`; viewers from the
 * smaller `restrictedForViewers`. The browser only redirects; the server answers 403 for the same rules.
 */
export type EmployeeType = 'admin' | 'employee' | 'viewer';
export type Actor = { is_owner: boolean; employee_type: EmployeeType | null };

/** Every guarded area of the product, named as in SPEC §6. */
export const areas = [
  'overview',
  'dashboard',
  'analytics',
  'transactions',
  'plans',
  'card-selection',
  'delivery-address',
  'cards',
  'add-card',
  'add-physical-card',
  'add-physical-address',
  'my-employees',
  'add-employees',
  'beneficiaries',
  'create-beneficiary',
  'cashback',
  'my-wallet',
  'send-money',
  'request-money',
  'scheduled-payments',
  'qr-codes',
  'profile',
  'my-addresses',
  'my-accounts',
  'faq',
  'settings',
  'notifications',
] as const;
export type Area = (typeof areas)[number];

const restrictedForEmployees: ReadonlySet<Area> = new Set<Area>([
  'card-selection',
  'plans',
  'delivery-address',
  'add-card',
  'add-physical-card',
  'add-physical-address',
  'my-employees',
  'add-employees',
  'dashboard',
  'analytics',
  'beneficiaries',
  'create-beneficiary',
  'cashback',
  'my-wallet',
  'send-money',
  'request-money',
  'scheduled-payments',
  'qr-codes',
  'profile',
  'my-addresses',
  'my-accounts',
]);

const restrictedForViewers: ReadonlySet<Area> = new Set<Area>([
  'plans',
  'delivery-address',
  'add-card',
  'add-physical-card',
  'add-physical-address',
  'create-beneficiary',
  'send-money',
  'request-money',
  'profile',
  'my-addresses',
  'my-accounts',
]);

/** May this signed-in user use this area? Owners may use everything. */
export function canAccess(actor: Actor, area: Area): boolean {
  if (actor.is_owner) return true;
  if (actor.employee_type === 'viewer') return !restrictedForViewers.has(area);
  return !restrictedForEmployees.has(area);
}

/** Where the browser sends a user who may not use an area (SPEC §6). */
export const fallbackRoute = '/overview';
