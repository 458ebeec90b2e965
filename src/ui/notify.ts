import type { ToastOptions } from 'react-hot-toast';
import { theme } from './theme';

export type NoticeKind = 'default' | 'success' | 'warning' | 'danger';

/** SPEC §9: toasts sit bottom right and last 5 seconds. */
export const toastDurationMs = 5000;
export const toastPosition = 'bottom-right' as const;

/** Each kind's colours; tests/unit/toastColours.test.ts holds them to WCAG AA contrast. */
export const toastStyles: Record<NoticeKind, { background: string; color: string }> = {
  default: { background: theme.colors.text, color: theme.colors.surface },
  success: { background: theme.colors.success, color: theme.colors.onPrimary },
  warning: { background: theme.colors.warning, color: theme.colors.text },
  danger: { background: theme.colors.danger, color: theme.colors.onPrimary },
};

// The toast library is fetched with the first notice, so pages that never show one (a fresh /login) do not load it.
let library: Promise<typeof import('react-hot-toast')> | undefined;
export function loadToastLibrary() {
  library ??= import('react-hot-toast');
  return library;
}

let requested = false;
const listeners = new Set<() => void>();

/** For <ToastHost>: has any notice been asked for yet (then the toaster must be on the page)? */
export const toastRequests = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  requested: () => requested,
};

/**
 * Shows one toast (SPEC §9): any toast already on screen is dismissed first, so messages never pile up. Problems are
 * announced assertively (role="alert"), everything else politely (role="status"). Giving an `id` makes a repeat of
 * the same notice replace the one on screen instead of stacking.
 */
export function notify(kind: NoticeKind, message: string, extra: { id?: string } = {}): void {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  const urgent = kind === 'danger' || kind === 'warning';
  const options: ToastOptions = {
    ...extra,
    duration: toastDurationMs,
    position: toastPosition,
    style: toastStyles[kind],
    ariaProps: urgent
      ? { role: 'alert', 'aria-live': 'assertive' }
      : { role: 'status', 'aria-live': 'polite' },
  };
  void loadToastLibrary().then(({ toast }) => {
    toast.dismiss();
    switch (kind) {
      case 'success':
        toast.success(message, {
          ...options,
          iconTheme: { primary: theme.colors.onPrimary, secondary: theme.colors.success },
        });
        return;
      case 'danger':
        toast.error(message, {
          ...options,
          iconTheme: { primary: theme.colors.onPrimary, secondary: theme.colors.danger },
        });
        return;
      case 'warning':
      case 'default':
        toast(message, options);
        return;
    }
  });
}
