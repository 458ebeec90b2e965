/** SPEC §2: the last visited protected URL is remembered (for the session of this tab), defaulting to `/`. */
export const returnToStorageKey = 'tameio.returnTo';
export const defaultReturnTo = '/';

export function rememberReturnTo(url: string): void {
  try {
    window.sessionStorage.setItem(returnToStorageKey, url);
  } catch {
    // Without storage the user lands on the default page after signing in; nothing else depends on it.
  }
}

/** The remembered URL; only same-origin paths are honoured, so a crafted value cannot send the user elsewhere. */
export function readReturnTo(): string {
  try {
    const stored = window.sessionStorage.getItem(returnToStorageKey);
    if (stored && stored.startsWith('/') && !stored.startsWith('//') && !stored.startsWith('/login'))
      return stored;
  } catch {
    // Fall through to the default.
  }
  return defaultReturnTo;
}
