import { useSyncExternalStore } from 'react';
import { theme } from '../ui/theme';

/**
 * Below tablet width: the exact complement of the `min-width: tablet` rules the styles use, so the script and the
 * styles never disagree at the boundary. Where the browser cannot tell (no matchMedia), the wide layout is shown.
 */
export const phoneQuery = `not all and (min-width: ${theme.breakpoints.tablet})`;

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const list = window.matchMedia(phoneQuery);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const isPhone = () => typeof window.matchMedia === 'function' && window.matchMedia(phoneQuery).matches;

/**
 * Whether the screen is phone-sized, following rotation and resizing. The shell renders either the sidebar or the
 * bottom bar, not both hidden by styles, so a screen reader and a test meet one main navigation.
 */
export function usePhoneLayout(): boolean {
  return useSyncExternalStore(subscribe, isPhone, () => false);
}
