import { createContext, useSyncExternalStore } from 'react';
import type { CoreBankingAccountsResponse } from '../../schemas/accounts.schema';
import type { UserInfo } from '../../schemas/auth.schema';
import { canAccess } from '../../schemas/permissions';

/*
 * The merchant's current account (issue 19, the header's account switcher): the account the user last chose or
 * opened, kept for the session of this tab. Sign-out clears session storage (src/app/actors.ts clearBrowserState), so
 * the next user of the browser starts from their own first account. Journeys that need an account to start from
 * (send money from the dashboard's quick actions) read it with `useCurrentAccount`.
 */

export const currentAccountStorageKey = 'tameio.currentAccount';

/**
 * Choosing opens the account's own page (/my-wallet/my-accounts/:accountType), which SPEC §6 keeps from employees and
 * viewers; the accounts are read only once the merchant is approved (the API answers 403 merchant_not_approved before).
 * Everyone else sees no switcher and the app makes no call for it.
 */
export function mayChooseAccount(user: UserInfo): boolean {
  return canAccess(user, 'my-accounts') && user.merchant.status === 'approved';
}

/** Where an account opens: its details, balances and top-up details. */
export const accountPath = (accountType: string) => `/my-wallet/my-accounts/${accountType}`;

/** Reads the merchant's accounts (GET /api/merchants/core_banking_accounts/); tests give their own. */
export type LoadAccounts = (signal: AbortSignal) => Promise<CoreBankingAccountsResponse>;

/** The switcher reads through the API client unless a test provides another reader here. */
export const AccountsServiceContext = createContext<LoadAccounts | undefined>(undefined);

const listeners = new Set<() => void>();
// Where storage is refused (a private window's quota, a locked-down browser) the choice lasts until the page reloads.
let inMemory: string | null = null;

function read(): string | null {
  try {
    return window.sessionStorage.getItem(currentAccountStorageKey);
  } catch {
    return inMemory;
  }
}

/** Makes `accountType` (`eur`, `usd`, ...) the current account for the rest of the session. */
export function chooseCurrentAccount(accountType: string): void {
  if (read() === accountType) return;
  inMemory = accountType;
  try {
    window.sessionStorage.setItem(currentAccountStorageKey, accountType);
  } catch {
    // Kept in memory instead (above).
  }
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The account type the user chose last in this session, or null before any choice. It may name an account the
 * merchant no longer holds: callers fall back to one they know is held.
 */
export function useCurrentAccount(): string | null {
  return useSyncExternalStore(subscribe, read, () => null);
}
