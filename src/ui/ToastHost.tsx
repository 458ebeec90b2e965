import { lazy, Suspense, useSyncExternalStore } from 'react';
import { loadToastLibrary, toastDurationMs, toastPosition, toastRequests } from './notify';

const Toaster = lazy(() => loadToastLibrary().then((module) => ({ default: module.Toaster })));

/** Where toasts appear; mounted with the first notice (see notify), then stays. */
export function ToastHost() {
  const requested = useSyncExternalStore(
    toastRequests.subscribe,
    toastRequests.requested,
    toastRequests.requested,
  );
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      {/* Above the phone's bottom navigation while it shows (src/app/BottomBar.tsx sets the offset). */}
      <Toaster
        position={toastPosition}
        toastOptions={{ duration: toastDurationMs }}
        containerStyle={{ bottom: 'calc(16px + var(--bottom-bar-offset, 0px))' }}
      />
    </Suspense>
  );
}
